DROP INDEX "messages_tool_call_idx";--> statement-breakpoint
DROP INDEX "sessions_key_idx";--> statement-breakpoint
CREATE INDEX "messages_tool_call_idx" ON "messages" USING btree ("session_id","tool_call_id") WHERE "messages"."tool_call_id" is not null;--> statement-breakpoint
CREATE INDEX "sessions_key_idx" ON "sessions" USING btree ("session_key","updated_at") WHERE "sessions"."session_key" is not null;
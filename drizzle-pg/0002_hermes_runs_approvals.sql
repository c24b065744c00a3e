CREATE TABLE "approval_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"session_id" text,
	"tool" text NOT NULL,
	"match_key" text NOT NULL,
	"added_by" text NOT NULL,
	"interrupt_id" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "cache_read_tokens" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "cache_write_tokens" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ended_at" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "session_key" text;--> statement-breakpoint
ALTER TABLE "approval_grants" ADD CONSTRAINT "approval_grants_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_grants_key_idx" ON "approval_grants" USING btree ("match_key","scope");--> statement-breakpoint
CREATE INDEX "approval_grants_session_idx" ON "approval_grants" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_key_idx" ON "sessions" USING btree ("session_key","updated_at");
CREATE TABLE "private_values" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"value" text NOT NULL,
	"origins_json" text DEFAULT '[]' NOT NULL,
	"source" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interrupts" ADD COLUMN "guard_json" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provenance_json" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "untrusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "fence_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "private_values" ADD CONSTRAINT "private_values_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "private_values_session_idx" ON "private_values" USING btree ("session_id","created_at");--> statement-breakpoint
UPDATE "sessions" SET "fence_id" = substr(md5(random()::text || "id"), 1, 16) WHERE "fence_id" = '';--> statement-breakpoint
UPDATE "messages" SET "untrusted" = true, "provenance_json" = '{"trusted":false,"sources":[{"kind":"page","source":"stored before provenance was recorded","origin":null}]}' WHERE "role" = 'tool' AND ("name" LIKE 'browser\_%' ESCAPE '\' OR "name" LIKE 'mcp\_\_%' ESCAPE '\');

CREATE TABLE "job_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"run_id" text,
	"session_id" text,
	"trigger" text NOT NULL,
	"fired_at" bigint NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner" text,
	"key_id" text,
	"prompt" text NOT NULL,
	"schedule_json" text NOT NULL,
	"session_mode" text NOT NULL,
	"session_id" text,
	"config_json" text DEFAULT '{}' NOT NULL,
	"enabled" boolean NOT NULL,
	"max_runs" bigint,
	"runs_fired" bigint DEFAULT 0 NOT NULL,
	"overlap" text NOT NULL,
	"catch_up" text NOT NULL,
	"metadata_json" text DEFAULT '{}' NOT NULL,
	"deliver" text DEFAULT 'local' NOT NULL,
	"skills_json" text DEFAULT '[]' NOT NULL,
	"next_run_at" bigint,
	"queued" boolean DEFAULT false NOT NULL,
	"last_run_at" bigint,
	"last_status" text,
	"last_error" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" text NOT NULL,
	"status" text NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"last_response_code" bigint,
	"last_error" text,
	"next_attempt_at" bigint,
	"created_at" bigint NOT NULL,
	"delivered_at" bigint
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text,
	"key_id" text,
	"url" text NOT NULL,
	"events_json" text NOT NULL,
	"description" text,
	"secret" text NOT NULL,
	"enabled" boolean NOT NULL,
	"disabled_reason" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job_id","fired_at");--> statement-breakpoint
CREATE INDEX "job_runs_run_idx" ON "job_runs" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("enabled","next_run_at");--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("owner","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_hook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhooks_owner_idx" ON "webhooks" USING btree ("owner","created_at");
CREATE TABLE `job_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`run_id` text,
	`session_id` text,
	`trigger` text NOT NULL,
	`fired_at` integer NOT NULL,
	`error` text,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `job_runs_job_idx` ON `job_runs` (`job_id`,`fired_at`);--> statement-breakpoint
CREATE INDEX `job_runs_run_idx` ON `job_runs` (`run_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner` text,
	`key_id` text,
	`prompt` text NOT NULL,
	`schedule_json` text NOT NULL,
	`session_mode` text NOT NULL,
	`session_id` text,
	`config_json` text DEFAULT '{}' NOT NULL,
	`enabled` integer NOT NULL,
	`max_runs` integer,
	`runs_fired` integer DEFAULT 0 NOT NULL,
	`overlap` text NOT NULL,
	`catch_up` text NOT NULL,
	`metadata_json` text DEFAULT '{}' NOT NULL,
	`deliver` text DEFAULT 'local' NOT NULL,
	`skills_json` text DEFAULT '[]' NOT NULL,
	`next_run_at` integer,
	`queued` integer DEFAULT false NOT NULL,
	`last_run_at` integer,
	`last_status` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`enabled`,`next_run_at`);--> statement-breakpoint
CREATE INDEX `jobs_owner_idx` ON `jobs` (`owner`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`webhook_id` text NOT NULL,
	`event_type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_response_code` integer,
	`last_error` text,
	`next_attempt_at` integer,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_hook_idx` ON `webhook_deliveries` (`webhook_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`owner` text,
	`key_id` text,
	`url` text NOT NULL,
	`events_json` text NOT NULL,
	`description` text,
	`secret` text NOT NULL,
	`enabled` integer NOT NULL,
	`disabled_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhooks_owner_idx` ON `webhooks` (`owner`,`created_at`);
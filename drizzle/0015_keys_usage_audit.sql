CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner` text NOT NULL,
	`scopes_json` text NOT NULL,
	`secret_hash` text NOT NULL,
	`start` text NOT NULL,
	`limits_json` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`last_used_at` integer,
	`created_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret_idx` ON `api_keys` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_owner_idx` ON `api_keys` (`owner`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`action` text NOT NULL,
	`key_id` text,
	`owner` text,
	`resource_type` text,
	`resource_id` text,
	`status` integer,
	`request_id` text,
	`detail_json` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_key_idx` ON `audit_log` (`key_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE TABLE `model_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`purpose` text NOT NULL,
	`model` text NOT NULL,
	`owner` text,
	`key_id` text,
	`session_id` text,
	`run_id` text,
	`input_tokens` integer NOT NULL,
	`cached_input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer NOT NULL,
	`reasoning_tokens` integer DEFAULT 0 NOT NULL,
	`estimated` integer DEFAULT false NOT NULL,
	`cost_usd` real,
	`saved_tokens` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `model_calls_created_idx` ON `model_calls` (`created_at`);--> statement-breakpoint
CREATE INDEX `model_calls_key_idx` ON `model_calls` (`key_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `model_calls_owner_idx` ON `model_calls` (`owner`,`created_at`);--> statement-breakpoint
CREATE INDEX `model_calls_run_idx` ON `model_calls` (`run_id`);--> statement-breakpoint
CREATE INDEX `model_calls_session_idx` ON `model_calls` (`session_id`);--> statement-breakpoint
ALTER TABLE `approval_grants` ADD `owner` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `key_id` text;--> statement-breakpoint
CREATE INDEX `runs_key_active_idx` ON `runs` (`key_id`) WHERE status in ('running', 'requires_action');--> statement-breakpoint
ALTER TABLE `sessions` ADD `owner` text;--> statement-breakpoint
CREATE INDEX `sessions_owner_idx` ON `sessions` (`owner`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `ui_sessions` ADD `key_id` text;
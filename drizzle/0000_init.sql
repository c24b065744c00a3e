CREATE TABLE `anchors` (
	`session_id` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`count` integer NOT NULL,
	`first_seq` integer NOT NULL,
	`last_seq` integer NOT NULL,
	PRIMARY KEY(`session_id`, `kind`, `value`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dialog_history` (
	`row_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`dialog_id` text NOT NULL,
	`type` text NOT NULL,
	`message` text NOT NULL,
	`default_prompt` text,
	`frame_id` text,
	`opened_at` integer NOT NULL,
	`closed_at` integer NOT NULL,
	`closed_by` text NOT NULL,
	`action` text,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dialog_history_session_idx` ON `dialog_history` (`session_id`,`row_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`type` text NOT NULL,
	`data_json` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `events_session_idx` ON `events` (`session_id`,`id`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer NOT NULL,
	`headers_json` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_expiry_idx` ON `idempotency_keys` (`expires_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`seq` integer NOT NULL,
	`role` text NOT NULL,
	`content_json` text NOT NULL,
	`tool_calls_json` text,
	`tool_call_id` text,
	`name` text,
	`tokens` integer NOT NULL,
	`in_context` integer DEFAULT true NOT NULL,
	`kind` text DEFAULT 'message' NOT NULL,
	`position` real NOT NULL,
	`override_json` text,
	`override_tokens` integer,
	`search_text` text DEFAULT '' NOT NULL,
	`run_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_session_seq_idx` ON `messages` (`session_id`,`seq`);--> statement-breakpoint
CREATE INDEX `messages_context_idx` ON `messages` (`session_id`,`in_context`,`position`);--> statement-breakpoint
CREATE INDEX `messages_tool_call_idx` ON `messages` (`session_id`,`tool_call_id`);--> statement-breakpoint
CREATE TABLE `runs` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`status` text NOT NULL,
	`iterations` integer DEFAULT 0 NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`total_tokens` integer DEFAULT 0 NOT NULL,
	`compressed` integer DEFAULT false NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `runs_session_idx` ON `runs` (`session_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `runs_status_idx` ON `runs` (`status`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text,
	`model` text,
	`system_prompt` text,
	`system_prompt_tokens` integer DEFAULT 0 NOT NULL,
	`config_json` text DEFAULT '{}' NOT NULL,
	`derived_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`next_seq` integer DEFAULT 1 NOT NULL,
	`message_count` integer DEFAULT 0 NOT NULL,
	`context_tokens` integer DEFAULT 0 NOT NULL,
	`context_message_count` integer DEFAULT 0 NOT NULL,
	`compression_count` integer DEFAULT 0 NOT NULL,
	`last_prompt_tokens` integer DEFAULT 0 NOT NULL,
	`last_completion_tokens` integer DEFAULT 0 NOT NULL,
	`engine_state_json` text DEFAULT '{}' NOT NULL,
	`browser_url` text
);
--> statement-breakpoint
CREATE INDEX `sessions_created_idx` ON `sessions` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sessions_derived_idx` ON `sessions` (`derived_key`);--> statement-breakpoint
CREATE TABLE `summaries` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	`from_seq` integer NOT NULL,
	`to_seq` integer NOT NULL,
	`tokens_before` integer NOT NULL,
	`tokens_after` integer NOT NULL,
	`model` text,
	`focus_topic` text,
	`fallback_used` integer DEFAULT false NOT NULL,
	`message_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `summaries_session_version_idx` ON `summaries` (`session_id`,`version`);--> statement-breakpoint
CREATE TABLE `tool_calls` (
	`session_id` text NOT NULL,
	`call_id` text NOT NULL,
	`message_seq` integer NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`session_id`, `call_id`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);

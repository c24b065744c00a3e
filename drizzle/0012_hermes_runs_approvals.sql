CREATE TABLE `approval_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`session_id` text,
	`tool` text NOT NULL,
	`match_key` text NOT NULL,
	`added_by` text NOT NULL,
	`interrupt_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `approval_grants_key_idx` ON `approval_grants` (`match_key`,`scope`);--> statement-breakpoint
CREATE INDEX `approval_grants_session_idx` ON `approval_grants` (`session_id`);--> statement-breakpoint
ALTER TABLE `runs` ADD `cache_read_tokens` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `cache_write_tokens` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `end_reason` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `ended_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `session_key` text;--> statement-breakpoint
CREATE INDEX `sessions_key_idx` ON `sessions` (`session_key`,`updated_at`);
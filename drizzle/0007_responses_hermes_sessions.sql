CREATE TABLE `message_anchors` (
	`session_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`session_id`, `seq`, `kind`, `value`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `responses` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`run_id` text NOT NULL,
	`previous_response_id` text,
	`conversation` text,
	`instructions` text,
	`stored` integer NOT NULL,
	`metadata_json` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `responses_session_idx` ON `responses` (`session_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `responses_run_idx` ON `responses` (`run_id`);--> statement-breakpoint
ALTER TABLE `messages` ADD `reasoning` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `source` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `pinned` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `archived` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `parent_session_id` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `anchors_indexed` integer DEFAULT false NOT NULL;
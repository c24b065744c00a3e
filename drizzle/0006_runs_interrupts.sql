CREATE TABLE `interrupts` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`run_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`tool` text,
	`tool_call_id` text,
	`arguments_json` text,
	`tool_calls_json` text,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`answered_at` integer,
	`answered_by` text,
	`decision` text,
	`reason` text,
	`outputs_json` text,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `interrupts_run_idx` ON `interrupts` (`run_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `interrupts_session_status_idx` ON `interrupts` (`session_id`,`status`);--> statement-breakpoint
CREATE TABLE `run_steers` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`session_id` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	`taken_seq` integer,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `run_steers_run_idx` ON `run_steers` (`run_id`,`taken_seq`);--> statement-breakpoint
ALTER TABLE `events` ADD `run_id` text;--> statement-breakpoint
CREATE INDEX `events_run_idx` ON `events` (`run_id`,`id`);--> statement-breakpoint
ALTER TABLE `runs` ADD `model` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `background` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `client_tools_json` text;
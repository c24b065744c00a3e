CREATE TABLE `message_images` (
	`session_id` text NOT NULL,
	`id` text NOT NULL,
	`seq` integer NOT NULL,
	`ordinal` integer NOT NULL,
	`mime_type` text NOT NULL,
	`bytes` blob NOT NULL,
	`byte_length` integer NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`session_id`, `id`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_images_row_idx` ON `message_images` (`session_id`,`seq`,`ordinal`);
CREATE TABLE `private_values` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`value` text NOT NULL,
	`origins_json` text DEFAULT '[]' NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `private_values_session_idx` ON `private_values` (`session_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `interrupts` ADD `guard_json` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `provenance_json` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `untrusted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `fence_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `sessions` SET `fence_id` = lower(hex(randomblob(8))) WHERE `fence_id` = '';--> statement-breakpoint
UPDATE `messages` SET `untrusted` = 1, `provenance_json` = '{"trusted":false,"sources":[{"kind":"page","source":"stored before provenance was recorded","origin":null}]}' WHERE `role` = 'tool' AND (`name` LIKE 'browser\_%' ESCAPE '\' OR `name` LIKE 'mcp\_\_%' ESCAPE '\');

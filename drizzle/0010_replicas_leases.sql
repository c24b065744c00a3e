CREATE TABLE `browser_leases` (
	`session_id` text PRIMARY KEY NOT NULL,
	`replica_id` text NOT NULL,
	`acquired_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `replicas` (
	`id` text PRIMARY KEY NOT NULL,
	`internal_url` text,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `runs` ADD `replica_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `runs_one_active_idx` ON `runs` (`session_id`) WHERE status in ('running', 'requires_action');--> statement-breakpoint
CREATE INDEX `runs_replica_idx` ON `runs` (`replica_id`);
CREATE TABLE `ui_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`csrf_token` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ui_sessions_expiry_idx` ON `ui_sessions` (`expires_at`);
-- An Idempotency-Key used to be recorded only once its response was sent, so a retry of a run whose
-- process died mid-flight ran (and stored its user message) again. The key is now claimed in the
-- transaction that stores the run and its user message: `run_id` names that run, and the response
-- columns stay null until it answers. SQLite cannot drop NOT NULL in place, hence the table rebuild;
-- existing rows are all answered ones and keep a null run_id (the SELECT lists only the old columns,
-- drizzle-kit's generated one also read the new `run_id` from the old table). The foreign_keys
-- pragmas are no-ops inside the migration transaction; openDatabase turns the keys off around it.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_idempotency_keys` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`run_id` text,
	`status` integer,
	`headers_json` text,
	`body` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`scope`, `key`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_idempotency_keys`("scope", "key", "request_hash", "status", "headers_json", "body", "created_at", "expires_at") SELECT "scope", "key", "request_hash", "status", "headers_json", "body", "created_at", "expires_at" FROM `idempotency_keys`;--> statement-breakpoint
DROP TABLE `idempotency_keys`;--> statement-breakpoint
ALTER TABLE `__new_idempotency_keys` RENAME TO `idempotency_keys`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `idempotency_expiry_idx` ON `idempotency_keys` (`expires_at`);--> statement-breakpoint
CREATE INDEX `idempotency_run_idx` ON `idempotency_keys` (`run_id`);
DROP INDEX `messages_context_idx`;--> statement-breakpoint
CREATE INDEX `messages_context_idx` ON `messages` (`session_id`,`in_context`,`position`,`seq`);
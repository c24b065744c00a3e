DROP INDEX `events_type_created_idx`;--> statement-breakpoint
CREATE INDEX `events_type_created_idx` ON `events` (`type`,`created_at`) WHERE type in ('message.delta', 'reasoning.delta');--> statement-breakpoint
DROP INDEX `messages_tool_call_idx`;--> statement-breakpoint
CREATE INDEX `messages_tool_call_idx` ON `messages` (`session_id`,`tool_call_id`) WHERE tool_call_id is not null;--> statement-breakpoint
DROP INDEX `sessions_key_idx`;--> statement-breakpoint
CREATE INDEX `sessions_key_idx` ON `sessions` (`session_key`,`updated_at`) WHERE session_key is not null;--> statement-breakpoint
DROP INDEX `audit_log_key_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_key_idx` ON `audit_log` (`key_id`,`created_at`) WHERE key_id is not null;--> statement-breakpoint
DROP INDEX `model_calls_key_idx`;--> statement-breakpoint
CREATE INDEX `model_calls_key_idx` ON `model_calls` (`key_id`,`created_at`) WHERE key_id is not null;
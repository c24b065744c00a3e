-- Deleting a session used to remove its search rows one message at a time, each a full scan of
-- messages_fts (message_id is not indexed): quadratic in the session's size. The session's rows
-- now go in one statement when the session goes, and the per-message trigger only fires for a
-- message deleted on its own (its session still exists).
DROP TRIGGER IF EXISTS `messages_fts_delete`;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages`
WHEN EXISTS (SELECT 1 FROM `sessions` WHERE `id` = OLD.`session_id`) BEGIN
  DELETE FROM `messages_fts` WHERE `message_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_fts_delete` AFTER DELETE ON `sessions` BEGIN
  DELETE FROM `messages_fts` WHERE `session_id` = OLD.`id`;
END;

-- Full-text index over the whole transcript, kept in step with messages by triggers.
CREATE VIRTUAL TABLE `messages_fts` USING fts5(`search_text`, `session_id` UNINDEXED, `message_id` UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `messages_fts_insert` AFTER INSERT ON `messages` BEGIN
  INSERT INTO `messages_fts` (`search_text`, `session_id`, `message_id`) VALUES (NEW.`search_text`, NEW.`session_id`, NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages` BEGIN
  DELETE FROM `messages_fts` WHERE `message_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_update` AFTER UPDATE OF `search_text` ON `messages` BEGIN
  UPDATE `messages_fts` SET `search_text` = NEW.`search_text` WHERE `message_id` = OLD.`id`;
END;

CREATE TABLE `anchor_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`owner` text,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`rows` integer NOT NULL,
	`first_seq` integer NOT NULL,
	`last_seq` integer NOT NULL,
	`last_seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `anchor_groups_key_idx` ON `anchor_groups` (`session_id`,`kind`,`value`);--> statement-breakpoint
CREATE INDEX `anchor_groups_recent_idx` ON `anchor_groups` (`owner`,`last_seen_at`,`id`);--> statement-breakpoint
CREATE INDEX `anchor_groups_kind_idx` ON `anchor_groups` (`owner`,`kind`,`last_seen_at`,`id`);--> statement-breakpoint
CREATE INDEX `anchor_groups_value_idx` ON `anchor_groups` (`owner`,`value`);--> statement-breakpoint
CREATE TABLE `memory_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`owner` text,
	`store` text NOT NULL,
	`content` text NOT NULL,
	`source` text NOT NULL,
	`session_id` text,
	`provenance_json` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `memory_entries_owner_idx` ON `memory_entries` (`owner`,`store`,`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `memory_block` text;--> statement-breakpoint
-- Each new row of message_anchors counted into its session's group (an ignored duplicate fires nothing).
CREATE TRIGGER `message_anchors_grouped` AFTER INSERT ON `message_anchors` BEGIN
  INSERT INTO `anchor_groups` (`session_id`, `owner`, `kind`, `value`, `rows`, `first_seq`, `last_seq`, `last_seen_at`)
  VALUES (NEW.`session_id`, (SELECT `owner` FROM `sessions` WHERE `id` = NEW.`session_id`), NEW.`kind`, NEW.`value`, 1,
    NEW.`seq`, NEW.`seq`,
    coalesce((SELECT `created_at` FROM `messages` WHERE `session_id` = NEW.`session_id` AND `seq` = NEW.`seq`), 0))
  ON CONFLICT (`session_id`, `kind`, `value`) DO UPDATE SET
    `rows` = `rows` + 1,
    `first_seq` = min(`first_seq`, excluded.`first_seq`),
    `last_seq` = max(`last_seq`, excluded.`last_seq`),
    `last_seen_at` = max(`last_seen_at`, excluded.`last_seen_at`);
END;
--> statement-breakpoint
INSERT INTO `anchor_groups` (`session_id`, `owner`, `kind`, `value`, `rows`, `first_seq`, `last_seq`, `last_seen_at`)
SELECT a.`session_id`, s.`owner`, a.`kind`, a.`value`, count(*), min(a.`seq`), max(a.`seq`), coalesce(max(m.`created_at`), 0)
FROM `message_anchors` a
JOIN `sessions` s ON s.`id` = a.`session_id`
LEFT JOIN `messages` m ON m.`session_id` = a.`session_id` AND m.`seq` = a.`seq`
GROUP BY a.`session_id`, a.`kind`, a.`value`;
--> statement-breakpoint
-- What hangs off a session goes with it.
CREATE TRIGGER `sessions_memory_cleanup` AFTER DELETE ON `sessions` BEGIN
  DELETE FROM `anchor_groups` WHERE `session_id` = OLD.`id`;
END;

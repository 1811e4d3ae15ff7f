-- The change stamps (src/wp/change-stamps.ts): counters of changes per family of rows (a post type, the terms, the
-- options, the users), each in a few slots so that concurrent writers of one family seldom wait for the same row.
-- Triggers move them inside the writer's transaction; a read of the rows of some families is their stamp.

CREATE TABLE `{prefix}calendar_change_stamps` (
	`family` varchar(32) NOT NULL,
	`slot` tinyint unsigned NOT NULL,
	`version` bigint unsigned NOT NULL DEFAULT 0,
	PRIMARY KEY (`family`, `slot`)
) ENGINE=InnoDB {charset_collate};

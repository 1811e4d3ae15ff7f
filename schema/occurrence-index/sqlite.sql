-- The occurrence index of schema/occurrence-index/mysql.sql for SQLite (dates as text, as the plugin's table there).

CREATE TABLE "{prefix}calendar_occurrence_index" (
	"occurrence_id" integer NOT NULL PRIMARY KEY,
	"post_id" integer NOT NULL,
	"post_status" text NOT NULL DEFAULT 'publish' COLLATE NOCASE,
	"post_date" text NOT NULL DEFAULT '0000-00-00 00:00:00' COLLATE NOCASE,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"start_date_utc" text NOT NULL,
	"end_date_utc" text NOT NULL,
	"hidden" integer NOT NULL DEFAULT 0,
	"featured" integer NOT NULL DEFAULT 0,
	"venue_id" integer DEFAULT NULL
);
CREATE INDEX "{prefix}calendar_occurrence_index__post_id" ON "{prefix}calendar_occurrence_index" ("post_id");
CREATE INDEX "{prefix}calendar_occurrence_index__local_window" ON "{prefix}calendar_occurrence_index" ("post_status", "hidden", "start_date", "post_date", "post_id", "end_date", "featured", "venue_id", "start_date_utc", "end_date_utc");
CREATE INDEX "{prefix}calendar_occurrence_index__utc_window" ON "{prefix}calendar_occurrence_index" ("post_status", "hidden", "start_date_utc", "post_date", "post_id", "end_date_utc", "featured", "venue_id");

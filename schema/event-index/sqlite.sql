-- The event index of schema/event-index/mysql.sql for SQLite (text columns COLLATE NOCASE like the core tables').

CREATE TABLE "{prefix}calendar_event_index" (
	"post_id" integer NOT NULL PRIMARY KEY,
	"post_status" text NOT NULL DEFAULT 'publish' COLLATE NOCASE,
	"post_date" text NOT NULL DEFAULT '0000-00-00 00:00:00' COLLATE NOCASE,
	"start_date" text DEFAULT NULL COLLATE NOCASE,
	"end_date" text DEFAULT NULL COLLATE NOCASE,
	"start_date_utc" text DEFAULT NULL COLLATE NOCASE,
	"end_date_utc" text DEFAULT NULL COLLATE NOCASE,
	"hidden" integer NOT NULL DEFAULT 0,
	"featured" integer NOT NULL DEFAULT 0,
	"venue_id" integer DEFAULT NULL
);
CREATE INDEX "{prefix}calendar_event_index__local_window" ON "{prefix}calendar_event_index" ("post_status", "hidden", "start_date", "post_date", "post_id", "end_date", "featured", "venue_id", "start_date_utc", "end_date_utc");
CREATE INDEX "{prefix}calendar_event_index__utc_window" ON "{prefix}calendar_event_index" ("post_status", "hidden", "start_date_utc", "post_date", "post_id", "end_date_utc", "featured", "venue_id");
CREATE INDEX "{prefix}calendar_event_index__venue_status" ON "{prefix}calendar_event_index" ("venue_id", "post_status");

-- The event term index of schema/event-term-index/mysql.sql for SQLite (text columns COLLATE NOCASE like the core tables').

CREATE TABLE "{prefix}calendar_event_term_index" (
	"term_taxonomy_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"post_status" text NOT NULL DEFAULT 'publish' COLLATE NOCASE,
	"post_date" text NOT NULL DEFAULT '0000-00-00 00:00:00' COLLATE NOCASE,
	"start_date" text DEFAULT NULL COLLATE NOCASE,
	"end_date" text DEFAULT NULL COLLATE NOCASE,
	"start_date_utc" text DEFAULT NULL COLLATE NOCASE,
	"end_date_utc" text DEFAULT NULL COLLATE NOCASE,
	"hidden" integer NOT NULL DEFAULT 0,
	"featured" integer NOT NULL DEFAULT 0,
	"venue_id" integer DEFAULT NULL,
	PRIMARY KEY ("term_taxonomy_id", "post_id")
);
CREATE INDEX "{prefix}calendar_event_term_index__post_id" ON "{prefix}calendar_event_term_index" ("post_id");
CREATE INDEX "{prefix}calendar_event_term_index__local_window" ON "{prefix}calendar_event_term_index" ("term_taxonomy_id", "post_status", "hidden", "start_date", "post_date", "post_id", "end_date", "featured", "venue_id", "start_date_utc", "end_date_utc");
CREATE INDEX "{prefix}calendar_event_term_index__utc_window" ON "{prefix}calendar_event_term_index" ("term_taxonomy_id", "post_status", "hidden", "start_date_utc", "post_date", "post_id", "end_date_utc", "featured", "venue_id");

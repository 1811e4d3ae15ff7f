-- The event term index (part of the event index): one row per term relationship of an event post (every
-- taxonomy) with the event index's columns, kept current by triggers on {prefix}term_relationships and on the event
-- index itself. A list filtered by terms counts through it: its window keys lead with the term, so the count of a
-- category's events in a window reads one key range per term instead of probing the relationships of every event
-- in the window.

CREATE TABLE {prefix}calendar_event_term_index (
	term_taxonomy_id bigint(20) unsigned NOT NULL,
	post_id bigint(20) unsigned NOT NULL,
	post_status varchar(20) NOT NULL default 'publish',
	post_date datetime NOT NULL default '0000-00-00 00:00:00',
	start_date varchar(64) default NULL,
	end_date varchar(64) default NULL,
	start_date_utc varchar(64) default NULL,
	end_date_utc varchar(64) default NULL,
	hidden tinyint(1) NOT NULL default 0,
	featured tinyint(1) NOT NULL default 0,
	venue_id bigint(20) default NULL,
	PRIMARY KEY  (term_taxonomy_id,post_id),
	KEY post_id (post_id),
	KEY local_window (term_taxonomy_id,post_status,hidden,start_date,post_date,post_id,end_date,featured,venue_id,start_date_utc,end_date_utc),
	KEY utc_window (term_taxonomy_id,post_status,hidden,start_date_utc,post_date,post_id,end_date_utc,featured,venue_id)
) {charset_collate};

-- The service's occurrence index (wp-calendar db:index, where The Events Calendar's custom tables exist): one row
-- per row of {prefix}tec_occurrences whose post is an event, with that post's status and date and the event's
-- hidden, featured and venue meta, kept current by triggers on {prefix}tec_occurrences, {prefix}posts and
-- {prefix}postmeta. The dates are the occurrence's, typed as the plugin types them. The window keys are those of
-- the event index ({prefix}calendar_event_index): what every list fixes, then the lists' order, then what rides along.

CREATE TABLE {prefix}calendar_occurrence_index (
	occurrence_id bigint(20) unsigned NOT NULL,
	post_id bigint(20) unsigned NOT NULL,
	post_status varchar(20) NOT NULL default 'publish',
	post_date datetime NOT NULL default '0000-00-00 00:00:00',
	start_date datetime NOT NULL,
	end_date datetime NOT NULL,
	start_date_utc datetime NOT NULL,
	end_date_utc datetime NOT NULL,
	hidden tinyint(1) NOT NULL default 0,
	featured tinyint(1) NOT NULL default 0,
	venue_id bigint(20) default NULL,
	PRIMARY KEY  (occurrence_id),
	KEY post_id (post_id),
	KEY local_window (post_status,hidden,start_date,post_date,post_id,end_date,featured,venue_id,start_date_utc,end_date_utc),
	KEY utc_window (post_status,hidden,start_date_utc,post_date,post_id,end_date_utc,featured,venue_id)
) {charset_collate};

-- The service's event index (wp-calendar db:index): one row per event post with what the event lists filter and
-- sort on, kept current by triggers on {prefix}posts and {prefix}postmeta. Dates are the stored meta strings
-- (`Y-m-d H:i:s`), compared as strings exactly as the date meta are. The window keys lead with what every list
-- fixes (status, hidden) and then the start, post date and id of the lists' order, so a page is read in order
-- and stops after its last row; the end date, featured flag and venue ride along so a count reads only the key.

CREATE TABLE {prefix}calendar_event_index (
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
	PRIMARY KEY  (post_id),
	KEY local_window (post_status,hidden,start_date,post_date,post_id,end_date,featured,venue_id,start_date_utc,end_date_utc),
	KEY utc_window (post_status,hidden,start_date_utc,post_date,post_id,end_date_utc,featured,venue_id),
	KEY venue_status (venue_id,post_status)
) {charset_collate};

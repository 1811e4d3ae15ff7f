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

-- Its counts ({prefix}calendar_event_index_counts, src/calendar/data/event-count-sql.ts): how many rows start and end in each month and day,
-- by status, hidden flag, local or UTC dates (mode) and a slot of the post id, with the latest end of the rows
-- starting in each month (reach); rows whose dates are not two wall clocks in order are counted apart (span 0). Kept by
-- triggers on the index, so a list counts its window from a few dozen of these rows instead of every match.

CREATE TABLE {prefix}calendar_event_index_counts (
	post_status varchar(20) NOT NULL,
	hidden tinyint(1) NOT NULL,
	mode tinyint(1) NOT NULL,
	span tinyint(2) NOT NULL,
	bucket varchar(10) NOT NULL,
	slot tinyint(1) NOT NULL,
	n_start bigint(20) NOT NULL default 0,
	n_end bigint(20) NOT NULL default 0,
	reach varchar(19) NOT NULL default '',
	PRIMARY KEY  (post_status,hidden,mode,span,bucket,slot)
) {charset_collate};

-- The counts of an index table ({prefix}{index}: the event index or the occurrence index), from
-- src/calendar/data/event-count-sql.ts: how many of its rows start and end in each month and day,
-- by status, hidden flag, local or UTC dates (mode) and a slot of the post id, with the latest end of the rows
-- starting in each month (reach); rows whose dates are not two wall clocks in order are counted apart (span 0). Kept by
-- triggers on the index, so a list counts its window from a few hundred of these rows instead of every match.

CREATE TABLE {prefix}{index}_counts (
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

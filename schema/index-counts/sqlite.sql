-- The counts of an index table, of schema/index-counts/mysql.sql for SQLite.

CREATE TABLE "{prefix}{index}_counts" (
	"post_status" text NOT NULL COLLATE NOCASE,
	"hidden" integer NOT NULL,
	"mode" integer NOT NULL,
	"span" integer NOT NULL,
	"bucket" text NOT NULL,
	"slot" integer NOT NULL,
	"n_start" integer NOT NULL DEFAULT 0,
	"n_end" integer NOT NULL DEFAULT 0,
	"reach" text NOT NULL DEFAULT '',
	PRIMARY KEY ("post_status", "hidden", "mode", "span", "bucket", "slot")
) WITHOUT ROWID;

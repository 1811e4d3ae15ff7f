-- The change stamps of schema/change-stamps/mysql.sql for SQLite.

CREATE TABLE "{prefix}calendar_change_stamps" (
	"family" text NOT NULL COLLATE BINARY,
	"slot" integer NOT NULL,
	"version" integer NOT NULL DEFAULT 0,
	PRIMARY KEY ("family", "slot")
);

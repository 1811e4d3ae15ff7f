-- The same nine WordPress 6.9 core tables for the embedded SQLite store, mapped the way WordPress's own
-- SQLite Database Integration maps wp_get_db_schema(): integer types -> integer, character/date types -> text
-- with COLLATE NOCASE (MySQL's _ci collations), auto_increment -> INTEGER PRIMARY KEY AUTOINCREMENT,
-- and every MySQL KEY -> its own index named "<table>__<key>". Column order, names, NOT NULL and defaults
-- are those of the MySQL definitions (schema/mysql.sql); the schema-parity test keeps the two in step.

CREATE TABLE "{prefix}termmeta" (
	"meta_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"term_id" integer NOT NULL DEFAULT '0',
	"meta_key" text DEFAULT NULL COLLATE NOCASE,
	"meta_value" text COLLATE NOCASE
);
CREATE INDEX "{prefix}termmeta__term_id" ON "{prefix}termmeta" ("term_id");
CREATE INDEX "{prefix}termmeta__meta_key" ON "{prefix}termmeta" ("meta_key");

CREATE TABLE "{prefix}terms" (
	"term_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"name" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"slug" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"term_group" integer NOT NULL DEFAULT 0
);
CREATE INDEX "{prefix}terms__slug" ON "{prefix}terms" ("slug");
CREATE INDEX "{prefix}terms__name" ON "{prefix}terms" ("name");

CREATE TABLE "{prefix}term_taxonomy" (
	"term_taxonomy_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"term_id" integer NOT NULL DEFAULT 0,
	"taxonomy" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"description" text NOT NULL COLLATE NOCASE,
	"parent" integer NOT NULL DEFAULT 0,
	"count" integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX "{prefix}term_taxonomy__term_id_taxonomy" ON "{prefix}term_taxonomy" ("term_id", "taxonomy");
CREATE INDEX "{prefix}term_taxonomy__taxonomy" ON "{prefix}term_taxonomy" ("taxonomy");

CREATE TABLE "{prefix}term_relationships" (
	"object_id" integer NOT NULL DEFAULT 0,
	"term_taxonomy_id" integer NOT NULL DEFAULT 0,
	"term_order" integer NOT NULL DEFAULT 0,
	PRIMARY KEY ("object_id", "term_taxonomy_id")
);
CREATE INDEX "{prefix}term_relationships__term_taxonomy_id" ON "{prefix}term_relationships" ("term_taxonomy_id");

CREATE TABLE "{prefix}options" (
	"option_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"option_name" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"option_value" text NOT NULL COLLATE NOCASE,
	"autoload" text NOT NULL DEFAULT 'yes' COLLATE NOCASE
);
CREATE UNIQUE INDEX "{prefix}options__option_name" ON "{prefix}options" ("option_name");
CREATE INDEX "{prefix}options__autoload" ON "{prefix}options" ("autoload");

CREATE TABLE "{prefix}postmeta" (
	"meta_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"post_id" integer NOT NULL DEFAULT '0',
	"meta_key" text DEFAULT NULL COLLATE NOCASE,
	"meta_value" text COLLATE NOCASE
);
CREATE INDEX "{prefix}postmeta__post_id" ON "{prefix}postmeta" ("post_id");
CREATE INDEX "{prefix}postmeta__meta_key" ON "{prefix}postmeta" ("meta_key");

CREATE TABLE "{prefix}posts" (
	"ID" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"post_author" integer NOT NULL DEFAULT '0',
	"post_date" text NOT NULL DEFAULT '0000-00-00 00:00:00' COLLATE NOCASE,
	"post_date_gmt" text NOT NULL DEFAULT '0000-00-00 00:00:00' COLLATE NOCASE,
	"post_content" text NOT NULL COLLATE NOCASE,
	"post_title" text NOT NULL COLLATE NOCASE,
	"post_excerpt" text NOT NULL COLLATE NOCASE,
	"post_status" text NOT NULL DEFAULT 'publish' COLLATE NOCASE,
	"comment_status" text NOT NULL DEFAULT 'open' COLLATE NOCASE,
	"ping_status" text NOT NULL DEFAULT 'open' COLLATE NOCASE,
	"post_password" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"post_name" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"to_ping" text NOT NULL COLLATE NOCASE,
	"pinged" text NOT NULL COLLATE NOCASE,
	"post_modified" text NOT NULL DEFAULT '0000-00-00 00:00:00' COLLATE NOCASE,
	"post_modified_gmt" text NOT NULL DEFAULT '0000-00-00 00:00:00' COLLATE NOCASE,
	"post_content_filtered" text NOT NULL COLLATE NOCASE,
	"post_parent" integer NOT NULL DEFAULT '0',
	"guid" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"menu_order" integer NOT NULL DEFAULT '0',
	"post_type" text NOT NULL DEFAULT 'post' COLLATE NOCASE,
	"post_mime_type" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"comment_count" integer NOT NULL DEFAULT '0'
);
CREATE INDEX "{prefix}posts__post_name" ON "{prefix}posts" ("post_name");
CREATE INDEX "{prefix}posts__type_status_date" ON "{prefix}posts" ("post_type", "post_status", "post_date", "ID");
CREATE INDEX "{prefix}posts__post_parent" ON "{prefix}posts" ("post_parent");
CREATE INDEX "{prefix}posts__post_author" ON "{prefix}posts" ("post_author");
CREATE INDEX "{prefix}posts__type_status_author" ON "{prefix}posts" ("post_type", "post_status", "post_author");

CREATE TABLE "{prefix}users" (
	"ID" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"user_login" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"user_pass" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"user_nicename" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"user_email" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"user_url" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"user_registered" text NOT NULL DEFAULT '0000-00-00 00:00:00' COLLATE NOCASE,
	"user_activation_key" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"user_status" integer NOT NULL DEFAULT '0',
	"display_name" text NOT NULL DEFAULT '' COLLATE NOCASE
);
CREATE INDEX "{prefix}users__user_login_key" ON "{prefix}users" ("user_login");
CREATE INDEX "{prefix}users__user_nicename" ON "{prefix}users" ("user_nicename");
CREATE INDEX "{prefix}users__user_email" ON "{prefix}users" ("user_email");

CREATE TABLE "{prefix}usermeta" (
	"umeta_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"user_id" integer NOT NULL DEFAULT '0',
	"meta_key" text DEFAULT NULL COLLATE NOCASE,
	"meta_value" text COLLATE NOCASE
);
CREATE INDEX "{prefix}usermeta__user_id" ON "{prefix}usermeta" ("user_id");
CREATE INDEX "{prefix}usermeta__meta_key" ON "{prefix}usermeta" ("meta_key");

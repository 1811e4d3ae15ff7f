-- sqlite_master for the nine core tables created from schema/sqlite.sql, prefix xyz_.

CREATE TABLE "xyz_termmeta" (
	"meta_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"term_id" integer NOT NULL DEFAULT '0',
	"meta_key" text DEFAULT NULL COLLATE NOCASE,
	"meta_value" text COLLATE NOCASE
);
CREATE INDEX "xyz_termmeta__meta_key" ON "xyz_termmeta" ("meta_key");
CREATE INDEX "xyz_termmeta__term_id" ON "xyz_termmeta" ("term_id");

CREATE TABLE "xyz_terms" (
	"term_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"name" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"slug" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"term_group" integer NOT NULL DEFAULT 0
);
CREATE INDEX "xyz_terms__name" ON "xyz_terms" ("name");
CREATE INDEX "xyz_terms__slug" ON "xyz_terms" ("slug");

CREATE TABLE "xyz_term_taxonomy" (
	"term_taxonomy_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"term_id" integer NOT NULL DEFAULT 0,
	"taxonomy" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"description" text NOT NULL COLLATE NOCASE,
	"parent" integer NOT NULL DEFAULT 0,
	"count" integer NOT NULL DEFAULT 0
);
CREATE INDEX "xyz_term_taxonomy__taxonomy" ON "xyz_term_taxonomy" ("taxonomy");
CREATE UNIQUE INDEX "xyz_term_taxonomy__term_id_taxonomy" ON "xyz_term_taxonomy" ("term_id", "taxonomy");

CREATE TABLE "xyz_term_relationships" (
	"object_id" integer NOT NULL DEFAULT 0,
	"term_taxonomy_id" integer NOT NULL DEFAULT 0,
	"term_order" integer NOT NULL DEFAULT 0,
	PRIMARY KEY ("object_id", "term_taxonomy_id")
);
CREATE INDEX "xyz_term_relationships__term_taxonomy_id" ON "xyz_term_relationships" ("term_taxonomy_id");

CREATE TABLE "xyz_options" (
	"option_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"option_name" text NOT NULL DEFAULT '' COLLATE NOCASE,
	"option_value" text NOT NULL COLLATE NOCASE,
	"autoload" text NOT NULL DEFAULT 'yes' COLLATE NOCASE
);
CREATE INDEX "xyz_options__autoload" ON "xyz_options" ("autoload");
CREATE UNIQUE INDEX "xyz_options__option_name" ON "xyz_options" ("option_name");

CREATE TABLE "xyz_postmeta" (
	"meta_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"post_id" integer NOT NULL DEFAULT '0',
	"meta_key" text DEFAULT NULL COLLATE NOCASE,
	"meta_value" text COLLATE NOCASE
);
CREATE INDEX "xyz_postmeta__meta_key" ON "xyz_postmeta" ("meta_key");
CREATE INDEX "xyz_postmeta__post_id" ON "xyz_postmeta" ("post_id");

CREATE TABLE "xyz_posts" (
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
CREATE INDEX "xyz_posts__post_author" ON "xyz_posts" ("post_author");
CREATE INDEX "xyz_posts__post_name" ON "xyz_posts" ("post_name");
CREATE INDEX "xyz_posts__post_parent" ON "xyz_posts" ("post_parent");
CREATE INDEX "xyz_posts__type_status_author" ON "xyz_posts" ("post_type", "post_status", "post_author");
CREATE INDEX "xyz_posts__type_status_date" ON "xyz_posts" ("post_type", "post_status", "post_date", "ID");

CREATE TABLE "xyz_users" (
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
CREATE INDEX "xyz_users__user_email" ON "xyz_users" ("user_email");
CREATE INDEX "xyz_users__user_login_key" ON "xyz_users" ("user_login");
CREATE INDEX "xyz_users__user_nicename" ON "xyz_users" ("user_nicename");

CREATE TABLE "xyz_usermeta" (
	"umeta_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT,
	"user_id" integer NOT NULL DEFAULT '0',
	"meta_key" text DEFAULT NULL COLLATE NOCASE,
	"meta_value" text COLLATE NOCASE
);
CREATE INDEX "xyz_usermeta__meta_key" ON "xyz_usermeta" ("meta_key");
CREATE INDEX "xyz_usermeta__user_id" ON "xyz_usermeta" ("user_id");

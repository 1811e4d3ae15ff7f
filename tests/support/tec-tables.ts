import type { WpData } from '../../src/wp/wp-handle';

/**
 * The Events Calendar's own index tables (TEC ≥ 6 custom tables), created the way the plugin 6.17.2 creates them
 * (`SHOW CREATE TABLE` on a site it installed), with the indexes it adds to the occurrences from 6.11.1 on and
 * its unique post id of the events, for tests and the benchmark's databases that have them. The service itself
 * never creates these.
 */
export async function createTecTables(wp: WpData): Promise<void> {
  const events = `${wp.prefix}tec_events`;
  const occurrences = `${wp.prefix}tec_occurrences`;
  if (wp.dialect.name === 'mysql') {
    await wp.knex.raw(`CREATE TABLE ${events} (
      event_id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
      post_id bigint(20) unsigned NOT NULL,
      start_date varchar(19) NOT NULL,
      end_date varchar(19) DEFAULT NULL,
      timezone varchar(30) NOT NULL DEFAULT 'UTC',
      start_date_utc varchar(19) NOT NULL,
      end_date_utc varchar(19) DEFAULT NULL,
      duration mediumint(30) DEFAULT 7200,
      updated_at timestamp NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
      hash varchar(40) NOT NULL,
      PRIMARY KEY (event_id),
      UNIQUE KEY post_id (post_id)
    ) DEFAULT CHARACTER SET utf8mb4`);
    await wp.knex.raw(`CREATE TABLE ${occurrences} (
      occurrence_id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
      event_id bigint(20) unsigned NOT NULL,
      post_id bigint(20) unsigned NOT NULL,
      start_date datetime NOT NULL,
      start_date_utc datetime NOT NULL,
      end_date datetime NOT NULL,
      end_date_utc datetime NOT NULL,
      duration mediumint(30) DEFAULT 7200,
      hash varchar(40) NOT NULL,
      updated_at timestamp NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
      PRIMARY KEY (occurrence_id),
      UNIQUE KEY hash (hash),
      KEY event_id (event_id),
      KEY idx_${occurrences}_post_id_dates (post_id, end_date, start_date),
      KEY idx_${occurrences}_post_id_dates_utc (post_id, end_date_utc, start_date_utc)
    ) DEFAULT CHARACTER SET utf8mb4`);
    return;
  }
  await wp.knex.raw(`CREATE TABLE "${events}" (
    "event_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "post_id" integer NOT NULL, "start_date" text NOT NULL,
    "end_date" text DEFAULT NULL, "timezone" text NOT NULL DEFAULT 'UTC', "start_date_utc" text NOT NULL,
    "end_date_utc" text DEFAULT NULL, "duration" integer DEFAULT 7200, "updated_at" text DEFAULT CURRENT_TIMESTAMP,
    "hash" text NOT NULL, UNIQUE ("post_id"))`);
  await wp.knex.raw(`CREATE TABLE "${occurrences}" (
    "occurrence_id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "event_id" integer NOT NULL, "post_id" integer NOT NULL,
    "start_date" text NOT NULL, "start_date_utc" text NOT NULL, "end_date" text NOT NULL, "end_date_utc" text NOT NULL,
    "duration" integer DEFAULT 7200, "hash" text NOT NULL UNIQUE, "updated_at" text DEFAULT CURRENT_TIMESTAMP)`);
  await wp.knex.raw(`CREATE INDEX "${occurrences}__event_id" ON "${occurrences}" ("event_id")`);
  await wp.knex.raw(`CREATE INDEX "idx_${occurrences}_post_id_dates" ON "${occurrences}" ("post_id", "end_date", "start_date")`);
  await wp.knex.raw(`CREATE INDEX "idx_${occurrences}_post_id_dates_utc" ON "${occurrences}" ("post_id", "end_date_utc", "start_date_utc")`);
}

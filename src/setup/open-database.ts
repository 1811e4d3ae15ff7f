import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config';
import { createDatabase, type Database, type DatabaseOptions } from '../db/database';

/** Opening the configured database, shared by the service and the command-line tool. */

/**
 * Creates the directory of an SQLite file first, so `sqlite:./data/calendar.db` works on a fresh checkout.
 * `log` takes knex's own warnings (the command-line tool silences them: the error itself is reported).
 */
export function openDatabase(config: Pick<Config, 'database'>, options: DatabaseOptions = {}): Database {
  if (config.database.client === 'sqlite' && config.database.filename !== ':memory:') {
    mkdirSync(path.dirname(path.resolve(config.database.filename)), { recursive: true });
  }
  return createDatabase(config.database, options);
}

/** The site URL a new database gets when SITE_URL is not set: where the service listens. */
export function defaultSiteUrl(config: Pick<Config, 'siteUrl' | 'host' | 'port'>): string {
  if (config.siteUrl) return config.siteUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
}

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import mysql from 'mysql2/promise';
import type { Side } from './http';

/**
 * The running plugin the comparison and the recorders talk to (../shared/oracle): where it is, its database, its
 * administrator, and the steps every script takes on it. Settings: ORACLE_PORT (8083), ORACLE_DB (tecoracle_a),
 * ORACLE_DIR (the oracle's scripts), ORACLE_WORK (its instance folder).
 */

export const root = resolve(__dirname, '../..');
const ORACLE_PORT = process.env.ORACLE_PORT ?? '8083';
export const ORACLE_DB = process.env.ORACLE_DB ?? 'tecoracle_a';
const ORACLE_DIR = process.env.ORACLE_DIR ?? [resolve(root, '../shared/oracle'), resolve(root, '../../shared/oracle')].find((d) => existsSync(`${d}/reset-db.sh`))!;
const ORACLE_WORK = process.env.ORACLE_WORK ?? `${process.env.TMPDIR ?? '/tmp'}/tec-oracle/${ORACLE_DB}-${ORACLE_PORT}`;
export const SITE = `http://127.0.0.1:${ORACLE_PORT}`;

/** Tables a recorder copies whole into a fixture, and the options the API reads. */
export const FIXTURE_TABLES = ['posts', 'postmeta', 'terms', 'term_taxonomy', 'term_relationships', 'termmeta', 'users', 'usermeta', 'tec_events', 'tec_occurrences'];
export const FIXTURE_OPTIONS = ['home', 'siteurl', 'blogname', 'blogdescription', 'permalink_structure', 'timezone_string', 'gmt_offset', 'date_format', 'time_format', 'start_of_week', 'posts_per_page', 'tribe_events_calendar_options', 'WPLANG', 'show_on_front', 'page_on_front', 'page_for_posts', 'site_icon', 'site_logo', 'wp_user_roles', 'using_application_passwords', 'upload_path', 'upload_url_path', 'uploads_use_yearmonth_folders', 'active_plugins', 'thumbnail_size_w', 'thumbnail_size_h', 'medium_size_w', 'medium_size_h', 'medium_large_size_w', 'medium_large_size_h', 'large_size_w', 'large_size_h', 'tec_custom_tables_v1_active'];

/** The oracle's rows of those tables and options, as a fixture stores them. */
export async function fixtureRows(db: mysql.Connection): Promise<{ options: unknown[]; tables: Record<string, unknown[]> }> {
  const tables: Record<string, unknown[]> = {};
  for (const table of FIXTURE_TABLES) tables[table] = (await db.query(`SELECT * FROM wp_${table}`))[0] as unknown[];
  const [options] = await db.query('SELECT option_name, option_value FROM wp_options WHERE option_name IN (?)', [FIXTURE_OPTIONS]);
  return { options: options as unknown[], tables };
}

/** The plugin as a side of the comparison, with its administrator's application password (no author yet). */
export function pluginSide(): Side {
  const admin = readFileSync(`${ORACLE_WORK}/app-password.txt`, 'utf8').trim();
  return { base: SITE, auth: { anon: undefined, author: undefined, admin } };
}

/** The oracle's database, as WordPress's own user reaches it over TCP. */
export function connectOracleDb(options: { dateStrings?: boolean } = {}): Promise<mysql.Connection> {
  return mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'tecoracle', password: 'tecoracle', database: ORACLE_DB, ...options });
}

/** Back to the oracle's clean snapshot (reset-db.sh). */
export function resetOracleDb(): void {
  const r = spawnSync('./reset-db.sh', { cwd: ORACLE_DIR, env: { ...process.env, ORACLE_PORT, ORACLE_DB }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`reset-db.sh failed: ${r.stderr}`);
}

/**
 * Back to the clean snapshot: the site's stock page size (WordPress's 10; the service reads it as the plugin does)
 * and its stock theme (the plugin's writes differ without one; shortcode-calendar.ts takes the theme away for the
 * shortcodes, which the service renders as WordPress does with no theme).
 */
export async function resetOracle(_db: mysql.Connection): Promise<void> {
  resetOracleDb();
}

/** An author with an application password named `name`, created through WordPress's own REST API after a reset. */
export async function createAuthor(plugin: Side, name: string): Promise<string> {
  const admin = { Authorization: `Basic ${Buffer.from(plugin.auth.admin!).toString('base64')}`, 'Content-Type': 'application/json' };
  const user = (await (await fetch(`${SITE}/wp-json/wp/v2/users`, { method: 'POST', headers: admin, body: JSON.stringify({ username: 'author1', email: 'author1@example.com', password: 'author-password-1', roles: ['author'] }) })).json()) as { id: number };
  const pass = (await (await fetch(`${SITE}/wp-json/wp/v2/users/${user.id}/application-passwords`, { method: 'POST', headers: admin, body: JSON.stringify({ name }) })).json()) as { password: string };
  return `author1:${pass.password}`;
}

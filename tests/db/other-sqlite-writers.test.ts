import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { createDatabase, type Database } from '../../src/db/database';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { loadFixtures } from '../../src/fixtures/load-fixtures';
import { WpData } from '../../src/wp/wp-handle';
import { EVENT_SEARCH_INDEX_VERSION } from '../../src/calendar/registry/identifiers';
import { TRIBE_API } from '../support/rest-paths';

/**
 * A SQLite database the service creates stays writable by the other programs that write WordPress databases, whose
 * SQLite is older than the service's (Debian 12's sqlite3 shell and Python's sqlite3 module are 3.40; PHP's
 * pdo_sqlite under WordPress's SQLite plugin the same): every schema object works on SQLite 3.37 and later (the
 * search table needs no `contentless_delete`, which is 3.43). The machine's own python3 (or sqlite3) writes posts,
 * meta and terms into a file the service created, and the service sees each change at its next request, its event
 * index and search table following through their triggers.
 */

let dir: string;
let db: Database;
let file: string;
let request: supertest.Agent;

/** The machine's SQLite: python3's module, else the sqlite3 shell. */
function runSql(sql: string): { tool: string; version: string } {
  const python = spawnSync('python3', ['-c', 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.stdin.read()); c.commit(); print(sqlite3.sqlite_version)', file], { input: sql, encoding: 'utf8' });
  if (python.status === 0) return { tool: 'python3', version: python.stdout.trim() };
  const shell = spawnSync('sqlite3', [file], { input: `${sql}\nSELECT sqlite_version();`, encoding: 'utf8' });
  if (shell.status === 0) return { tool: 'sqlite3', version: shell.stdout.trim().split('\n').pop()! };
  throw new Error(`neither python3 nor sqlite3 could write the database: ${python.stderr || python.error?.message} / ${shell.stderr || shell.error?.message}`);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'calendar-older-sqlite-'));
  file = path.join(dir, 'calendar.db');
  db = createDatabase({ client: 'sqlite', filename: file });
  await prepareDatabase(db, { prefix: 'wp_', siteUrl: 'http://calendar.test' });
  const now = new Date('2030-01-01T00:00:00Z');
  await loadFixtures(WpData.open(db, 'wp_'), {
    users: [{ id: 1, username: 'admin', email: 'admin@example.com', roles: ['administrator'] }],
    tags: [{ id: 10, name: 'Outdoor' }],
    events: [{ id: 101, title: 'Harbour concert', description: 'Brass band', start_date: '2030-02-01 10:00:00', end_date: '2030-02-01 12:00:00' }],
  }, { now });
  request = supertest.agent(createApp({ db, clock: () => now, siteUrl: 'http://calendar.test' }));
});

afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const list = async (query: string) => {
  const res = await request.get(`${TRIBE_API}/events?start_date=2030-01-01${query ? `&${query}` : ''}`);
  expect([res.status, res.body.code]).toEqual([200, undefined]);
  return (res.body.events as Array<{ id: number; title: string }>).map((e) => `${e.id} ${e.title}`);
};

it('creates no schema object that needs a SQLite newer than 3.37', async () => {
  const sql: Array<{ sql: string | null }> = await db.knex.raw("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL");
  expect(sql.map((r) => r.sql).join('\n')).not.toMatch(/contentless_delete|STRICT|UNIXEPOCH|RETURNING|->>/i);
});

it('takes posts, meta and terms written by another SQLite program, and shows them at the next request', async () => {
  expect(await list('search=harbour')).toEqual(['101 Harbour concert']);
  const { version } = runSql(`
    INSERT INTO wp_posts (ID, post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, comment_count)
      VALUES (202, 1, '2029-12-01 00:00:00', '2029-12-01 00:00:00', 'Written elsewhere', 'Lighthouse tour', '', 'publish', 'closed', 'closed', '', 'lighthouse-tour', '', '', '2029-12-01 00:00:00', '2029-12-01 00:00:00', '', 0, 'http://calendar.test/?p=202', 0, 'tribe_events', '', 0);
    INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES
      (202, '_EventStartDate', '2030-03-01 09:00:00'), (202, '_EventEndDate', '2030-03-01 10:00:00'),
      (202, '_EventStartDateUTC', '2030-03-01 09:00:00'), (202, '_EventEndDateUTC', '2030-03-01 10:00:00'), (202, '_EventTimezone', 'UTC');
    INSERT INTO wp_term_relationships (object_id, term_taxonomy_id, term_order)
      SELECT 202, tt.term_taxonomy_id, 0 FROM wp_term_taxonomy tt JOIN wp_terms t ON t.term_id = tt.term_id WHERE t.slug = 'outdoor';
    UPDATE wp_term_taxonomy SET count = count + 1 WHERE term_id = (SELECT term_id FROM wp_terms WHERE slug = 'outdoor');
    UPDATE wp_posts SET post_title = 'Harbor concert' WHERE ID = 101;
  `);
  // Debian 12's SQLite is 3.40; a newer one here would still have run the same statements.
  expect(version).toMatch(/^3\.\d+/);
  expect(await list('')).toEqual(['101 Harbor concert', '202 Lighthouse tour']);
  expect(await list('tags=outdoor')).toEqual(['202 Lighthouse tour']);
  // The search table follows both writes exactly: the new title is found, the old one no longer.
  expect(await list('search=lighthouse')).toEqual(['202 Lighthouse tour']);
  expect(await list('search=harbor')).toEqual(['101 Harbor concert']);
  expect(await list('search=harbour')).toEqual([]);
  runSql("DELETE FROM wp_postmeta WHERE post_id = 202; DELETE FROM wp_term_relationships WHERE object_id = 202; DELETE FROM wp_posts WHERE ID = 202;");
  expect(await list('')).toEqual(['101 Harbor concert']);
  expect(await list('search=lighthouse')).toEqual([]);
});

it('brings a search table of the earlier, contentless version to this one at the next start of a database it created', async () => {
  const table = 'wp_calendar_event_search';
  await db.knex.raw(`DROP TABLE "${table}"`);
  await db.knex.raw(`CREATE VIRTUAL TABLE "${table}" USING fts5(post_title, post_excerpt, post_content, content='', contentless_delete=1, tokenize='trigram')`);
  await db.knex('wp_options').where('option_name', 'calendar_event_search').update({ option_value: '1' });
  const result = await prepareDatabase(db, { prefix: 'wp_', siteUrl: 'http://calendar.test' });
  expect(result).toMatchObject({ searchIndexRemade: true });
  expect(result.eventIndexUpgradedFrom).toBeUndefined();
  const [{ sql }] = await db.knex.raw(`SELECT sql FROM sqlite_master WHERE name = '${table}'`);
  expect(sql).not.toMatch(/contentless/);
  expect(await db.knex('wp_options').where('option_name', 'calendar_event_search').first()).toMatchObject({ option_value: EVENT_SEARCH_INDEX_VERSION });
  expect(await list('search=harbor')).toEqual(['101 Harbor concert']);
  runSql("UPDATE wp_posts SET post_title = 'Harbour concert' WHERE ID = 101;");
  expect(await list('search=harbour')).toEqual(['101 Harbour concert']);
});

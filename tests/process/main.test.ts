import { EVENT_TRIGRAM_POSITIONS_TABLE, EVENT_TRIGRAM_TABLE } from '../../src/calendar/data/event-search-trigrams';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import knexFactory from 'knex';
import os from 'node:os';
import path from 'node:path';
import { parseDatabaseUrl } from '../../src/config/config';
import { createDatabase } from '../../src/db/database';
import { writeLockName } from '../../src/db/mysql-dialect';
import { CORE_TABLES, ensureSchema } from '../../src/db/schema';
import { eventIndexState } from '../../src/calendar/data/event-index-state';
import { EVENT_INDEX_VERSION } from '../../src/calendar/registry/identifiers';
import { prepareDatabase, writeDefaultOptions } from '../../src/setup/prepare-database';
import { updateOption } from '../../src/wp/options';
import { WpData } from '../../src/wp/wp-handle';
import { freePort, startMain, waitFor } from '../support/process';
import { seedEvent } from '../support/rows';
import { createCallers } from '../support/callers';
import { createTestDatabase, onMysql } from '../support/test-db';

/** The real process: configuration from the environment, start-up, serving, and a clean SIGTERM. */

/** The process's JSON log lines (not a terminal: one JSON object per line). */
const logLines = (output: string): Array<{ level: number; msg: string } & Record<string, unknown>> =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));

describe('the service process', () => {
  it('starts with only a port and a database, serves the index, and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-main-'));
    const testDb = onMysql() ? await createTestDatabase() : null;
    const port = await freePort();
    const databaseUrl = testDb ? `${process.env.TEST_MYSQL_URL!.replace(/\/[^/]*$/, '')}/${testDb.name}` : `sqlite:${path.join(dir, 'data/calendar.db')}`;
    const proc = startMain({ PORT: String(port), DATABASE_URL: databaseUrl, DB_TABLE_PREFIX: 'xyz_' });
    try {
      await waitFor(() => proc.output().includes('the calendar has no events'));
      // A database the service created gets the event index with its tables, and says the lists read it.
      expect(proc.output()).toContain('created the event index with the tables');
      // An empty calendar: the last start-up line says how to load the demo into this database, and its logins.
      const lines = logLines(proc.output());
      const hint = lines.findIndex((l) => l.msg.startsWith('the calendar has no events'));
      expect(hint).toBeGreaterThan(lines.findIndex((l) => l.msg === 'listening'));
      expect(lines[hint]).toMatchObject({
        level: 30,
        demo: `DATABASE_URL=${databaseUrl} DB_TABLE_PREFIX=xyz_ npx wp-calendar seed`,
        logins: ['admin', 'editor'],
        msg: `the calendar has no events: DATABASE_URL=${databaseUrl} DB_TABLE_PREFIX=xyz_ npx wp-calendar seed loads the demo calendar (50 events, 7 venues, 5 organizers); its logins, with HTTP Basic and an application password: admin / "demo demo demo demo demo demo" (administrator), editor / "edit edit edit edit edit edit" (editor)`,
      });
      expect(proc.output()).toContain('event lists count and page through the event index xyz_calendar_event_index (term filters through xyz_calendar_event_term_index), kept current by triggers on xyz_posts, xyz_postmeta and xyz_term_relationships');
      const index = await fetch(`http://127.0.0.1:${port}/wp-json/`);
      expect(index.status).toBe(200);
      const body = (await index.json()) as { home: string; namespaces: string[] };
      expect(body.home).toBe(`http://127.0.0.1:${port}`);
      expect(body.namespaces).toEqual(['calendar/events/v1', 'tribe/events/v1', 'tec/v1', 'wp/v2']);
      const ns = await fetch(`http://127.0.0.1:${port}/wp-json/tribe/events/v1`);
      expect(((await ns.json()) as { namespace: string }).namespace).toBe('tribe/events/v1');
      if (testDb) {
        const tables = (await testDb.db.dialect.listTables(testDb.db.knex)).sort();
        expect(tables).toEqual([...CORE_TABLES, 'calendar_change_stamps', 'calendar_event_index', 'calendar_event_index_counts', 'calendar_event_term_index', EVENT_TRIGRAM_TABLE, EVENT_TRIGRAM_POSITIONS_TABLE].map((t) => `xyz_${t}`).sort());
      } else {
        expect(existsSync(path.join(dir, 'data/calendar.db'))).toBe(true);
      }
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
      expect(proc.output()).toContain('shutting down');
    } finally {
      proc.child.kill('SIGKILL');
      await testDb?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on an existing WordPress database, says the lists read the date meta and what db:index would give', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-main-'));
    const testDb = onMysql() ? await createTestDatabase() : null;
    const port = await freePort();
    const databaseUrl = testDb ? `${process.env.TEST_MYSQL_URL!.replace(/\/[^/]*$/, '')}/${testDb.name}` : `sqlite:${path.join(dir, 'site.db')}`;
    // A WordPress site's tables, made without the service.
    const db = testDb?.db ?? createDatabase({ client: 'sqlite', filename: path.join(dir, 'site.db') });
    await ensureSchema(db, 'wp_');
    await writeDefaultOptions(WpData.open(db, 'wp_'), { prefix: 'wp_', siteUrl: 'http://site.test' }, []);
    if (!testDb) await db.close();
    const proc = startMain({ PORT: String(port), DATABASE_URL: databaseUrl });
    try {
      await waitFor(() => proc.output().includes('listening'));
      expect(proc.output()).toContain(
        "event lists read the events' date meta in wp_postmeta: each list joins two meta rows per event and sorts every match, which takes seconds at 100,000 events; wp-calendar db:index would add the event index (the table wp_calendar_event_index and six triggers on wp_posts and wp_postmeta, its counts with three triggers on it, and its term index wp_calendar_event_term_index with six triggers on wp_term_relationships and the index) and lists would count and page through it in milliseconds",
      );
      expect(proc.output()).not.toContain('created the event index');
      // Every list pays until db:index runs: a warning, not an info line among the request logs.
      expect(logLines(proc.output()).find((l) => l.eventLists === 'postmeta')).toMatchObject({ level: 40 });
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    } finally {
      proc.child.kill('SIGKILL');
      await testDb?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('upgrades the event index of a database it created at start, however long the rebuild takes against DB_QUERY_TIMEOUT', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-main-'));
    const testDb = onMysql() ? await createTestDatabase() : null;
    const port = await freePort();
    const databaseUrl = testDb ? `${process.env.TEST_MYSQL_URL!.replace(/\/[^/]*$/, '')}/${testDb.name}` : `sqlite:${path.join(dir, 'calendar.db')}`;
    const db = testDb?.db ?? createDatabase({ client: 'sqlite', filename: path.join(dir, 'calendar.db') });
    const wp = WpData.open(db, 'xyz_');
    expect((await prepareDatabase(db, { prefix: 'xyz_', siteUrl: 'http://site.test' })).eventIndex).toBe(true);
    for (let day = 1; day <= 20; day++) await seedEvent(wp, { post_title: `Day ${day}`, start: `2030-01-${String(day).padStart(2, '0')} 10:00:00`, end: `2030-01-${String(day).padStart(2, '0')} 11:00:00` });
    // An index of an earlier version, as an older release of the service left it.
    await updateOption(wp, 'calendar_event_index', '1', 'off');
    if (!testDb) await db.close();
    // A bound no statement of the rebuild (tables, triggers, rows) stays under: the start-up work must not be bound.
    const proc = startMain({ PORT: String(port), DATABASE_URL: databaseUrl, DB_TABLE_PREFIX: 'xyz_', DB_QUERY_TIMEOUT: '1' });
    try {
      await waitFor(() => proc.output().includes('listening') || proc.output().includes('cannot prepare the database'));
      expect(proc.output()).toContain('upgraded the event index from version 1');
      expect(proc.output()).toContain('event lists count and page through the event index xyz_calendar_event_index');
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
      // Events there: no word of the demo calendar.
      expect(proc.output()).not.toContain('the calendar has no events');
      const after = testDb?.db ?? createDatabase({ client: 'sqlite', filename: path.join(dir, 'calendar.db') });
      expect(await eventIndexState(WpData.open(after, 'xyz_'))).toMatchObject({ version: EVENT_INDEX_VERSION, complete: true, outdated: false });
      expect(Number(((await after.knex('xyz_calendar_event_index').count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n)).toBe(20);
      if (!testDb) await after.close();
    } finally {
      proc.child.kill('SIGKILL');
      await testDb?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad setting with a one-line message and exit code 2', async () => {
    const proc = startMain({ DB_TABLE_PREFIX: 'bad-prefix' });
    expect(await proc.exited).toBe(2);
    expect(proc.output().trim()).toBe(
      'Configuration error: DB_TABLE_PREFIX: must contain only letters, digits and underscores (as WordPress requires) (got "bad-prefix")',
    );
  });
});

/**
 * SIGTERM stops the process in bounded time even while a write still waits on the database: the requests in flight
 * get SHUTDOWN_TIMEOUT, the pool as long again, then the process exits and the write it left is not stored.
 * MariaDB: the write waits for a lock another session holds (on SQLite the wait for the file's lock blocks the whole
 * process, signals included, for DB_LOCK_TIMEOUT).
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
if (onMysql()) {
  it('stops within twice SHUTDOWN_TIMEOUT while a write waits for the write lock, and that write is not stored', async () => {
    const testDb = await createTestDatabase();
    const server = parseDatabaseUrl(process.env.TEST_MYSQL_URL!);
    if (server.client !== 'mysql') throw new Error('TEST_MYSQL_URL must be a mysql:// URL');
    const other = knexFactory({ client: 'mysql2', connection: { host: server.host, port: server.port, user: server.user, password: server.password, database: testDb.name }, pool: { min: 1, max: 1 } });
    const port = await freePort();
    try {
      await prepareDatabase(testDb.db, { prefix: 'wp_', siteUrl: 'http://calendar.test' });
      const callers = await createCallers(WpData.open(testDb.db, 'wp_'));
      const proc = startMain({
        PORT: String(port),
        DATABASE_URL: `${process.env.TEST_MYSQL_URL!.replace(/\/[^/]*$/, '')}/${testDb.name}`,
        DB_LOCK_TIMEOUT: '60000',
        REQUEST_TIMEOUT: '60000',
        SHUTDOWN_TIMEOUT: '1000',
      });
      try {
        await waitFor(() => proc.output().includes('listening'));
        await other.transaction(async (trx) => {
          expect(Number((await trx.raw('SELECT GET_LOCK(?, 0) AS got', [writeLockName(testDb.db.knex)]))[0][0].got)).toBe(1);
          const write = fetch(`http://127.0.0.1:${port}/wp-json/tribe/events/v1/events`, {
            method: 'POST',
            headers: { Authorization: callers.administrator.authorization, 'Content-Type': 'application/json' },
            body: JSON.stringify({ title: 'Cut by the stop', start_date: '2025-07-01 18:00:00', end_date: '2025-07-01 20:00:00' }),
          }).then(
            (res) => res.status,
            () => 'cut off',
          );
          await sleep(1000);
          const stopping = Date.now();
          proc.child.kill('SIGTERM');
          expect(await proc.exited).toBe(0);
          expect(Date.now() - stopping).toBeLessThan(2 * 1000 + 1500);
          expect(await write).toBe('cut off');
          await trx.raw('SELECT RELEASE_LOCK(?)', [writeLockName(testDb.db.knex)]);
        });
        await sleep(500);
        expect(await testDb.db.knex('wp_posts').where('post_title', 'Cut by the stop')).toHaveLength(0);
      } finally {
        proc.child.kill('SIGKILL');
      }
    } finally {
      await other.destroy();
      await testDb.close();
    }
  }, 60_000);
}

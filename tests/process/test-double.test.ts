import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../src/db/database';
import { freePort, startMain, waitFor } from '../support/process';
import { createTestDatabase, onMysql, type TestDatabase } from '../support/test-db';
import { basicAuthorization } from '../support/users';

/**
 * The service started as a test double for a suite in another language: TEST_DOUBLE=1 with FIXTURES and a
 * frozen CLOCK from the environment, driven over HTTP only.
 */

const ADMIN = basicAuthorization('admin', 'demo demo demo demo demo demo');

let dir: string;
let testDb: TestDatabase | null;
let databaseUrl: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-double-'));
  testDb = onMysql() ? await createTestDatabase() : null;
  databaseUrl = testDb ? `${process.env.TEST_MYSQL_URL!.replace(/\/[^/]*$/, '')}/${testDb.name}` : `sqlite:${path.join(dir, 'calendar.db')}`;
});
afterAll(async () => {
  await testDb?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function withDb<T>(work: (db: Database) => Promise<T>): Promise<T> {
  if (testDb) return work(testDb.db);
  const db = createDatabase({ client: 'sqlite', filename: path.join(dir, 'calendar.db') });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

describe('TEST_DOUBLE=1 with FIXTURES and CLOCK', () => {
  it('resets to the fixtures over HTTP, and every "now" is the frozen clock', async () => {
    const port = await freePort();
    const proc = startMain({ PORT: String(port), DATABASE_URL: databaseUrl, TEST_DOUBLE: '1', FIXTURES: 'fixtures/demo-calendar.yaml', CLOCK: '2025-06-01T12:00:00Z' });
    const base = `http://127.0.0.1:${port}/wp-json`;
    try {
      await waitFor(() => proc.output().includes('listening'));
      // A page of another origin cannot reset it; a client on this machine sending JSON can.
      const fromPage = await fetch(`${base}/calendar/test/v1/reset`, { method: 'POST', headers: { Origin: 'http://evil.example', 'Content-Type': 'text/plain' }, body: 'seed=0' });
      expect([fromPage.status, fromPage.headers.get('access-control-allow-origin'), ((await fromPage.json()) as { code: string }).code]).toEqual([403, null, 'rest_test_double_cross_origin']);
      const reset = await fetch(`${base}/calendar/test/v1/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(reset.status).toBe(200);
      expect(await reset.json()).toMatchObject({ reset: true, loaded: { events: 50 } });

      // The events list's default window is computed from the frozen clock (New York site, 08:00 local).
      const list = (await (await fetch(`${base}/calendar/events/v1/events?per_page=1`)).json()) as { rest_url: string; total: number };
      expect(list.rest_url).toContain('start_date=2025-05-31 00:00:00&end_date=2027-06-01 23:59:59');
      expect(list.total).toBeGreaterThan(0);

      // Relative date phrases, the post date and the trash time all read the frozen clock.
      const jazz = (await (await fetch(`${base}/calendar/events/v1/events/321`)).json()) as Record<string, unknown>;
      expect(jazz).toMatchObject({ start_date: '2025-06-03 18:00:00', date: '2025-06-01 08:00:00' });
      const created = await fetch(`${base}/calendar/events/v1/events`, {
        method: 'POST',
        headers: { Authorization: ADMIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'From another language', start_date: 'next friday 19:00', end_date: 'next friday 21:00' }),
      });
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ start_date: '2025-06-06 19:00:00', date: '2025-06-01 08:00:00', date_utc: '2025-06-01 12:00:00', modified_utc: '2025-06-01 12:00:00' });
      expect((await fetch(`${base}/calendar/events/v1/events/320`, { method: 'DELETE', headers: { Authorization: ADMIN } })).status).toBe(200);
      await withDb(async (db) => {
        const trashed = await db.knex('wp_postmeta').where({ post_id: 320, meta_key: '_wp_trash_meta_time' }).first();
        expect(trashed.meta_value).toBe('1748779200');
        const passwords = (await db.knex('wp_usermeta').where({ user_id: 1, meta_key: '_application_passwords' }).first()).meta_value as string;
        expect(passwords).toContain('s:9:"last_used";i:1748779200;s:7:"last_ip";s:9:"127.0.0.1";');
        expect(await db.knex('wp_users').where({ ID: 1 }).first()).toMatchObject({ user_registered: '2025-06-01 12:00:00' });
      });
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    } finally {
      proc.child.kill('SIGKILL');
    }
  });

  it('without TEST_DOUBLE the route does not exist', async () => {
    const port = await freePort();
    const proc = startMain({ PORT: String(port), DATABASE_URL: databaseUrl, FIXTURES: 'fixtures/demo-calendar.yaml' });
    try {
      await waitFor(() => proc.output().includes('listening'));
      const res = await fetch(`http://127.0.0.1:${port}/wp-json/calendar/test/v1/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('rest_no_route');
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    } finally {
      proc.child.kill('SIGKILL');
    }
  });

  it('a fixture file that cannot be read stops the start with exit code 2', async () => {
    const proc = startMain({ DATABASE_URL: databaseUrl, DB_TABLE_PREFIX: 'bad_', TEST_DOUBLE: '1', FIXTURES: 'fixtures/none.yaml' });
    expect(await proc.exited).toBe(2);
    expect(proc.output().trim()).toBe('Configuration error: FIXTURES: cannot read fixtures/none.yaml (ENOENT)');
    expect(await withDb(async (db) => (await db.dialect.listTables(db.knex)).filter((t) => t.startsWith('bad_')))).toEqual([]);
  });
});

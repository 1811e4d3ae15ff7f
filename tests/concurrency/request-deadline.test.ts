import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import knexFactory from 'knex';
import { createApp } from '../../src/app';
import { parseDatabaseUrl } from '../../src/config/config';
import { writeLockName } from '../../src/db/mysql-dialect';
import { onMysql } from '../support/test-db';
import { useCallers, useTestApp } from '../support/test-app';

/**
 * A request's deadline ends the work it times out: a write that reaches REQUEST_TIMEOUT is rolled back before the
 * 503 goes out (or, its COMMIT sent in time, answers the truth), however long it waited for the write lock or how
 * many rows it was writing; a write that would start after the 503 never begins. One request writes at most 100
 * entries per list argument. Real requests over HTTP, on the test's engine.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const SHORT = 400;
const t = useTestApp({ clock: () => NOW, requestTimeoutMs: SHORT });
const callers = useCallers(t);
let server: Server;
let base: string;

// Real requests over HTTP: the app listens on a port of its own.
beforeAll(async () => {
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json/tribe/events/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function call(method: string, path: string, body?: Record<string, unknown>, at = base): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${at}${path}`, { method, headers: { Authorization: callers.administrator.authorization, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, ms: Date.now() - started };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const event = (title: string, extra: Record<string, unknown> = {}) => ({ title, start_date: '2025-07-01 18:00:00', end_date: '2025-07-01 20:00:00', ...extra });

async function stored(title: string, termPrefix: string): Promise<{ posts: number; terms: number }> {
  const posts = await t.wp.knex(t.wp.t.posts).where('post_title', title).count({ n: '*' }).first();
  const terms = await t.wp.knex(t.wp.t.terms).where('name', 'like', `${termPrefix}%`).count({ n: '*' }).first();
  return { posts: Number(posts?.n), terms: Number(terms?.n) };
}

describe('a write that reaches its deadline', () => {
  it('is rolled back before its 503, or answered 201 with every row: never a 503 for a stored write', async () => {
    const inserts: string[] = [];
    // A term insert takes `slow` ms more (blocking, as a busy server would), so rounds cross the deadline whatever
    // the machine's speed: round 0 adds nothing, the last adds 5 ms to each of 200 inserts, twice the deadline.
    let slow = 0;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const listen = (q: { sql: string }) => {
      if (!/^insert into .?\w*terms.? /i.test(q.sql)) return;
      inserts.push(q.sql);
      if (slow > 0) Atomics.wait(pause, 0, 0, slow);
    };
    t.testDb.db.knex.on('query', listen);
    const outcomes: string[] = [];
    let rolledBackMidway = 0;
    try {
      // 100 new names per request (the most one list may hold) in two lists: a few hundred statements each.
      for (let round = 0; round < 6; round++) {
        const title = `Deadline ${round}`;
        const names = (p: string) => Array.from({ length: 100 }, (_, i) => `${p} ${round} ${i}`);
        inserts.length = 0;
        slow = round;
        const answer = await call('POST', '/events', event(title, { categories: names('DeadlineCat'), tags: names('DeadlineTag') }));
        // The answer comes by the deadline, plus the rollback of one statement's work.
        expect(answer.ms).toBeLessThan(SHORT + 1500);
        // A write of this process queues behind any write still running after the answer: once it ran, that one ended.
        await t.testDb.db.writeTransaction(async () => undefined);
        const rows = await stored(title, `Deadline`);
        if (answer.status === 201) {
          expect(rows.posts).toBe(1);
          const mine = await t.wp.knex(t.wp.t.terms).where('name', 'like', `Deadline% ${round} %`).count({ n: '*' }).first();
          expect(Number(mine?.n)).toBe(200);
        } else {
          expect([answer.status, answer.body.code]).toEqual([503, 'rest_request_timeout']);
          expect(rows.posts).toBe(0);
          const mine = await t.wp.knex(t.wp.t.terms).where('name', 'like', `Deadline% ${round} %`).count({ n: '*' }).first();
          expect(Number(mine?.n)).toBe(0);
          if (inserts.length > 0) rolledBackMidway++;
        }
        outcomes.push(String(answer.status));
      }
    } finally {
      t.testDb.db.knex.removeListener('query', listen);
    }
    // The slowest rounds do not finish: their terms were being inserted when the deadline rolled them back.
    expect(outcomes.slice(-1)).toEqual(['503']);
    expect(rolledBackMidway).toBeGreaterThan(0);
  }, 120_000);

  it('holds the write lock no longer than its deadline: a writer behind it gets its turn by then', async () => {
    // The other writer has no deadline of its own and waits as long as it must.
    const patient = createApp({ db: t.testDb.db, clock: () => NOW, requestTimeoutMs: 0 });
    const local = patient.listen(0, '127.0.0.1');
    await new Promise((resolve) => local.once('listening', resolve));
    try {
      const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}/wp-json/tribe/events/v1`;
      const names = (p: string) => Array.from({ length: 100 }, (_, i) => `${p} ${i}`);
      const long = call('POST', '/events', event('Long write', { categories: names('HoldCat'), tags: names('HoldTag') }));
      await sleep(50);
      const behind = await call('POST', '/events', event('Behind the long write'), at);
      expect(behind.status).toBe(201);
      expect(behind.ms).toBeLessThan(SHORT + 1500);
      expect([201, 503]).toContain((await long).status);
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  }, 30_000);

  it('never begins when it reaches the deadline waiting for the write lock, even once the lock is free', async () => {
    // Another writer of this process holds the write lock past the request's deadline.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = t.testDb.db.writeTransaction(() => held);
    await sleep(50);
    const answer = call('POST', '/events', event('Behind the lock', { categories: ['Behind Cat'] }));
    const first = await answer;
    expect([first.status, first.body.code]).toEqual([503, 'rest_request_timeout']);
    expect(first.ms).toBeLessThan(SHORT + 1500);
    release();
    await holder;
    await sleep(500);
    expect(await stored('Behind the lock', 'Behind Cat')).toEqual({ posts: 0, terms: 0 });
    // The lock is free again: a write in time is stored.
    const next = await call('POST', '/events', event('After the lock'));
    expect(next.status).toBe(201);
  }, 30_000);
});

if (onMysql()) {
  it('on MariaDB, waits for a lock held by another process no longer than the deadline, and writes nothing after', async () => {
    const server = parseDatabaseUrl(process.env.TEST_MYSQL_URL!);
    if (server.client !== 'mysql') throw new Error('TEST_MYSQL_URL must be a mysql:// URL');
    const other = knexFactory({ client: 'mysql2', connection: { host: server.host, port: server.port, user: server.user, password: server.password, database: t.testDb.name }, pool: { min: 1, max: 1 } });
    try {
      const name = writeLockName(t.testDb.db.knex);
      await other.transaction(async (trx) => {
        expect(Number((await trx.raw('SELECT GET_LOCK(?, 0) AS got', [name]))[0][0].got)).toBe(1);
        const first = await call('POST', '/events', event('Other process', { tags: ['Other Tag'] }));
        expect([first.status, first.body.code]).toEqual([503, 'rest_request_timeout']);
        // GET_LOCK waits whole seconds: at most one past the deadline.
        expect(first.ms).toBeLessThan(SHORT + 2000);
        await trx.raw('SELECT RELEASE_LOCK(?)', [name]);
      });
      await sleep(1500);
      expect(await stored('Other process', 'Other Tag')).toEqual({ posts: 0, terms: 0 });
    } finally {
      await other.destroy();
    }
  }, 30_000);
}

describe('what one request may write', () => {
  it('refuses a list of 4,000 new names with a WordPress error before writing anything', async () => {
    const app = createApp({ db: t.testDb.db, clock: () => NOW, requestTimeoutMs: 0 });
    const names = Array.from({ length: 4000 }, (_, i) => `Bulk ${i}`);
    const local = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => local.once('listening', resolve));
    try {
      const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}/wp-json/tribe/events/v1`;
      const answer = await call('POST', '/events', event('Bulk', { categories: names }), at);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'rest_invalid_param',
        data: { status: 400, params: { categories: 'categories must contain at most 100 items.' }, details: { categories: { code: 'rest_too_many_items' } } },
      });
      const update = await call('PUT', `/events/${Number((await call('POST', '/events', event('Small'), at)).body.id)}`, { tags: names.join(',') }, at);
      expect([update.status, update.body.code]).toEqual([400, 'rest_invalid_param']);
      expect(await stored('Bulk', 'Bulk ')).toEqual({ posts: 0, terms: 0 });
      // 100 entries are accepted.
      expect((await call('POST', '/events', event('Hundred', { tags: names.slice(0, 100) }), at)).status).toBe(201);
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  }, 60_000);
});

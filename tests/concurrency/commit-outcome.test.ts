import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/app';
import { parseDatabaseUrl } from '../../src/config/config';
import { createDatabase, type Database } from '../../src/db/database';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-handle';
import { TRIBE_API } from '../support/rest-paths';
import { createCallers, type Callers } from '../support/callers';
import { HangingProxy } from '../support/hanging-proxy';
import { PrivateMariaDb } from '../support/private-mariadb';
import { freePort } from '../support/process';

/**
 * The database hangs at the worst moment of a write: just after its COMMIT reached the server (which commits, but
 * answers only when it resumes), or just after the COMMIT's answer came back (what the request does next waits).
 * The hang outlasts the request's deadline and the database's statement limit. A client must be able to conclude
 * from any 5xx that nothing was stored: every answer here is the truth about the rows, and a write that committed
 * is answered as one. The service reaches MariaDB through a proxy that hangs at that exact point (the server
 * itself never stops: the rows are read from it directly).
 */

const REQUEST_TIMEOUT_MS = 3_000;
const HANG_MS = 4_500;

let mariadb: PrivateMariaDb;
let proxy: HangingProxy;
let db: Database;
let direct: Database;
let server: Server;
let base: string;
let callers: Callers;

beforeAll(async () => {
  mariadb = new PrivateMariaDb({ port: await freePort(), datadir: path.join(mkdtempSync(path.join(os.tmpdir(), 'calendar-commit-')), 'data') });
  await mariadb.start();
  await mariadb.query('CREATE DATABASE outcome CHARACTER SET utf8mb4');
  proxy = new HangingProxy({ host: '127.0.0.1', port: mariadb.port });
  const proxyPort = await proxy.listen();
  const quiet = () => undefined;
  const log = { warn: quiet, error: quiet, debug: quiet, deprecate: quiet };
  db = createDatabase(parseDatabaseUrl(`mysql://root@127.0.0.1:${proxyPort}/outcome`), { limits: { acquireTimeoutMs: 1_000, queryTimeoutMs: 2_000, lockTimeoutMs: 2_000, poolSize: 5 }, log });
  direct = createDatabase(parseDatabaseUrl(mariadb.url('outcome')), { log });
  await prepareDatabase(direct, { prefix: 'wp_', siteUrl: 'http://calendar.test' });
  callers = await createCallers(WpData.open(direct, 'wp_'));
  const app = createApp({ db, clock: () => new Date('2025-06-01T12:00:00Z'), requestTimeoutMs: REQUEST_TIMEOUT_MS });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${TRIBE_API}`;
  // A first write warms the pool and the code up: the tests' writes reach their COMMIT well within the deadline.
  expect((await create().answer).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await proxy?.close();
  await db?.close();
  await direct?.close();
  await mariadb?.destroy();
});

const wp = () => WpData.open(direct, 'wp_');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  code?: string;
}

async function call(method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: { Authorization: callers.administrator.authorization, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code?: string };
  return { status: res.status, code: res.status >= 400 ? json.code : undefined };
}

let counter = 0;
const create = (title = `Commit ${counter++}`) => ({ title, answer: call('POST', `${base}/events`, { title, start_date: '2025-07-01 18:00:00', end_date: '2025-07-01 20:00:00', venue: { venue: 'Commit Hall' }, categories: ['Commit'] }) });

async function storedTitle(title: string): Promise<boolean> {
  return (await wp().knex(wp().t.posts).where({ post_type: 'tribe_events', post_title: title }).first('ID')) !== undefined;
}

async function newEvent(): Promise<number> {
  const { title, answer } = create();
  expect(await answer).toEqual({ status: 201, code: undefined });
  return Number((await wp().knex(wp().t.posts).where('post_title', title).first('ID')).ID);
}

async function trashed(id: number): Promise<{ status: string; trashMeta: number }> {
  const row = await wp().knex(wp().t.posts).where('ID', id).first('post_status');
  const meta = await wp().knex(wp().t.postmeta).where({ post_id: id, meta_key: '_wp_trash_meta_status' }).count({ n: '*' }).first();
  return { status: String(row.post_status), trashMeta: Number(meta?.n) };
}

/** The statements of the transactions the hang is aimed at: a create's, a move to the trash's. */
const INSERTS_POST = /^\s*insert into `wp_posts`/i;
const UPDATES_POST = /^\s*update `wp_posts`/i;

/** Waits for the hang to end: the rows are then what the database will keep. */
async function settle(): Promise<void> {
  await proxy.idle();
  proxy.disarm();
  await sleep(200);
}

describe.each(['sent', 'answered'] as const)('the database hangs once the COMMIT was %s', (moment) => {
  it('answers a create that the database stored with its 201, never a 5xx', async () => {
    // The request spends most of its time before the COMMIT: the hang outlasts its deadline.
    const hangs = proxy.hangs;
    proxy.hangAtNextCommit(moment, HANG_MS, INSERTS_POST);
    const { title, answer } = create();
    const got = await answer;
    await settle();
    expect(proxy.hangs).toBe(hangs + 1);
    expect({ got, stored: await storedTitle(title) }).toEqual({ got: { status: 201, code: undefined }, stored: true });
  }, 30_000);

  it('answers a move to the trash that the database stored with its 200, never a 5xx', async () => {
    const id = await newEvent();
    const hangs = proxy.hangs;
    proxy.hangAtNextCommit(moment, HANG_MS, UPDATES_POST);
    const got = await call('DELETE', `${base}/events/${id}`);
    await settle();
    expect(proxy.hangs).toBe(hangs + 1);
    expect({ got, row: await trashed(id) }).toEqual({ got: { status: 200, code: undefined }, row: { status: 'trash', trashMeta: 1 } });
  }, 30_000);
});

describe.each([
  ['the proxy holds every byte', false],
  ['the server itself stops (SIGSTOP), the COMMIT in its socket', true],
] as const)('many rounds, while %s', (_name, stopsServer) => {
  beforeAll(() => {
    proxy.stoppable = stopsServer ? mariadb : undefined;
  });
  afterAll(() => {
    proxy.stoppable = undefined;
  });

  it('keeps its word: a write answered 5xx is never stored, one answered 2xx always is', async () => {
    const rounds: Array<{ moment: string; kind: string; status: number; code?: string; stored: boolean }> = [];
    const hangs = proxy.hangs;
    for (let i = 0; i < 10; i++) {
      const moment = i % 2 === 0 ? 'sent' : 'answered';
      const id = await newEvent();
      // Two creates and a move to the trash at once: one meets the hang at its COMMIT, the others wait for the lock
      // or a connection, or meet the hang at their own statements.
      proxy.hangAtNextCommit(moment, HANG_MS, i % 4 < 2 ? INSERTS_POST : UPDATES_POST);
      const writes = [create(), create()];
      const [first, second, trash] = await Promise.all([...writes.map((w) => w.answer), call('DELETE', `${base}/events/${id}`)]);
      await settle();
      rounds.push({ moment, kind: 'create', ...first!, stored: await storedTitle(writes[0]!.title) });
      rounds.push({ moment, kind: 'create', ...second!, stored: await storedTitle(writes[1]!.title) });
      const row = await trashed(id);
      rounds.push({ moment, kind: 'trash', ...trash!, stored: row.status === 'trash' && row.trashMeta === 1 });
      expect(row.trashMeta).toBe(row.status === 'trash' ? 1 : 0);
    }
    for (const r of rounds) expect(r).toEqual({ ...r, stored: r.status < 300 });
    for (const r of rounds.filter((x) => x.status >= 500)) expect(['503 db_unavailable', '503 rest_request_timeout']).toContain(`${r.status} ${r.code}`);
    // The hang met a COMMIT in most rounds (a round whose writes all ended before their COMMIT tests nothing).
    expect(proxy.hangs - hangs).toBeGreaterThanOrEqual(8);
  }, 400_000);
});

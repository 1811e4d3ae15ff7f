import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { parseDatabaseUrl } from '../../src/config/config';
import { createDatabase, type Database } from '../../src/db/database';
import { StampedCache } from '../../src/db/stamped-cache';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-handle';
import { raceKeptAnswers, racedUrls } from '../support/kept-answers';
import { TRIBE_API } from '../support/rest-paths';
import { createCallers, type Callers } from '../support/callers';
import { seedEvent, seedPost } from '../support/rows';
import { SITE_URL } from '../support/test-app';

/**
 * Kept answers on a SQLite file that another process writes (kept-answers-race.test.ts is the same test with a
 * second connection of this process, on both engines): in each round, the other process writes — by plain SQL on a
 * better-sqlite3 connection of its own, or through a second service instance of its own — while readers ask an app
 * of this process that keeps answers (list totals and pages, whole answers by ETag, feeds) for the same lists. Once
 * the round's write is done, every answer the keeping app gives must be exactly what an app on a connection of its
 * own that keeps nothing answers. The file is always SQLite, whatever engine the suite runs on.
 */

const ROUNDS = Number(process.env.RACE_ROUNDS ?? 200);
const NOW = new Date('2025-06-01T12:00:00Z');
const ROOT = TRIBE_API;
const file = path.join(os.tmpdir(), `calendar-other-process-${process.pid}-${Date.now()}.db`);

let service: Database;
let freshDb: Database;
let wp: WpData;
let keeping: supertest.Agent;
let fresh: supertest.Agent;
let otherApi: supertest.Agent;
let callers: Callers;
let servers: Server[] = [];
let other: ChildProcess;
const events: number[] = [];

/** The other process's answers to its statements, by message id. */
const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
let nextId = 0;

/** One statement run by the other process's own connection to the file. */
function otherSql(sql: string, params: unknown[]): Promise<void> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    other.send({ id, sql, params });
  });
}

beforeAll(async () => {
  service = createDatabase(parseDatabaseUrl(`sqlite:${file}`));
  await prepareDatabase(service, { prefix: 'wp_', siteUrl: SITE_URL });
  freshDb = createDatabase(parseDatabaseUrl(`sqlite:${file}`));
  wp = WpData.open(service, 'wp_');
  callers = await createCallers(wp, '_other');
  const venue = await seedPost(wp, { post_type: 'tribe_venue', post_title: 'Hall', post_status: 'publish' });
  for (let day = 1; day <= 12; day++) {
    events.push(await seedEvent(wp, { post_title: `Gig ${day}`, start: `2025-07-${String(day).padStart(2, '0')} 19:00:00`, end: `2025-07-${String(day).padStart(2, '0')} 21:00:00`, meta: { _EventVenueID: venue } }));
  }
  other = fork(path.join(__dirname, '../support/sqlite-other-process.ts'), [file], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    other.once('exit', (code) => reject(new Error(`the other process exited (${code})`)));
    other.on('message', (message: { port?: number; id?: number; error?: string }) => {
      if (message.port !== undefined) return resolve(message.port);
      const waiting = pending.get(message.id!);
      pending.delete(message.id!);
      if (message.error) waiting?.reject(new Error(message.error));
      else waiting?.resolve();
    });
  });
  otherApi = supertest.agent(`http://127.0.0.1:${port}`);
  // The fresh app reads through a connection of its own and keeps nothing, list totals included (a cache of none).
  servers = [createApp({ db: service, tablePrefix: 'wp_', clock: () => NOW }), createApp({ db: { ...freshDb, counts: new StampedCache<number>(0) }, tablePrefix: 'wp_', clock: () => NOW, listCache: false })].map((app) => app.listen(0, '127.0.0.1'));
  [keeping, fresh] = servers.map((server) => supertest.agent(server));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  if (other?.connected) {
    const exited = new Promise((resolve) => other.once('exit', resolve));
    other.disconnect();
    await exited;
  }
  await freshDb?.close();
  await service?.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
});

const urls = () => racedUrls(events);

/** One write of the other process, chosen by the round: its service's, or plain SQL's to a title, a date, a status. */
async function write(round: number): Promise<void> {
  const id = events[round % events.length]!;
  const day = String(1 + ((round * 7) % 28)).padStart(2, '0');
  switch (round % 4) {
    case 0: {
      const res = await otherApi.post(`${ROOT}/events/${id}`).set('Authorization', callers.administrator.authorization).send({ title: `Gig ${id} r${round}`, start_date: `2025-07-${day} 17:00:00`, end_date: `2025-07-${day} 19:00:00` });
      expect(res.status).toBe(200);
      return;
    }
    case 1:
      return otherSql('UPDATE wp_posts SET post_title = ? WHERE ID = ?', [`Gig ${id} sql ${round}`, id]);
    case 2:
      return otherSql("UPDATE wp_postmeta SET meta_value = ? WHERE post_id = ? AND meta_key = '_EventStartDate'", [`2025-07-${day} 18:00:00`, id]);
    default:
      return otherSql('UPDATE wp_posts SET post_status = ? WHERE ID = ?', [round % 8 === 3 ? 'draft' : 'publish', id]);
  }
}

it(`never keeps an answer that differs from a fresh one once the other process's writer stops (${ROUNDS} rounds)`, async () => {
  const compared = await raceKeptAnswers({ rounds: ROUNDS, urls: urls(), write, keeping, fresh });
  expect(compared).toBeGreaterThanOrEqual(ROUNDS * 3);
}, 900_000);

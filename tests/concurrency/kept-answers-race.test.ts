import type { Server } from 'node:http';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { raceKeptAnswers, racedUrls } from '../support/kept-answers';
import { TRIBE_API } from '../support/rest-paths';
import { createCallers, type Callers } from '../support/callers';
import { seedEvent, seedPost } from '../support/rows';
import { useSharedDatabase } from '../support/shared-database';

/**
 * Kept answers under concurrent writes: in each round, writers — through the API and by plain SQL on another
 * connection — run while readers ask the same lists, events and feed of an app that keeps answers (list totals and
 * pages, whole answers by ETag, feeds). Once the round's writers are done, every answer the keeping app gives must
 * be exactly what an app that keeps nothing answers from the database as it now is. Hundreds of rounds, on
 * SQLite and on MariaDB.
 */

const ROUNDS = Number(process.env.RACE_ROUNDS ?? 200);
const NOW = new Date('2025-06-01T12:00:00Z');
const ROOT = TRIBE_API;

const db = useSharedDatabase('race');
let keeping: supertest.Agent;
let fresh: supertest.Agent;
let callers: Callers;
let servers: Server[] = [];
const events: number[] = [];

beforeAll(async () => {
  // Listening once: a server per request (supertest's default) would cost more than the requests.
  servers = [createApp({ db: db.service, tablePrefix: 'wp_', clock: () => NOW }), createApp({ db: db.service, tablePrefix: 'wp_', clock: () => NOW, listCache: false })].map((app) => app.listen(0, '127.0.0.1'));
  [keeping, fresh] = servers.map((server) => supertest.agent(server));
  callers = await createCallers(db.wp, '_race');
  const venue = await seedPost(db.wp, { post_type: 'tribe_venue', post_title: 'Hall', post_status: 'publish' });
  for (let day = 1; day <= 12; day++) {
    events.push(await seedEvent(db.wp, { post_title: `Gig ${day}`, start: `2025-07-${String(day).padStart(2, '0')} 19:00:00`, end: `2025-07-${String(day).padStart(2, '0')} 21:00:00`, meta: { _EventVenueID: venue } }));
  }
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const urls = () => racedUrls(events);

/** One write, chosen by the round: the API's or plain SQL's, to a title, a date, a status. */
async function write(round: number): Promise<void> {
  const id = events[round % events.length]!;
  const day = String(1 + ((round * 7) % 28)).padStart(2, '0');
  switch (round % 4) {
    case 0: {
      const res = await keeping.post(`${ROOT}/events/${id}`).set('Authorization', callers.administrator.authorization).send({ title: `Gig ${id} r${round}` });
      expect(res.status).toBe(200);
      return;
    }
    case 1:
      await db.otherWp.knex(db.otherWp.t.posts).where({ ID: id }).update({ post_title: `Gig ${id} sql ${round}` });
      return;
    case 2:
      await db.otherWp.knex(db.otherWp.t.postmeta).where({ post_id: id, meta_key: '_EventStartDate' }).update({ meta_value: `2025-07-${day} 18:00:00` });
      return;
    default:
      await db.otherWp.knex(db.otherWp.t.posts).where({ ID: id }).update({ post_status: round % 8 === 3 ? 'draft' : 'publish' });
  }
}

it(`never keeps an answer that differs from a fresh one once the writers stop (${ROUNDS} rounds)`, async () => {
  const compared = await raceKeptAnswers({ rounds: ROUNDS, urls: urls(), write, keeping, fresh });
  expect(compared).toBeGreaterThanOrEqual(ROUNDS * 3);
}, 900_000);

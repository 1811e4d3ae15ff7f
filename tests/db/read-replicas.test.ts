import supertest from 'supertest';
import { createApp } from '../../src/app';
import { runCli } from '../../src/cli/program';
import { loadConfig } from '../../src/config/config';
import { createDatabase, type Database } from '../../src/db/database';
import { newRoute } from '../../src/db/read-routing';
import { withReadRouting } from '../../src/db/routed-database';
import { createMetrics } from '../../src/metrics/metrics';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-handle';
import { EVENT_TRIGRAM_TABLE } from '../../src/calendar/data/event-search-trigrams';
import { CHANGE_STAMP_TABLE } from '../../src/wp/change-stamps';
import { createCallers, type Callers } from '../support/callers';
import { startReplicatedPair, type ReplicatedPair } from '../support/mariadb-servers';
import { SITE_URL } from '../support/test-app';
import { TRIBE_API } from '../support/rest-paths';

/**
 * DATABASE_REPLICA_URLS on a real MariaDB primary and GTID replica (two private mariadbd processes): what each
 * request reads from and writes to, seen through rows made to differ on purpose between the two servers.
 */

jest.setTimeout(180_000);

const NAME = 'calendar_replicas';
const NOW = new Date('2025-06-01T12:00:00Z');
let pair: ReplicatedPair;
let primaryDb: Database;
let db: Database;
let request: supertest.Agent;
let callers: Callers;
let eventId: number;
let venueId: number;
const metrics = createMetrics();

beforeAll(async () => {
  pair = await startReplicatedPair();
  const admin = pair.primary.admin();
  await admin.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4', [NAME]);
  await admin.destroy();
  // The primary is stopped at the end: knex's own lines about the lost connections are not wanted.
  primaryDb = createDatabase(pair.primary.config(NAME), { log: { warn() {}, error() {}, debug() {}, deprecate() {} } });
  await prepareDatabase(primaryDb, { prefix: 'wp_', siteUrl: SITE_URL });
  callers = await createCallers(WpData.open(primaryDb, 'wp_'));
  const config = loadConfig({ DATABASE_URL: pair.primary.url(NAME), DATABASE_REPLICA_URLS: pair.replica.url(NAME), REPLICA_CHECK_INTERVAL: '600000', REPLICA_MAX_LAG: '1' });
  db = withReadRouting(primaryDb, config, { observe: metrics.observeQuery });
  metrics.watch(db);
  request = supertest.agent(createApp({ db, tablePrefix: 'wp_', clock: () => NOW, metrics, databaseHeader: true }));

  const venue = await request.post(`${TRIBE_API}/venues`).set('Authorization', callers.administrator.authorization).send({ venue: 'Main Hall' });
  expect(venue.status).toBe(201);
  venueId = venue.body.id;
  const event = await request
    .post(`${TRIBE_API}/events`)
    .set('Authorization', callers.administrator.authorization)
    .send({ title: 'Primary title', start_date: '2025-07-01 18:00:00', end_date: '2025-07-01 21:00:00' });
  expect(event.status).toBe(201);
  eventId = event.body.id;
  await diverge();
  expect((await db.replicas!.checkAll())[0]).toMatchObject({ name: 'replica-1', state: 'healthy', lagSeconds: 0 });
});

/** `wp-calendar status --json` on the pair, as an operator would run it next to the service. */
async function status(): Promise<{ code: number; report: any }> {
  let stdout = '';
  const env = { DATABASE_URL: pair.primary.url(NAME), DATABASE_REPLICA_URLS: pair.replica.url(NAME), REPLICA_MAX_LAG: '1' };
  const code = await runCli(['status', '--json'], { env, stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stdout += s) } });
  return { code, report: JSON.parse(stdout) };
}

afterAll(async () => {
  await db?.close();
  await pair?.close();
});

/** Makes the replica's copies of the event and venue titles differ from the primary's, once it has caught up. */
async function diverge(): Promise<void> {
  await pair.synced();
  const replica = pair.replica.admin();
  // The search table's triggers would rewrite the replica's trigram rows of the retitled posts, and the primary's
  // later row events, deleting the rows it has, would then find none there and stop the replication: the titles
  // differ on purpose, the trigram rows are kept as the primary has them.
  const trigrams = `${NAME}.wp_${EVENT_TRIGRAM_TABLE}`;
  const kept = (await replica.raw(`SELECT post_id, trigram FROM ${trigrams} WHERE post_id IN (?, ?)`, [eventId, venueId]))[0] as Array<{ post_id: number; trigram: string }>;
  // So would the change stamps' triggers move the replica's counters past the primary's, where a later write of
  // the primary could bring them back to a value they already had: they too are kept as the primary has them.
  const stamps = `${NAME}.wp_${CHANGE_STAMP_TABLE}`;
  const counters = (await replica.raw(`SELECT family, slot, version FROM ${stamps}`))[0] as Array<{ family: string; slot: number; version: number }>;
  await replica.raw('UPDATE ??.wp_posts SET post_title = ? WHERE ID = ?', [NAME, 'Replica title', eventId]);
  await replica.raw('UPDATE ??.wp_posts SET post_title = ? WHERE ID = ?', [NAME, 'Replica hall', venueId]);
  await replica.raw(`DELETE FROM ${trigrams} WHERE post_id IN (?, ?)`, [eventId, venueId]);
  for (const row of counters) await replica.raw(`UPDATE ${stamps} SET version = ? WHERE family = ? AND slot = ?`, [row.version, row.family, row.slot]);
  if (kept.length > 0) await replica.raw(`INSERT INTO ${trigrams} (post_id, trigram) VALUES ${kept.map(() => '(?, ?)').join(', ')}`, kept.flatMap((row) => [row.post_id, row.trigram]));
  await replica.destroy();
}

const titleOnPrimary = async (id: number) => (await primaryDb.knex('wp_posts').where('ID', id).first('post_title'))?.post_title;

describe('reads and writes with a replica', () => {
  it('answers a read from the replica and names it in X-Database', async () => {
    const res = await request.get(`${TRIBE_API}/events/${eventId}`);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Replica title');
    expect(res.headers['x-database']).toBe('replica-1');
    const list = await request.get(`${TRIBE_API}/events?start_date=2025-06-01`);
    expect(list.body.events.map((e: { title: string }) => e.title)).toEqual(['Replica title']);
    expect(list.headers['x-database']).toBe('replica-1');
  });

  it('keeps answers under the replica’s change stamp: a 304 from it, a new answer once a write by plain SQL on the primary replays', async () => {
    const url = `${TRIBE_API}/events?start_date=2025-06-01`;
    const first = await request.get(url);
    expect(first.status).toBe(200);
    expect(first.headers['x-database']).toBe('replica-1');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"/);
    expect((await request.get(url).set('If-None-Match', etag)).status).toBe(304);
    // Another writer (WordPress, a script) on the primary: the replica's stamp moves when it replays the write.
    const content = (await primaryDb.knex('wp_posts').where('ID', eventId).first('post_content')).post_content;
    await primaryDb.knex('wp_posts').where('ID', eventId).update({ post_content: 'Replayed description' });
    await pair.synced();
    const after = await request.get(url).set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.headers['x-database']).toBe('replica-1');
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.events[0].description).toContain('Replayed description');
    // The kept answer is the replica's fresh one.
    const again = await request.get(url);
    expect(again.body).toEqual(after.body);
    await primaryDb.knex('wp_posts').where('ID', eventId).update({ post_content: content });
    await pair.synced();
  });

  it('writes on the primary and reads a write request’s answer from the primary', async () => {
    const res = await request
      .post(`${TRIBE_API}/events`)
      .set('Authorization', callers.administrator.authorization)
      .send({ title: 'Written', start_date: '2025-07-02 18:00:00', end_date: '2025-07-02 21:00:00', venue: venueId });
    expect(res.status).toBe(201);
    expect(res.headers['x-database']).toBe('primary');
    // The embedded venue is the primary's row, not the replica's copy.
    expect(res.body.venue.venue).toBe('Main Hall');
    expect(await titleOnPrimary(res.body.id)).toBe('Written');
    const update = await request
      .post(`${TRIBE_API}/events/${eventId}`)
      .set('Authorization', callers.administrator.authorization)
      .send({ description: 'Changed' });
    expect(update.status).toBe(200);
    expect(update.body.title).toBe('Primary title');
    expect(update.headers['x-database']).toBe('primary');
  });

  it('reads from the primary once a request has written', async () => {
    await diverge();
    // The editor's first authenticated request records the password's last use (a write) before the event is read.
    const res = await request.get(`${TRIBE_API}/events/${eventId}`).set('Authorization', callers.editor.authorization);
    expect(res.status).toBe(200);
    expect(res.headers['x-database']).toBe('replica-1, primary');
    expect(res.body.title).toBe('Primary title');

    const route = newRoute('GET');
    const titles = await db.routing!.run(route, async () => {
      const before = (await db.knex('wp_posts').where('ID', eventId).first('post_title')).post_title;
      await db.knex('wp_options').insert({ option_name: 'replica_probe', option_value: '1', autoload: 'off' });
      const after = (await db.knex('wp_posts').where('ID', eventId).first('post_title')).post_title;
      return [before, after];
    });
    expect(titles).toEqual(['Replica title', 'Primary title']);
    expect([...route.used]).toEqual(['replica-1', 'primary']);
    expect(await primaryDb.knex('wp_options').where('option_name', 'replica_probe').first('option_value')).toEqual({ option_value: '1' });
  });

  it('skips a replica that stopped replicating until it replicates again', async () => {
    const admin = pair.replica.admin();
    try {
      await admin.raw('STOP SLAVE SQL_THREAD');
      expect((await db.replicas!.checkAll())[0]).toMatchObject({ state: 'down', reason: expect.stringContaining('replication is stopped') });
      const skipped = await request.get(`${TRIBE_API}/events/${eventId}`);
      expect([skipped.status, skipped.body.title, skipped.headers['x-database']]).toEqual([200, 'Primary title', 'primary']);
      const ready = await request.get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.replicas).toEqual([{ name: 'replica-1', state: 'down', lag_seconds: null, reason: expect.stringContaining('replication is stopped') }]);
      // wp-calendar status says so, and that it needs the operator.
      const stopped = await status();
      expect(stopped.code).toBe(1);
      expect(stopped.report.replicas).toEqual(ready.body.replicas.map((r: Record<string, unknown>) => ({ ...r, url: pair.replica.url(NAME) })));
      expect(stopped.report.attention).toEqual([`replica-1 (${pair.replica.url(NAME)}) is down: ${ready.body.replicas[0].reason}; reads go to the primary until it is healthy`]);
    } finally {
      await admin.raw('START SLAVE SQL_THREAD');
      await admin.destroy();
    }
    await pair.synced();
    expect((await db.replicas!.checkAll())[0].state).toBe('healthy');
    const back = await request.get(`${TRIBE_API}/events/${venueId}`.replace('events', 'venues'));
    expect(back.headers['x-database']).toBe('replica-1');
  });

  it('skips a replica that lags past REPLICA_MAX_LAG until it catches up', async () => {
    const admin = pair.replica.admin();
    const primary = pair.primary.admin();
    try {
      // MASTER_DELAY holds every change back on the replica: its lag grows past the one-second bound.
      await admin.raw('STOP SLAVE');
      await admin.raw('CHANGE MASTER TO MASTER_DELAY = 60');
      await admin.raw('START SLAVE');
      await primary.raw('UPDATE ??.wp_options SET option_value = ? WHERE option_name = ?', [NAME, 'Delayed', 'blogname']);
      const deadline = Date.now() + 60_000;
      while ((await db.replicas!.checkAll())[0]!.state !== 'lagging' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(db.replicas!.statuses()[0]).toMatchObject({ state: 'lagging', reason: expect.stringMatching(/^\d+ s behind the primary \(bound: 1 s\)$/) });
      const res = await request.get(`${TRIBE_API}/events/${eventId}`);
      expect([res.status, res.body.title, res.headers['x-database']]).toEqual([200, 'Primary title', 'primary']);
      expect(await metrics.registry.metrics()).toMatch(/db_replica_lag_seconds\{replica="replica-1"\} [1-9]/);
    } finally {
      await admin.raw('STOP SLAVE');
      await admin.raw('CHANGE MASTER TO MASTER_DELAY = 0');
      await admin.raw('START SLAVE');
      await Promise.all([admin.destroy(), primary.destroy()]);
    }
    await pair.synced();
    // Caught up, the replica still reports the delay of the event it applied last until its SQL thread goes idle
    // (seconds on a loaded machine): the monitor sees it healthy again then.
    const caughtUp = Date.now() + 30_000;
    while ((await db.replicas!.checkAll())[0]!.state !== 'healthy' && Date.now() < caughtUp) await new Promise((r) => setTimeout(r, 250));
    expect(db.replicas!.statuses()[0]).toMatchObject({ state: 'healthy', lagSeconds: 0 });
  });

  it('reports the replica in /readyz and the metrics', async () => {
    const ready = await request.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', primary: { state: 'up' }, replicas: [{ name: 'replica-1', state: 'healthy', lag_seconds: 0 }] });
    expect(await status()).toMatchObject({ code: 0, report: { replicas: [{ name: 'replica-1', url: pair.replica.url(NAME), state: 'healthy', lag_seconds: 0 }], attention: [] } });
    const text = await metrics.registry.metrics();
    expect(text).toContain('db_replica_lag_seconds{replica="replica-1"} 0');
    expect(text).toContain('db_replica_up{replica="replica-1"} 1');
    expect(text).toMatch(/db_query_duration_seconds_count\{database="replica-1"\} [1-9]/);
    expect(text).toMatch(/db_pool_connections\{database="replica-1",state="free"\} \d/);
  });

  it('skips a stopped replica without an error, and is unready when the primary is gone', async () => {
    await pair.replica.stop();
    // The monitor checks only every ten minutes here: the read fails on the replica and is repeated on the primary.
    const res = await request.get(`${TRIBE_API}/events/${eventId}`);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Primary title');
    expect(res.headers['x-database']).toBe('primary');
    const ready = await request.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.replicas[0]).toMatchObject({ name: 'replica-1', state: 'down' });

    await pair.primary.stop();
    const down = await request.get('/readyz');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'unavailable', primary: { state: 'down' } });
    expect((await request.get('/healthz')).status).toBe(200);
  });
});

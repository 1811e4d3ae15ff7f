import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { parseDatabaseUrl } from '../../src/config/config';
import { createDatabase, type Database } from '../../src/db/database';
import { prepareDatabase } from '../../src/setup/prepare-database';
import { WpData } from '../../src/wp/wp-handle';
import { CALENDAR_STAMP_FAMILIES } from '../../src/calendar/data/stamp-families';
import { withIndexDeferred } from '../../src/calendar/data/event-index-bulk';
import { installCalendarChangeStamps } from '../../src/calendar/data/event-index-install';
import { seedEvent, seedMeta } from '../support/rows';
import { TRIBE_API } from '../support/rest-paths';
import { TEC_EEA } from '../support/tec-v1-answers';
import { isTriggerCheck } from '../support/list-cost';
import { createTestDatabaseUrl, onMysql } from '../support/test-db';

/**
 * A list's total and its page of events are kept until the next commit (src/db/stamped-cache.ts): the same list
 * asked again counts and loads nothing, another page of it counts nothing; any write — by another connection
 * (another process, WordPress, a test suite) or by plain SQL on the service's own connection — shows at the very
 * next request. Callers who may see different things never share a page. On both engines.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const JULY = `${TRIBE_API}/events?start_date=2025-07-01&end_date=2025-07-31&per_page=2`;

let service: Database;
let other: Database;
let request: supertest.Agent;
let uncached: supertest.Agent;
let objectsOnly: supertest.Agent;
let wp: WpData;
let otherWp: WpData;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  // A file (SQLite) or a database of its own (MariaDB) that two connection pools can share.
  let url: string;
  if (onMysql()) {
    const made = await createTestDatabaseUrl();
    url = made.url;
    dropDatabase = made.close;
  } else {
    const file = path.join(os.tmpdir(), `calendar-totals-${process.pid}-${Date.now()}.db`);
    url = `sqlite:${file}`;
    dropDatabase = async () => ['', '-wal', '-shm'].forEach((suffix) => rmSync(`${file}${suffix}`, { force: true }));
  }
  service = createDatabase(parseDatabaseUrl(url));
  await prepareDatabase(service, { prefix: 'wp_', siteUrl: 'http://calendar.test' });
  other = createDatabase(parseDatabaseUrl(url));
  request = supertest.agent(createApp({ db: service, tablePrefix: 'wp_', clock: () => NOW }));
  uncached = supertest.agent(createApp({ db: service, tablePrefix: 'wp_', clock: () => NOW, listCache: false, objectCache: false }));
  objectsOnly = supertest.agent(createApp({ db: service, tablePrefix: 'wp_', clock: () => NOW, listCache: false }));
  wp = WpData.open(service, 'wp_');
  otherWp = WpData.open(other, 'wp_');
  for (const day of [10, 11, 12]) await seedEvent(wp, { post_title: `July ${day}`, start: `2025-07-${day} 19:00:00`, end: `2025-07-${day} 21:00:00` });
});
afterAll(async () => {
  await other?.close();
  await service?.close();
  await dropDatabase?.();
});

interface Listed {
  total: number;
  /** The request counted its total (a COUNT statement on the event index, or a read of its counts). */
  counted: boolean;
  /** The request read the page's posts. */
  loaded: boolean;
  /** The ids of the posts it read. */
  loadedIds: number[];
}

async function listedWith(agent: supertest.Agent, url: string): Promise<Listed & { body: any }> {
  const statements: Array<{ sql: string; bindings: unknown[] }> = [];
  const record = (q: { sql: string; bindings?: unknown[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  service.knex.on('query', record);
  try {
    const res = await agent.get(url);
    const loads = statements.filter(({ sql }) => /^select \* from .wp_posts. where .ID. in/i.test(sql));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(Number(res.headers['x-tec-total']));
    return {
      total: res.body.total,
      counted: statements.some(({ sql }) => (/count\(/i.test(sql) || sql.includes('_counts')) && sql.includes('wp_calendar_event_index')),
      loaded: loads.length > 0,
      loadedIds: loads.flatMap((q) => q.bindings.map(Number)).sort((a, b) => a - b),
      body: res.body,
    };
  } finally {
    service.knex.removeListener('query', record);
  }
}

/** The total, and whether the request counted it. */
async function listed(url = JULY): Promise<{ total: number; counted: boolean }> {
  const { total, counted } = await listedWith(request, url);
  return { total, counted };
}

it('the same list asked again counts and loads nothing, and gives the same answer; its next page counts nothing', async () => {
  service.counts.clear();
  const first = await listedWith(request, JULY);
  expect(first).toMatchObject({ total: 3, counted: true, loaded: true });
  const again = await listedWith(request, JULY);
  expect(again).toMatchObject({ total: 3, counted: false, loaded: false });
  expect(again.body).toEqual(first.body);
  expect(await listedWith(request, `${JULY}&page=2`)).toMatchObject({ total: 3, counted: false, loaded: true });
});

it('with LIST_CACHE off, every request counts and loads', async () => {
  await listedWith(uncached, JULY);
  expect(await listedWith(uncached, JULY)).toMatchObject({ total: 3, counted: true, loaded: true });
});

it('with only the object cache, a list counts again and renders only the events no earlier page rendered since the last commit', async () => {
  const all = `${TRIBE_API}/events?start_date=2025-07-01&end_date=2025-07-31&per_page=3`;
  const first = await listedWith(objectsOnly, JULY);
  expect(first).toMatchObject({ total: 3, counted: true });
  const again = await listedWith(objectsOnly, JULY);
  expect(again).toMatchObject({ total: 3, counted: true, loaded: false });
  expect(again.body).toEqual(first.body);
  // The page of three shares its first two events with the page of two: only the third is read.
  const wider = await listedWith(objectsOnly, all);
  const third = wider.body.events[2].id;
  expect(wider.loadedIds).toEqual([third]);
  expect(wider.body).toEqual((await listedWith(uncached, all)).body);
  // A write by another connection: every event is read again, and the answer is the fresh one.
  await otherWp.knex(otherWp.t.posts).where({ ID: third }).update({ post_title: 'July 12, renamed' });
  const after = await listedWith(objectsOnly, all);
  expect(after.loadedIds).toEqual(wider.body.events.map((e: { id: number }) => e.id).sort((a: number, b: number) => a - b));
  expect(after.body.events[2].title).toBe('July 12, renamed');
  expect(after.body).toEqual((await listedWith(uncached, all)).body);
  await otherWp.knex(otherWp.t.posts).where({ ID: third }).update({ post_title: 'July 12' });
});

it('with only the object cache, a protected event is masked without its password and shown with it, in either order', async () => {
  const url = `${TRIBE_API}/events?start_date=2025-09-01&end_date=2025-09-30`;
  await seedEvent(wp, { post_title: 'Locked in September', post_password: 'pw', post_content: 'Behind the gate', start: '2025-09-01 19:00:00', end: '2025-09-01 21:00:00' });
  const description = async (query: string) => (await listedWith(objectsOnly, `${url}${query}`)).body.events[0].description;
  expect(await description('')).toBe('');
  expect(await description('&password=pw')).toContain('Behind the gate');
  expect(await description('')).toBe('');
  expect(await description('&password=pw')).toContain('Behind the gate');
});

it('a title changed by another connection shows at the next request', async () => {
  await listedWith(request, JULY);
  await otherWp.knex(otherWp.t.posts).where({ post_title: 'July 11' }).update({ post_title: 'July 11, renamed' });
  const next = await listedWith(request, JULY);
  expect(next).toMatchObject({ counted: true, loaded: true });
  expect(next.body.events.map((e: { title: string }) => e.title)).toEqual(['July 10', 'July 11, renamed']);
  await otherWp.knex(otherWp.t.posts).where({ post_title: 'July 11, renamed' }).update({ post_title: 'July 11' });
});

it('a password-protected event is shown with its password and masked without it, in either order', async () => {
  const url = `${TRIBE_API}/events?start_date=2025-08-01&end_date=2025-08-31`;
  await seedEvent(wp, { post_title: 'Locked', post_password: 'pw', post_content: 'Behind the door', start: '2025-08-01 19:00:00', end: '2025-08-01 21:00:00' });
  const description = async (query: string) => (await listedWith(request, `${url}${query}`)).body.events[0].description;
  expect(await description('')).toBe('');
  expect(await description('&password=pw')).toContain('Behind the door');
  expect(await description('')).toBe('');
  expect(await description('&password=pw')).toContain('Behind the door');
});

it('an event inserted by another connection is counted at the next request', async () => {
  await listed();
  await seedEvent(otherWp, { post_title: 'From elsewhere', start: '2025-07-20 19:00:00', end: '2025-07-20 21:00:00' });
  expect(await listed()).toEqual({ total: 4, counted: true });
  expect(await listed()).toEqual({ total: 4, counted: false });
});

it('plain SQL on the service’s own connection is counted at the next request', async () => {
  await listed();
  const id = await seedEvent(wp, { post_title: 'Hidden soon', start: '2025-07-21 19:00:00', end: '2025-07-21 21:00:00' });
  expect(await listed()).toEqual({ total: 5, counted: true });
  await seedMeta(wp, id, { _EventHideFromUpcoming: 'yes' });
  expect(await listed()).toEqual({ total: 4, counted: true });
});

it('a status change by another connection is counted at the next request', async () => {
  await listed();
  await otherWp.knex(otherWp.t.posts).where({ post_title: 'July 10' }).update({ post_status: 'trash' });
  expect(await listed()).toEqual({ total: 3, counted: true });
  await otherWp.knex(otherWp.t.posts).where({ post_title: 'July 10' }).update({ post_status: 'publish' });
  expect(await listed()).toEqual({ total: 4, counted: true });
});

it('the change stamp moves with plain SQL on another connection to the calendar’s rows, and only to them', async () => {
  const stamp = () => wp.changeStamp(CALENDAR_STAMP_FAMILIES);
  const before = await stamp();
  // The database's own counters (src/wp/change-stamps.ts), not the engine's stamp of the whole file.
  expect(before).toMatch(/^\d+\.\d+$/);
  expect(await stamp()).toBe(before);
  // Rows nothing of the calendar reads: a page, a transient, a table of the service's own.
  await otherWp.knex(otherWp.t.posts).insert({ post_title: 'About us', post_type: 'page', post_status: 'publish', post_content: '', post_excerpt: '', to_ping: '', pinged: '', post_content_filtered: '' });
  await otherWp.knex(otherWp.t.options).insert({ option_name: '_transient_probe', option_value: 'x', autoload: 'off' });
  await otherWp.knex.raw('CREATE TABLE wp_calendar_stamp_probe (id INT)');
  await otherWp.knex('wp_calendar_stamp_probe').insert({ id: 1 });
  if (onMysql()) {
    // Another database of the same server, written as a WordPress site next door would be.
    await other.knex.raw('CREATE DATABASE IF NOT EXISTS calendar_stamp_neighbour');
    await other.knex.raw('CREATE TABLE IF NOT EXISTS calendar_stamp_neighbour.wp_options (option_id INT PRIMARY KEY AUTO_INCREMENT, v TEXT) ENGINE=InnoDB');
    await other.knex.raw("INSERT INTO calendar_stamp_neighbour.wp_options (v) VALUES ('x')");
    await other.knex.raw('DROP DATABASE calendar_stamp_neighbour');
  }
  expect(await stamp()).toBe(before);
  // An event's meta, a term's name, a site option, each by plain SQL on the other pool.
  const [event] = await otherWp.knex(otherWp.t.posts).where({ post_type: 'tribe_events' }).pluck('ID');
  await otherWp.knex(otherWp.t.postmeta).insert({ post_id: event, meta_key: '_probe', meta_value: '1' });
  const afterMeta = await stamp();
  expect(afterMeta).not.toBe(before);
  await otherWp.knex(otherWp.t.terms).insert({ name: 'Probe', slug: 'probe', term_group: 0 });
  const afterTerm = await stamp();
  expect(afterTerm).not.toBe(afterMeta);
  await otherWp.knex(otherWp.t.options).where({ option_name: 'blogname' }).update({ option_value: 'Renamed' });
  expect(await stamp()).not.toBe(afterTerm);
  await otherWp.knex(otherWp.t.options).where({ option_name: 'blogname' }).update({ option_value: 'My WordPress Website' });
});

it('a write still uncommitted on another connection leaves the stamp as it was until its commit', async () => {
  const stamp = () => wp.changeStamp(CALENDAR_STAMP_FAMILIES);
  const before = await stamp();
  const [event] = await otherWp.knex(otherWp.t.posts).where({ post_type: 'tribe_events' }).pluck('ID');
  if (onMysql()) {
    const trx = await other.knex.transaction();
    await trx(otherWp.t.postmeta).insert({ post_id: event, meta_key: '_probe', meta_value: '2' });
    expect(await stamp()).toBe(before);
    await trx.commit();
  } else {
    await otherWp.knex(otherWp.t.postmeta).insert({ post_id: event, meta_key: '_probe', meta_value: '2' });
  }
  expect(await stamp()).not.toBe(before);
});

it('a change-stamp trigger dropped by plain SQL: the counters vouch for nothing, and a change it missed shows at the next request', async () => {
  const url = `${TRIBE_API}/events?start_date=2025-07-01&end_date=2025-07-31&per_page=3`;
  await listedWith(request, url);
  expect(await listedWith(request, url)).toMatchObject({ counted: false, loaded: false });
  const name = (await wp.dialect.listTriggers(wp.knex)).find((n) => /^wp_calendar_stamp_posts_update$/i.test(n));
  expect(name).toBeDefined();
  await other.knex.raw(`DROP TRIGGER ${onMysql() ? `\`${name}\`` : `"${name}"`}`);
  try {
    // Unseen by the counters: only the missing trigger tells the kept page is no longer vouched for.
    await otherWp.knex(otherWp.t.posts).where({ post_title: 'July 11' }).update({ post_title: 'July 11, unstamped' });
    const next = await listedWith(request, url);
    expect(next).toMatchObject({ counted: true, loaded: true });
    expect(next.body.events.map((e: { title: string }) => e.title)).toContain('July 11, unstamped');
    // Without the counters, MySQL has no stamp to keep answers under; SQLite's stamp of the whole file vouches.
    const again = await listedWith(request, url);
    expect(again.body).toEqual(next.body);
    expect(again.counted).toBe(onMysql());
  } finally {
    await installCalendarChangeStamps(otherWp);
    await otherWp.knex(otherWp.t.posts).where({ post_title: 'July 11, unstamped' }).update({ post_title: 'July 11' });
  }
  // The triggers made again: the counters vouch again.
  await listedWith(request, url);
  expect(await listedWith(request, url)).toMatchObject({ counted: false, loaded: false });
});

it('a bulk write with the triggers asleep moves the stamp for its batch, and its events are counted', async () => {
  const stamp = () => wp.changeStamp(CALENDAR_STAMP_FAMILIES);
  const before = await stamp();
  const { total } = await listed();
  await wp.transaction((trx) => withIndexDeferred(trx, async () => [await seedEvent(trx, { post_title: 'In bulk', start: '2025-07-22 19:00:00', end: '2025-07-22 21:00:00' })]));
  expect(await stamp()).not.toBe(before);
  expect(await listed()).toEqual({ total: total + 1, counted: true });
});

it('the tec/v1 and wp/v2 event lists keep their totals too; an event inserted by another connection is counted at the next request', async () => {
  const counts = async (url: string, headers: Record<string, string> = {}) => {
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    service.knex.on('query', record);
    try {
      const res = await request.get(url).set(headers);
      expect(res.status).toBe(200);
      return { total: Number(res.headers['x-wp-total']), counted: statements.some((sql) => (/count\(/i.test(sql) || sql.includes('_counts')) && !isTriggerCheck(sql)) };
    } finally {
      service.knex.removeListener('query', record);
    }
  };
  const lists: Array<[string, Record<string, string>]> = [
    ['/wp-json/tec/v1/events', { 'X-TEC-EEA': TEC_EEA }],
    ['/wp-json/wp/v2/tribe_events', {}],
  ];
  for (const [url, headers] of lists) {
    const first = await counts(url, headers);
    expect(await counts(url, headers)).toEqual({ total: first.total, counted: false });
    await seedEvent(otherWp, { post_title: `Counted by ${url}`, start: '2025-07-25 19:00:00', end: '2025-07-25 21:00:00' });
    expect(await counts(url, headers)).toEqual({ total: first.total + 1, counted: true });
  }
});

it('with only the object cache, a single event asked again reads its row alone, and a write shows at the next request', async () => {
  const [id] = await wp.knex(wp.t.posts).where({ post_title: 'July 10' }).pluck('ID');
  const read = async () => {
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    service.knex.on('query', record);
    try {
      const res = await objectsOnly.get(`${TRIBE_API}/events/${id}`);
      expect(res.status).toBe(200);
      return { body: res.body, metaRead: statements.some((sql) => /from .wp_postmeta./i.test(sql)) };
    } finally {
      service.knex.removeListener('query', record);
    }
  };
  const first = await read();
  const again = await read();
  expect(again).toEqual({ body: first.body, metaRead: false });
  await otherWp.knex(otherWp.t.posts).where({ ID: id }).update({ post_title: 'July 10, retitled' });
  const after = await read();
  expect(after.metaRead).toBe(true);
  expect(after.body.title).toBe('July 10, retitled');
  expect(after.body.json_ld.name).toBe('July 10, retitled');
  await otherWp.knex(otherWp.t.posts).where({ ID: id }).update({ post_title: 'July 10' });
});

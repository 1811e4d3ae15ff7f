import supertest from 'supertest';
import { createApp } from '../../src/app';
import { createCallers } from '../support/callers';
import { relate, seedEvent, seedMeta, seedPost, seedTerm } from '../support/rows';
import { useSharedDatabase } from '../support/shared-database';
import { TRIBE_API } from '../support/rest-paths';

/**
 * Conditional GETs (src/http/conditional.ts): every GET of the API that a change stamp vouches for carries an
 * ETag; If-None-Match with it (or If-Modified-Since not older than its Last-Modified) gets a 304 without the
 * answer being made again; the same answer asked again is given as it was kept. Any change to the calendar's rows
 * — plain SQL on another connection included — changes the tag at the very next request; a change elsewhere does
 * not. Anonymous answers may be stored and revalidated by shared caches; a caller's or a password's are private.
 * On both engines.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const ROOT = TRIBE_API;
const JULY = `${ROOT}/events?start_date=2025-07-01&end_date=2025-07-31`;

const db = useSharedDatabase('conditional');
let request: supertest.Agent;
let event: number;
let venue: number;
let jazz: number;

beforeAll(async () => {
  request = supertest.agent(createApp({ db: db.service, tablePrefix: 'wp_', clock: () => NOW }));
  venue = await seedPost(db.wp, { post_type: 'tribe_venue', post_title: 'The Hall', post_status: 'publish' });
  await seedMeta(db.wp, venue, { _VenueCity: 'Lyon' });
  for (const day of [10, 11]) event = await seedEvent(db.wp, { post_title: `July ${day}`, start: `2025-07-${day} 19:00:00`, end: `2025-07-${day} 21:00:00` });
  await seedMeta(db.wp, event, { _EventVenueID: venue });
  jazz = (await seedTerm(db.wp, 'tribe_events_cat', 'Jazz')).termId;
  const ttId = Number((await db.wp.knex(db.wp.t.term_taxonomy).where({ term_id: jazz }).first()).term_taxonomy_id);
  await relate(db.wp, event, ttId);
});

/** The statements the service ran for one request. */
async function watched(run: () => Promise<supertest.Response>): Promise<{ res: supertest.Response; statements: string[] }> {
  const statements: string[] = [];
  const record = (q: { sql: string }) => statements.push(q.sql);
  db.service.knex.on('query', record);
  try {
    return { res: await run(), statements };
  } finally {
    db.service.knex.removeListener('query', record);
  }
}

const readsPosts = (statements: string[]) => statements.some((sql) => /\bwp_posts\b/.test(sql));

describe.each([
  ['the event list', () => JULY],
  ['one event, its venue and terms embedded', () => `${ROOT}/events/${event}`],
  ['a venue', () => `${ROOT}/venues/${venue}`],
  ['a category', () => `${ROOT}/categories/${jazz}`],
  ['the documentation', () => `${ROOT}/doc`],
])('%s', (_name, url) => {
  it('carries an ETag and a public Cache-Control; If-None-Match gets a 304 that reads no post; a repeat is the kept answer', async () => {
    const first = await request.get(url());
    expect(first.status).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const notModified = await watched(() => request.get(url()).set('If-None-Match', `"other", W/${tag}`));
    expect(notModified.res.status).toBe(304);
    expect(notModified.res.text ?? '').toBe('');
    expect(notModified.res.headers.etag).toBe(tag);
    expect(readsPosts(notModified.statements)).toBe(false);
    const again = await watched(() => request.get(url()));
    expect(again.res.status).toBe(200);
    expect(again.res.text).toBe(first.text);
    expect(again.res.headers.etag).toBe(tag);
    expect(readsPosts(again.statements)).toBe(false);
    expect((await request.get(url()).set('If-None-Match', '"stale"')).text).toBe(first.text);
  });
});

it('a write by plain SQL on another connection changes the ETag and the answer at the next request', async () => {
  const before = await request.get(JULY);
  const tag = before.headers.etag as string;
  await db.otherWp.knex(db.otherWp.t.posts).where({ ID: event }).update({ post_title: 'July 11, moved' });
  const after = await request.get(JULY).set('If-None-Match', tag);
  expect(after.status).toBe(200);
  expect(after.headers.etag).not.toBe(tag);
  expect(after.body.events.map((e: { title: string }) => e.title)).toEqual(['July 10', 'July 11, moved']);
  // The venue's own answer, embedded in none of its rows, changes with its meta written by plain SQL too.
  const hall = await request.get(`${ROOT}/venues/${venue}`);
  await db.otherWp.knex(db.otherWp.t.postmeta).where({ post_id: venue, meta_key: '_VenueCity' }).update({ meta_value: 'Lille' });
  const moved = await request.get(`${ROOT}/venues/${venue}`).set('If-None-Match', hall.headers.etag as string);
  expect([moved.status, moved.body.city]).toEqual([200, 'Lille']);
  // The event embeds its venue: its answer changed with it.
  expect((await request.get(`${ROOT}/events/${event}`)).body.venue.city).toBe('Lille');
});

it('a write to rows the calendar does not read (a page, a transient) leaves the ETag as it was', async () => {
  const tag = (await request.get(JULY)).headers.etag as string;
  await seedPost(db.otherWp, { post_type: 'page', post_title: 'About', post_status: 'publish' });
  await db.otherWp.knex(db.otherWp.t.options).insert({ option_name: '_transient_timeout_probe', option_value: '1', autoload: 'off' });
  const res = await request.get(JULY).set('If-None-Match', tag);
  expect(res.status).toBe(304);
});

it('If-Modified-Since gets a 304 from the Last-Modified of an unchanged answer, and the answer once it changed', async () => {
  let res = await request.get(`${ROOT}/events/${event}`);
  // Last-Modified comes once a whole second has passed since this process first gave the answer.
  for (let i = 0; i < 30 && res.headers['last-modified'] === undefined; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    res = await request.get(`${ROOT}/events/${event}`);
  }
  const date = res.headers['last-modified'] as string;
  expect(new Date(date).getTime()).toBeLessThanOrEqual(Date.now());
  expect((await request.get(`${ROOT}/events/${event}`).set('If-Modified-Since', date)).status).toBe(304);
  await db.otherWp.knex(db.otherWp.t.posts).where({ ID: event }).update({ post_title: 'July 11, again' });
  const changed = await request.get(`${ROOT}/events/${event}`).set('If-Modified-Since', date);
  expect([changed.status, changed.body.title]).toEqual([200, 'July 11, again']);
});

it('a caller’s answers are private and tagged apart from the anonymous one; a password’s are not stored', async () => {
  const callers = await createCallers(db.wp, '_cond');
  const anonymous = await request.get(JULY);
  const editor = await request.get(JULY).set('Authorization', callers.editor.authorization);
  expect(editor.status).toBe(200);
  expect(editor.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
  expect(editor.headers.etag).toEqual(expect.any(String));
  expect(editor.headers.etag).not.toBe(anonymous.headers.etag);
  // The anonymous tag earns the caller nothing.
  expect((await request.get(JULY).set('Authorization', callers.editor.authorization).set('If-None-Match', anonymous.headers.etag as string)).status).toBe(200);
  const withPassword = await request.get(`${ROOT}/events/${event}?password=secret`);
  expect(withPassword.headers['cache-control']).toBe('private, no-store');
});

it('CACHE_S_MAXAGE lets a shared cache answer for that long; an error carries no ETag', async () => {
  const app = supertest(createApp({ db: db.service, tablePrefix: 'wp_', clock: () => NOW, cacheSMaxAge: 30 }));
  expect((await app.get(JULY)).headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
  const missing = await app.get(`${ROOT}/events/999999`);
  expect(missing.status).toBe(404);
  expect(missing.headers.etag).toBeUndefined();
});

it('the default window follows the day: the same list asked on another day has another tag', async () => {
  const at = (iso: string) => supertest(createApp({ db: db.service, tablePrefix: 'wp_', clock: () => new Date(iso) }));
  const morning = (await at('2025-06-01T08:00:00Z').get(`${ROOT}/events`)).headers.etag;
  expect((await at('2025-06-01T20:00:00Z').get(`${ROOT}/events`)).headers.etag).toBe(morning);
  expect((await at('2025-06-02T08:00:00Z').get(`${ROOT}/events`)).headers.etag).not.toBe(morning);
});

describe('the iCalendar feed', () => {
  const FEED = '/?post_type=tribe_events&ical=1';
  let now = new Date('2025-07-10T12:00:00Z');
  let feeds: supertest.Agent;
  beforeAll(() => {
    feeds = supertest.agent(createApp({ db: db.service, tablePrefix: 'wp_', clock: () => now }));
  });
  const summaries = (body: string) => [...body.matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim().replaceAll('\\,', ','));

  it('is kept: asked again it reads no post, and a write by plain SQL shows at the next request', async () => {
    const title = (await db.wp.knex(db.wp.t.posts).where({ ID: event }).first()).post_title;
    const first = await feeds.get(FEED);
    expect(first.status).toBe(200);
    expect(summaries(first.text)).toEqual(['July 10', title]);
    const again = await watched(() => feeds.get(FEED));
    expect(again.res.text).toBe(first.text);
    expect(readsPosts(again.statements)).toBe(false);
    expect((await feeds.get(FEED).set('If-None-Match', first.headers.etag as string)).status).toBe(304);
    await db.otherWp.knex(db.otherWp.t.posts).where({ ID: event }).update({ post_title: 'July 11, renamed' });
    const changed = await feeds.get(FEED).set('If-None-Match', first.headers.etag as string);
    expect(changed.status).toBe(200);
    expect(summaries(changed.text)).toEqual(['July 10', 'July 11, renamed']);
  });

  it('lets its first event go once that event has ended, without any write', async () => {
    expect(summaries((await feeds.get(FEED)).text)).toEqual(['July 10', 'July 11, renamed']);
    // July 10's event ends at 21:00 site time (UTC here).
    now = new Date('2025-07-10T21:00:01Z');
    expect(summaries((await feeds.get(FEED)).text)).toEqual(['July 11, renamed']);
  });
});

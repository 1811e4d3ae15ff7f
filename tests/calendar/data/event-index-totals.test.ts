import { dropEventIndex, installEventIndex } from '../../../src/calendar/data/event-index-install';
import { eventListPath } from '../../../src/calendar/data/event-index-state';
import { OCCURRENCE_INDEX_OPTION } from '../../../src/calendar/registry/identifiers';
import { deleteOption } from '../../../src/wp/options';
import { createTecTables } from '../../support/tec-tables';
import { generateCalendar, type GeneratedCalendar } from '../../../src/calendar/data/generator/generate-calendar';
import { createAppPassword, createUser } from '../../support/users';
import { useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * Exact totals and pages on a generated calendar, for combinations of every list filter, against a brute-force
 * evaluation of the same rules over all the rows — through the event index, again on the date meta once the
 * index is dropped (the path of an existing WordPress database without `wp-calendar db:index`), and with the
 * plugin's custom tables (one occurrence per event, as the plugin writes a single event): through the occurrence
 * index, and on the plugin's table itself.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const t = useTestApp({ clock: () => NOW });
let cal: GeneratedCalendar;
let editor: string;

interface BruteEvent {
  id: number;
  status: string;
  postDate: string;
  text: string;
  password: string;
  meta: Map<string, string[]>;
  ttIds: Set<number>;
}
let events: BruteEvent[];
let categoryChildren: Map<number, number[]>;

beforeAll(async () => {
  cal = await generateCalendar(t.wp, { events: 600, venues: 6, organizers: 4, from: '2025-04-01', days: 150, now: NOW, seed: 12, batchSize: 250 });
  const user = await createUser(t.wp, { login: 'ed', role: 'editor' });
  editor = (await createAppPassword(t.wp, user.id)).authorization;
  // Events sent with their end before their start keep a UTC end before the UTC start (as the plugin stores them).
  for (const [start, end, timezone] of [
    ['2025-06-10 10:00:00', '2025-06-09 11:00:00', 'UTC'],
    ['2025-06-12 10:00:00', '2025-06-12 09:00:00', 'America/New_York'],
    ['2025-05-30 10:00:00', '2025-05-20 10:00:00', 'Europe/Paris'],
  ]) {
    const res = await t.request.post(`${TRIBE_API}/events`).set('Authorization', editor).send({ title: `Backwards ${start}`, start_date: start, end_date: end, timezone, status: 'publish' });
    expect(res.status).toBe(201);
  }
  const posts: Array<Record<string, string | number>> = await t.wp.knex(t.wp.t.posts).where('post_type', 'tribe_events');
  const meta: Array<{ post_id: number; meta_key: string; meta_value: string }> = await t.wp.knex(t.wp.t.postmeta).select('post_id', 'meta_key', 'meta_value').orderBy('meta_id');
  const rel: Array<{ object_id: number; term_taxonomy_id: number }> = await t.wp.knex(t.wp.t.term_relationships).select('object_id', 'term_taxonomy_id');
  events = posts.map((p) => ({
    id: Number(p.ID),
    status: String(p.post_status),
    postDate: String(p.post_date),
    text: `${p.post_title}\n${p.post_excerpt}\n${p.post_content}`.toLowerCase(),
    password: String(p.post_password),
    meta: new Map(),
    ttIds: new Set(),
  }));
  const byId = new Map(events.map((e) => [e.id, e]));
  for (const m of meta) {
    const e = byId.get(Number(m.post_id));
    if (e) e.meta.set(m.meta_key, [...(e.meta.get(m.meta_key) ?? []), m.meta_value]);
  }
  for (const r of rel) byId.get(Number(r.object_id))?.ttIds.add(Number(r.term_taxonomy_id));
  const tts: Array<{ term_taxonomy_id: number; term_id: number; parent: number }> = await t.wp.knex(t.wp.t.term_taxonomy).select('term_taxonomy_id', 'term_id', 'parent');
  categoryChildren = new Map();
  for (const tt of tts) {
    const parent = tts.find((p) => Number(p.term_id) === Number(tt.parent));
    if (parent) categoryChildren.set(Number(parent.term_taxonomy_id), [...(categoryChildren.get(Number(parent.term_taxonomy_id)) ?? []), Number(tt.term_taxonomy_id)]);
  }
}, 120_000);

/** The effective bounds the answer reports in `rest_url` (values are written unencoded, as the plugin does). */
function boundsOf(restUrl: string): Record<string, string> {
  const query = restUrl.slice(restUrl.indexOf('?') + 1);
  // rest_url is urlencoded (space as +) once venue, organizer or featured are added, as the plugin builds it.
  return Object.fromEntries(query.split('&').map((pair) => [pair.slice(0, pair.indexOf('=')), decodeURIComponent(pair.slice(pair.indexOf('=') + 1).replace(/\+/g, ' '))]));
}

interface Case {
  query: Record<string, string>;
  who: 'anonymous' | 'editor';
}

/** The list rules, evaluated row by row. */
function bruteForce(c: Case, bounds: Record<string, string>, customTables: boolean): number[] {
  const q = c.query;
  const statuses = q.status?.split(',');
  const first = (e: BruteEvent, key: string) => e.meta.get(key)?.[0];
  const matches = events.filter((e) => {
    if (statuses ? !statuses.includes(e.status) : c.who === 'anonymous' ? e.status !== 'publish' : ['trash', 'auto-draft'].includes(e.status)) return false;
    if (e.meta.has('_EventHideFromUpcoming')) return false;
    const start = first(e, '_EventStartDate');
    const end = first(e, '_EventEndDate');
    if (start === undefined || end === undefined) return false;
    if (bounds.start_date && !(start >= bounds.start_date)) return false;
    if (bounds.end_date && !(end <= bounds.end_date)) return false;
    if (bounds.starts_before && !(start < bounds.starts_before)) return false;
    if (bounds.starts_after && !(start > bounds.starts_after)) return false;
    if (bounds.ends_before && !(end < bounds.ends_before)) return false;
    if (bounds.ends_after && !(end > bounds.ends_after)) return false;
    if (q.categories) {
      // Any of the categories named, each with its children.
      const tts = q.categories.split(',').flatMap((slug) => {
        const tt = cal.categories.find((x) => x.slug === slug)!.ttId;
        return [tt, ...(categoryChildren.get(tt) ?? [])];
      });
      if (!tts.some((id) => e.ttIds.has(id))) return false;
    }
    // With the plugin's custom tables only the first tag filters; without them every tag counts.
    const tags = q.tags ? (customTables ? q.tags.split(',').slice(0, 1) : q.tags.split(',')) : [];
    if (q.tags && !tags.some((slug) => e.ttIds.has(cal.tags.find((x) => x.slug === slug)!.ttId))) return false;
    if (q.venue && first(e, '_EventVenueID') !== q.venue) return false;
    if (q.organizer && !(e.meta.get('_EventOrganizerID') ?? []).includes(q.organizer)) return false;
    if (q.featured !== undefined && e.meta.has('_tribe_featured') !== (q.featured === '1')) return false;
    if (q.search && (!e.text.includes(q.search.toLowerCase()) || (c.who === 'anonymous' && e.password !== ''))) return false;
    return true;
  });
  const startOf = (e: BruteEvent) => first(e, '_EventStartDate')!;
  matches.sort((a, b) => (startOf(a) < startOf(b) ? -1 : startOf(a) > startOf(b) ? 1 : a.postDate < b.postDate ? -1 : a.postDate > b.postDate ? 1 : a.id - b.id));
  return matches.map((e) => e.id);
}

function cases(): Case[] {
  const music = 'music';
  const venue = String(cal.venueIds[2]);
  const organizer = String(cal.organizerIds[1]);
  const tag = cal.tags[0]!.slug;
  const otherTag = cal.tags[3]!.slug;
  const queries: Array<Record<string, string>> = [
    {},
    { start_date: '2025-07-01', end_date: '2025-07-31' },
    { start_date: '2025-04-01', end_date: '2025-12-31', per_page: '50', page: '3' },
    { strict_dates: '1', start_date: '2025-06-05 10:00:00', end_date: '2025-06-25 18:00:00' },
    { starts_after: '2025-06-10' },
    { ends_before: '2025-06-20' },
    { start_date: '2025-05-01', starts_before: '2025-06-15' },
    { ends_after: '2025-08-01', end_date: '2025-08-20' },
    { categories: music },
    { tags: tag, start_date: '2025-04-01' },
    { venue },
    { organizer, start_date: '2025-05-01', end_date: '2025-08-31' },
    { featured: '1', start_date: '2025-04-01' },
    { featured: '0' },
    { search: 'jazz', start_date: '2025-04-01' },
    { categories: music, featured: '0', venue, start_date: '2025-04-01' },
    // Term filters: a category without children (one term), a child, several categories, a category and a tag,
    // several tags (the first one, or any of them without the plugin's custom tables), with a search, and later pages.
    { categories: 'sports' },
    { categories: 'sports', start_date: '2025-04-01', per_page: '50', page: '2' },
    { categories: 'music-classes', start_date: '2025-04-01' },
    { categories: 'arts,sports', start_date: '2025-04-01', end_date: '2025-07-31' },
    { categories: 'music-meetups,music', per_page: '5', page: '4' },
    { categories: 'sports', tags: tag, start_date: '2025-04-01' },
    { categories: 'arts', tags: otherTag },
    { tags: `${otherTag},${tag}`, start_date: '2025-04-01', end_date: '2025-08-31' },
    { tags: otherTag, featured: '1', start_date: '2025-04-01' },
    { categories: 'sports', search: 'jazz', start_date: '2025-04-01' },
    { categories: 'arts', strict_dates: '1', start_date: '2025-06-05 10:00:00', end_date: '2025-06-25 18:00:00' },
    { search: 'yoga', organizer, page: '1', per_page: '5' },
  ];
  return [
    ...queries.map((query) => ({ query, who: 'anonymous' as const })),
    ...queries.map((query) => ({ query, who: 'editor' as const })),
    { query: { status: 'draft', start_date: '2025-04-01' }, who: 'editor' },
    { query: { status: 'publish,private,trash', start_date: '2025-04-01' }, who: 'editor' },
  ];
}

async function expectExact(customTables = false): Promise<number> {
  let checked = 0;
  for (const c of cases()) {
    const qs = new URLSearchParams(c.query).toString();
    const res = await t.request.get(`${TRIBE_API}/events?${qs}`).set(c.who === 'editor' ? { Authorization: editor } : {});
    expect({ qs, who: c.who, status: res.status }).toEqual({ qs, who: c.who, status: 200 });
    const expected = bruteForce(c, boundsOf(res.body.rest_url), customTables);
    const perPage = Number(c.query.per_page ?? 24);
    const page = Number(c.query.page ?? 1);
    expect({ qs, who: c.who, total: Number(res.headers['x-tec-total']), ids: res.body.events.map((e: { id: number }) => e.id) }).toEqual({
      qs,
      who: c.who,
      total: expected.length,
      ids: expected.slice((page - 1) * perPage, page * perPage),
    });
    if (expected.length > 0) checked++;
  }
  return checked;
}

/** has_events and only_with_upcoming on the venues and organizers, against the same rows. */
async function expectLinkedExact(): Promise<void> {
  for (const [type, key] of [['venues', '_EventVenueID'], ['organizers', '_EventOrganizerID']] as const) {
    const linked = new Set(events.filter((e) => !['draft', 'pending'].includes(e.status)).flatMap((e) => (key === '_EventVenueID' ? (e.meta.get(key) ?? []).slice(0, 1) : (e.meta.get(key) ?? []))).map(Number));
    const all = type === 'venues' ? cal.venueIds : cal.organizerIds;
    for (const hasEvents of ['1', '0']) {
      const res = await t.request.get(`${TRIBE_API}/${type}?has_events=${hasEvents}`).set({ Authorization: editor });
      expect({ type, hasEvents, total: Number(res.headers['x-tec-total']) }).toEqual({ type, hasEvents, total: all.filter((id) => linked.has(id) === (hasEvents === '1')).length });
    }
  }
}

describe('through the event index', () => {
  it('the term index holds the event index row of every term relationship of an event, and nothing else', async () => {
    // Written by the generator's batches (one statement per batch on MySQL, the triggers on SQLite) and the API.
    const columns = ['post_id', 'post_status', 'post_date', 'start_date', 'end_date', 'start_date_utc', 'end_date_utc', 'hidden', 'featured', 'venue_id'];
    const normal = (rows: Array<Record<string, unknown>>) => rows.map((r) => JSON.stringify(['term_taxonomy_id', ...columns].map((c) => (r[c] === null ? null : String(r[c]))))).sort();
    const indexed = await t.wp.knex('wp_calendar_event_term_index').select('term_taxonomy_id', ...columns);
    const joined = await t.wp.knex({ x: 'wp_calendar_event_index' }).join({ tr: t.wp.t.term_relationships }, 'tr.object_id', 'x.post_id').select('tr.term_taxonomy_id', ...columns.map((c) => `x.${c}`));
    expect(indexed.length).toBeGreaterThan(events.length);
    expect(normal(indexed)).toEqual(normal(joined));
  });

  it('every filter combination gives the brute-force total and page', async () => {
    // The calendar must make the comparisons meaningful: most cases match something.
    expect(await expectExact()).toBeGreaterThan(50);
  }, 60_000);

  it('has_events on venues and organizers', async () => {
    await expectLinkedExact();
  });
});

describe('on the date meta, without the index', () => {
  beforeAll(async () => {
    await dropEventIndex(t.wp);
  });

  it('the lists say they read the meta, and give the same exact totals and pages', async () => {
    expect(await t.wp.dialect.tableExists(t.wp.knex, 'wp_calendar_event_index')).toBe(false);
    expect(await expectExact()).toBeGreaterThan(50);
  }, 60_000);

  it('has_events on venues and organizers', async () => {
    await expectLinkedExact();
  });
});

describe("with the plugin's custom tables", () => {
  beforeAll(async () => {
    await createTecTables(t.wp);
    await installEventIndex(t.wp);
    // The plugin's rows, written by plain SQL after the index: the occurrence triggers fill it.
    const dated = events.filter((e) => ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC'].every((k) => e.meta.has(k)));
    const first = (e: BruteEvent, key: string) => e.meta.get(key)![0]!;
    const dates = (e: BruteEvent) => ({ start_date: first(e, '_EventStartDate'), end_date: first(e, '_EventEndDate'), start_date_utc: first(e, '_EventStartDateUTC'), end_date_utc: first(e, '_EventEndDateUTC'), duration: 3600 });
    await t.wp.knex.batchInsert(`${t.prefix}tec_events`, dated.map((e) => ({ post_id: e.id, ...dates(e), timezone: 'UTC', hash: `e${e.id}` })), 100);
    const ids: Array<{ event_id: number; post_id: number }> = await t.wp.knex(`${t.prefix}tec_events`).select('event_id', 'post_id');
    const eventIds = new Map(ids.map((r) => [Number(r.post_id), Number(r.event_id)]));
    await t.wp.knex.batchInsert(`${t.prefix}tec_occurrences`, dated.map((e) => ({ event_id: eventIds.get(e.id), post_id: e.id, ...dates(e), hash: `o${e.id}`, updated_at: '2025-06-01 00:00:00' })), 100);
  }, 60_000);

  it('through the occurrence index: the same exact totals and pages', async () => {
    expect((await eventListPath(t.wp)).source).toBe('occurrence-index');
    expect(await expectExact(true)).toBeGreaterThan(50);
    await expectLinkedExact();
  }, 60_000);

  it("on the plugin's occurrences table itself: the same exact totals and pages", async () => {
    await deleteOption(t.wp, OCCURRENCE_INDEX_OPTION);
    expect((await eventListPath(t.wp)).source).toBe('occurrences');
    expect(await expectExact(true)).toBeGreaterThan(50);
  }, 60_000);
});

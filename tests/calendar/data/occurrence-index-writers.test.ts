import { installEventIndex } from '../../../src/calendar/data/event-index-install';
import { generateCalendar } from '../../../src/calendar/data/generator/generate-calendar';
import { EVENT_INDEX_VERSION, OCCURRENCE_INDEX_OPTION } from '../../../src/calendar/registry/identifiers';
import { deleteOption, updateOption } from '../../../src/wp/options';
import { createTecTables } from '../../support/tec-tables';
import { seedEvent, seedMeta, seedPost } from '../../support/rows';
import { createAppPassword, createUser } from '../../support/users';
import { useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';
import { expectCountsPlan } from '../../support/count-plans';

/**
 * Where the plugin's custom tables exist the lists are of occurrences (a recurring event is listed once per
 * occurrence), read through the occurrence index. Rows written with plain SQL — an occurrence added, moved or
 * removed by the plugin, a post's status, type or flags changed by WordPress — are reflected by the next request,
 * and every answer is the one the lists give when they read the plugin's table itself.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const JULY = 'start_date=2025-07-01&end_date=2025-07-31';
const SEPTEMBER = 'start_date=2025-09-01&end_date=2025-09-30';
const t = useTestApp({ clock: () => NOW });
let editor: string;
const occurrences = () => `${t.prefix}tec_occurrences`;

beforeAll(async () => {
  const user = await createUser(t.wp, { login: 'ed', role: 'editor' });
  editor = (await createAppPassword(t.wp, user.id)).authorization;
  // The plugin's tables came after the service created the database: db:index (or the next start) adds the
  // occurrence index to the event index.
  await createTecTables(t.wp);
  expect(await installEventIndex(t.wp)).toEqual({ created: true, rows: 0, occurrences: 0, search: true });
});

async function listedOnce(query: string, who: 'anonymous' | 'editor'): Promise<{ total: number; ids: number[] }> {
  const res = await t.request.get(`${TRIBE_API}/events?${query}`).set(who === 'editor' ? { Authorization: editor } : {});
  expect(res.status).toBe(200);
  return { total: Number(res.headers['x-tec-total']), ids: res.body.events.map((e: { id: number }) => e.id) };
}

/** The answer through the occurrence index, checked against the answer read from the plugin's table itself. */
async function listed(query: string, who: 'anonymous' | 'editor' = 'anonymous'): Promise<{ total: number; ids: number[] }> {
  const indexed = await listedOnce(query, who);
  await deleteOption(t.wp, OCCURRENCE_INDEX_OPTION);
  try {
    expect({ query, direct: await listedOnce(query, who) }).toEqual({ query, direct: indexed });
  } finally {
    await updateOption(t.wp, OCCURRENCE_INDEX_OPTION, EVENT_INDEX_VERSION, 'off');
  }
  return indexed;
}

let eventId = 0;
const addOccurrence = async (postId: number, start: string, end: string, hash: string) => {
  const [id] = await t.wp.knex(occurrences()).insert({ event_id: eventId, post_id: postId, start_date: start, start_date_utc: start, end_date: end, end_date_utc: end, duration: 3600, hash, updated_at: '2025-06-01 00:00:00' });
  return Number(id);
};
const setPost = (id: number, values: Record<string, string>) => t.wp.knex(t.wp.t.posts).where('ID', id).update(values);

describe('rows written by plain SQL count at the next request', () => {
  let id: number;
  let second: number;

  it('an event with two occurrences is listed twice', async () => {
    id = await seedEvent(t.wp, { post_title: 'Weekly', start: '2025-07-05 19:00:00', end: '2025-07-05 20:00:00' });
    [eventId] = (await t.wp.knex(`${t.prefix}tec_events`).insert({ post_id: id, start_date: '2025-07-05 19:00:00', end_date: '2025-07-05 20:00:00', timezone: 'UTC', start_date_utc: '2025-07-05 19:00:00', end_date_utc: '2025-07-05 20:00:00', duration: 3600, hash: 'e' })).map(Number) as [number];
    // Meta alone does not list it here: the plugin lists occurrences.
    expect(await listed(JULY)).toEqual({ total: 0, ids: [] });
    await addOccurrence(id, '2025-07-05 19:00:00', '2025-07-05 20:00:00', 'o1');
    second = await addOccurrence(id, '2025-07-12 19:00:00', '2025-07-12 20:00:00', 'o2');
    expect(await listed(JULY)).toEqual({ total: 2, ids: [id, id] });
    expect(await listed('start_date=2025-07-10&end_date=2025-07-31')).toEqual({ total: 1, ids: [id] });
  });

  it('an occurrence moved and removed', async () => {
    await t.wp.knex(occurrences()).where('occurrence_id', second).update({ start_date: '2025-09-12 19:00:00', end_date: '2025-09-12 20:00:00', start_date_utc: '2025-09-12 19:00:00', end_date_utc: '2025-09-12 20:00:00' });
    expect(await listed(JULY)).toEqual({ total: 1, ids: [id] });
    expect(await listed(SEPTEMBER)).toEqual({ total: 1, ids: [id] });
    await t.wp.knex(occurrences()).where('occurrence_id', second).delete();
    expect(await listed(SEPTEMBER)).toEqual({ total: 0, ids: [] });
    second = await addOccurrence(id, '2025-09-12 19:00:00', '2025-09-12 20:00:00', 'o3');
    expect(await listed(SEPTEMBER)).toEqual({ total: 1, ids: [id] });
  });

  it('a status change and trash, on every occurrence of the event', async () => {
    await setPost(id, { post_status: 'draft' });
    expect(await listed(JULY)).toEqual({ total: 0, ids: [] });
    expect(await listed(SEPTEMBER, 'editor')).toEqual({ total: 1, ids: [id] });
    await setPost(id, { post_status: 'trash' });
    expect(await listed(`${SEPTEMBER}&status=trash`, 'editor')).toEqual({ total: 1, ids: [id] });
    await setPost(id, { post_status: 'publish' });
    expect(await listed(JULY)).toEqual({ total: 1, ids: [id] });
  });

  it('the hidden and featured flags and the venue', async () => {
    await seedMeta(t.wp, id, { _EventHideFromUpcoming: 'yes' });
    expect(await listed(SEPTEMBER)).toEqual({ total: 0, ids: [] });
    await t.wp.knex(t.wp.t.postmeta).where({ post_id: id, meta_key: '_EventHideFromUpcoming' }).delete();
    expect(await listed(SEPTEMBER)).toEqual({ total: 1, ids: [id] });
    const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Hall' });
    await seedMeta(t.wp, id, { _tribe_featured: '1', _EventVenueID: String(venue) });
    expect(await listed(`${SEPTEMBER}&featured=1`)).toEqual({ total: 1, ids: [id] });
    expect(await listed(`${JULY}&venue=${venue}`)).toEqual({ total: 1, ids: [id] });
    await t.wp.knex(t.wp.t.postmeta).where({ post_id: id, meta_key: '_EventVenueID' }).update({ meta_value: '0' });
    expect(await listed(`${JULY}&venue=${venue}`)).toEqual({ total: 0, ids: [] });
  });

  it('a post that stops being an event, and a deleted post whose occurrences stay behind', async () => {
    await setPost(id, { post_type: 'post' });
    expect(await listed(SEPTEMBER)).toEqual({ total: 0, ids: [] });
    await setPost(id, { post_type: 'tribe_events' });
    expect(await listed(SEPTEMBER)).toEqual({ total: 1, ids: [id] });
    await t.wp.knex(t.wp.t.posts).where('ID', id).delete();
    expect(await listed(SEPTEMBER)).toEqual({ total: 0, ids: [] });
    expect(await t.wp.knex(`${t.prefix}calendar_occurrence_index`).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});

describe('on a generated calendar', () => {
  beforeAll(async () => {
    await generateCalendar(t.wp, { events: 3000, venues: 20, organizers: 10, from: '2025-01-01', days: 365, now: NOW, seed: 3, batchSize: 1000 });
  }, 120_000);

  it('one row per occurrence, the same answers as the plugin table, and the window key read by a range', async () => {
    // The two occurrences left behind by the deleted post above have no row.
    const [{ n }] = await t.wp.knex(occurrences()).whereIn('post_id', t.wp.knex(t.wp.t.posts).select('ID').where('post_type', 'tribe_events')).count({ n: '*' });
    expect(Number(n)).toBe(3000);
    expect(await t.wp.knex(`${t.prefix}calendar_occurrence_index`).count({ n: '*' })).toEqual([{ n: 3000 }]);
    for (const query of ['', JULY, 'page=20', 'categories=music', 'featured=1']) expect((await listed(query)).total).toBeGreaterThan(0);

    const statements: Array<{ sql: string; bindings: unknown[] }> = [];
    const record = (q: { sql: string; bindings?: unknown[] }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
    t.testDb.db.knex.on('query', record);
    try {
      await listedOnce(JULY, 'anonymous');
    } finally {
      t.testDb.db.knex.removeListener('query', record);
    }
    const onIndex = statements.filter((s) => s.sql.includes('calendar_occurrence_index'));
    expect(onIndex).toHaveLength(2); // the page and the count
    for (const statement of onIndex) {
      const plan = await t.wp.dialect.explain(t.wp.knex, statement as { sql: string; bindings: string[] });
      if (statement.sql.includes('calendar_occurrence_index_counts')) {
        expectCountsPlan(t.wp, plan, 'calendar_occurrence_index');
        continue;
      }
      // The site is on UTC: the page follows the local start's key, the count (no order) the UTC start's.
      const key = /count\(/i.test(statement.sql) ? 'utc_window' : 'local_window';
      if (t.wp.dialect.name === 'sqlite') expect(plan.filter((line) => / x /.test(`${line} `))).toEqual([expect.stringMatching(new RegExp(`^SEARCH x USING (COVERING )?INDEX wp_calendar_occurrence_index__${key} `))]);
      else expect(plan.filter((line) => line.startsWith('table=x '))).toEqual([expect.stringMatching(new RegExp(`^table=x type=range key=${key} `))]);
    }
  }, 60_000);
});

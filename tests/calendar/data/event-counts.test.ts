import { countEventPosts, countsStatement, totalFromCounts } from '../../../src/calendar/data/event-count-query';
import { rebuildEventIndexRows } from '../../../src/calendar/data/event-index-rows';
import { installEventIndex } from '../../../src/calendar/data/event-index-install';
import { eventPage, type DateSource, type EventQuery } from '../../../src/calendar/data/event-query';
import { generateCalendar } from '../../../src/calendar/data/generator/generate-calendar';
import { createTecTables } from '../../support/tec-tables';
import { seedEvent, seedMeta } from '../../support/rows';
import { useTestApp } from '../../support/test-app';
import { TEC_EEA } from '../../support/tec-v1-answers';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * A list's total read from the index's counts (src/calendar/data/event-count-query.ts) is the count of its
 * matches, for every window the counts answer, every set of statuses, with and without the hidden events, on the
 * local and the UTC dates, through the event index and the occurrence index — on a generated calendar (written in
 * bulk, the triggers asleep) and after each kind of plain-SQL write, including events longer than the window and
 * dates the counts cannot hold. And the counts the triggers keep are those a rebuild computes.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const t = useTestApp({ clock: () => NOW, listCache: false });

const FROM = [undefined, '2025-05-31 00:00:00', '2025-06-15 13:30:00', '2024-10-01 00:00:00', '2026-03-01 00:00:00'];
const UNTIL = [undefined, '2025-07-31 23:59:59', '2027-06-01 23:59:59', '2025-06-15 23:59:59', '2024-12-31 23:59:59'];
const STATUSES = [['publish'], ['publish', 'private'], ['draft', 'pending', 'future']];

function query(source: DateSource, w: { from?: string; until?: string; utc: boolean }, statuses: string[], includeHidden: boolean): EventQuery {
  return { source, filter: { status: { in: statuses } }, window: { utc: w.utc, startFrom: w.from, endUntil: w.until }, includeHidden };
}

const totalOf = async (q: EventQuery) => (await eventPage(t.wp, 'tribe_events', q, { byPostDate: false, limit: 1, offset: 0 })).total;

/** Every window, status set and hidden choice: the total from the counts is the total counted from the index. */
async function expectCountsExact(sources: readonly DateSource[], expectCounted = true): Promise<void> {
  const wrong: string[] = [];
  let counted = 0;
  for (const source of sources) {
    for (const utc of [false, true]) {
      for (const from of FROM) {
        for (const until of UNTIL) {
          for (const statuses of STATUSES) {
            for (const includeHidden of [false, true]) {
              const q = query(source, { from, until, utc }, statuses, includeHidden);
              const statement = countsStatement(t.wp, q)!;
              expect(statement).toBeDefined();
              const fromCounts = await totalFromCounts(statement);
              // post__not_in 0 changes no answer, and is not a filter the counts answer: the index counts it.
              const fromIndex = await totalOf({ ...q, filter: { ...q.filter, idsNotIn: [0] } });
              if (fromCounts !== undefined) counted++;
              if ((fromCounts ?? fromIndex) !== fromIndex || (await totalOf(q)) !== fromIndex) wrong.push(`${JSON.stringify(q)}: ${fromCounts} ≠ ${fromIndex}`);
            }
          }
        }
      }
    }
  }
  expect(wrong).toEqual([]);
  if (expectCounted) expect(counted).toBeGreaterThan(0);
  await expectPostCountsExact();
}

/** wp/v2's count of the event posts by status alone (countEventPosts) is the posts table's, whatever their dates. */
async function expectPostCountsExact(): Promise<void> {
  const sets = [...STATUSES, ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'auto-draft'], ['inherit']];
  for (const statuses of sets) {
    const posts = await t.wp.knex(t.wp.t.posts).where('post_type', 'tribe_events').whereIn('post_status', statuses).count({ n: '*' });
    expect({ statuses, total: await countEventPosts(t.wp, statuses) }).toEqual({ statuses, total: Number((posts[0] as { n: number | string }).n) });
  }
}

/** The counters that are not zero, as rows to compare. */
async function counters(table: string): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = await t.wp.knex(`${t.prefix}${table}`).select('*').where((q) => q.whereNot('n_start', 0).orWhereNot('n_end', 0));
  return rows
    .map((r) => ({ ...r, hidden: Number(r.hidden), mode: Number(r.mode), span: Number(r.span), slot: Number(r.slot), n_start: Number(r.n_start), n_end: Number(r.n_end) }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The counters the triggers kept are those a rebuild computes; their reach is at least the rebuilt one. */
async function expectCountersAsRebuilt(): Promise<void> {
  for (const table of ['calendar_event_index_counts', 'calendar_occurrence_index_counts']) {
    const kept = await counters(table);
    await rebuildEventIndexRows(t.wp);
    const rebuilt = await counters(table);
    const withoutReach = (rows: Array<Record<string, unknown>>) => rows.map(({ reach: _reach, ...r }) => r);
    expect(withoutReach(kept)).toEqual(withoutReach(rebuilt));
    rebuilt.forEach((row, i) => expect(String(kept[i]!.reach) >= String(row.reach)).toBe(true));
  }
}

beforeAll(async () => {
  await createTecTables(t.wp);
  await installEventIndex(t.wp);
  await generateCalendar(t.wp, { events: 1200, venues: 10, organizers: 5, from: '2024-09-01', days: 500, now: NOW, seed: 11, batchSize: 400 });
}, 120_000);

it('a generated calendar, written in bulk: every total from the counts is exact', async () => {
  await expectCountsExact(['index', 'occurrence-index']);
  await expectCountersAsRebuilt();
}, 120_000);

it('tribe/events/v1’s and tec/v1’s default lists and a month count from the counts, and nothing else counts them', async () => {
  const lists: Array<[string, Record<string, string>, string]> = [
    [`${TRIBE_API}/events`, {}, 'x-tec-total'],
    [`${TRIBE_API}/events?start_date=2025-07-01&end_date=2025-07-31`, {}, 'x-tec-total'],
    ['/wp-json/tec/v1/events', { 'X-TEC-EEA': TEC_EEA }, 'x-wp-total'],
  ];
  for (const [url, headers, totalHeader] of lists) {
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    t.testDb.db.counts?.clear();
    t.testDb.db.knex.on('query', record);
    try {
      const res = await t.request.get(url).set(headers);
      expect(res.status).toBe(200);
      expect(Number(res.headers[totalHeader])).toBeGreaterThan(0);
    } finally {
      t.testDb.db.knex.removeListener('query', record);
    }
    const onIndex = statements.filter((sql) => sql.includes('calendar_event_index') || sql.includes('calendar_occurrence_index'));
    expect({ url, counts: onIndex.filter((sql) => sql.includes('_index_counts')).length }).toEqual({ url, counts: 1 });
    // The page reads the index in order; the only COUNT is of the window's first day up to its start.
    expect(onIndex.filter((sql) => /count\(/i.test(sql) && !sql.includes('_index_counts'))).toEqual([]);
  }
});

it('wp/v2’s list of the events by status alone counts from the counts; a list filtered otherwise counts the posts', async () => {
  const listed = async (url: string) => {
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    t.testDb.db.counts?.clear();
    t.testDb.db.knex.on('query', record);
    try {
      const res = await t.request.get(url);
      expect(res.status).toBe(200);
      return { total: Number(res.headers['x-wp-total']), counts: statements.filter((sql) => sql.includes('_index_counts')).length, postCounts: statements.filter((sql) => /count\(/i.test(sql) && sql.includes(t.wp.t.posts)).length };
    } finally {
      t.testDb.db.knex.removeListener('query', record);
    }
  };
  const published = await t.wp.knex(t.wp.t.posts).where({ post_type: 'tribe_events', post_status: 'publish' }).count({ n: '*' });
  expect(await listed('/wp-json/wp/v2/tribe_events')).toEqual({ total: Number((published[0] as { n: number | string }).n), counts: 1, postCounts: 0 });
  const searched = await listed('/wp-json/wp/v2/tribe_events?search=a');
  expect(searched).toMatchObject({ counts: 0, postCounts: 1 });
});

describe('after plain-SQL writes', () => {
  const setPost = (id: number, values: Record<string, string>) => t.wp.knex(t.wp.t.posts).where('ID', id).update(values);
  const setMeta = (id: number, key: string, value: string) => t.wp.knex(t.wp.t.postmeta).where({ post_id: id, meta_key: key }).update({ meta_value: value });
  let long: number;

  it('an event longer than every window, moved, hidden, made private, deleted', async () => {
    long = await seedEvent(t.wp, { post_title: 'Season', start: '2024-08-01 10:00:00', end: '2027-12-31 18:00:00', startUtc: '2024-08-01 08:00:00', endUtc: '2027-12-31 17:00:00' });
    await expectCountsExact(['index']);
    await setMeta(long, '_EventStartDate', '2025-06-10 09:00:00');
    await setMeta(long, '_EventStartDateUTC', '2025-06-10 07:00:00');
    await expectCountsExact(['index']);
    await seedMeta(t.wp, long, { _EventHideFromUpcoming: 'yes' });
    await setPost(long, { post_status: 'private' });
    await expectCountsExact(['index']);
    await expectCountersAsRebuilt();
    await t.wp.knex(t.wp.t.posts).where('ID', long).delete();
    await expectCountsExact(['index']);
    await expectCountersAsRebuilt();
  }, 120_000);

  it('dates the counts cannot hold: the list counts from the index, until they are mended', async () => {
    const odd = await seedEvent(t.wp, { post_title: 'Odd', start: '2025-07-02 10:00:00', end: '2025-07-01 10:00:00' });
    // Ends before it starts: the published lists count from the index; a draft-only list still from the counts.
    expect(await totalFromCounts(countsStatement(t.wp, query('index', { from: '2025-06-01 00:00:00', utc: false }, ['publish'], false))!)).toBeUndefined();
    expect(await totalFromCounts(countsStatement(t.wp, query('index', { from: '2025-06-01 00:00:00', utc: false }, ['draft'], false))!)).toBeDefined();
    await expectCountsExact(['index']);
    await setMeta(odd, '_EventEndDate', '2025-07-02');
    await expectCountsExact(['index']);
    await t.wp.knex(t.wp.t.postmeta).where({ post_id: odd, meta_key: '_EventEndDate' }).delete();
    await expectCountsExact(['index']);
    await seedMeta(t.wp, odd, { _EventEndDate: '2025-07-02 11:00:00' });
    await setMeta(odd, '_EventEndDateUTC', '2025-07-02 11:00:00');
    expect(await totalFromCounts(countsStatement(t.wp, query('index', { from: '2025-06-01 00:00:00', utc: false }, ['publish'], false))!)).toBeDefined();
    await expectCountsExact(['index']);
    await expectCountersAsRebuilt();
  }, 120_000);

  it('a date changed only by a trailing space (equal under MySQL’s collation, no longer a wall clock), and back', async () => {
    const id = await seedEvent(t.wp, { post_title: 'Spaced', start: '2025-07-05 10:00:00', end: '2025-07-05 12:00:00' });
    await setMeta(id, '_EventStartDate', '2025-07-05 10:00:00 ');
    expect(await totalFromCounts(countsStatement(t.wp, query('index', { from: '2025-06-01 00:00:00', utc: false }, ['publish'], false))!)).toBeUndefined();
    await expectCountsExact(['index']);
    await setMeta(id, '_EventStartDate', '2025-07-05 10:00:00');
    expect(await totalFromCounts(countsStatement(t.wp, query('index', { from: '2025-06-01 00:00:00', utc: false }, ['publish'], false))!)).toBeDefined();
    await expectCountersAsRebuilt();
  }, 120_000);

  it('a post that stops being an event and comes back, and an occurrence added', async () => {
    const id = await seedEvent(t.wp, { post_title: 'Moving', start: '2025-07-20 10:00:00', end: '2025-07-22 10:00:00' });
    await setPost(id, { post_type: 'post' });
    await expectCountsExact(['index']);
    await setPost(id, { post_type: 'tribe_events' });
    await t.wp
      .knex(`${t.prefix}tec_occurrences`)
      .insert({ event_id: 1, post_id: id, start_date: '2025-07-20 10:00:00', start_date_utc: '2025-07-20 10:00:00', end_date: '2025-09-22 10:00:00', end_date_utc: '2025-09-22 10:00:00', duration: 86400, hash: 'counts-test' });
    await expectCountsExact(['index', 'occurrence-index']);
    await expectCountersAsRebuilt();
  }, 120_000);
});

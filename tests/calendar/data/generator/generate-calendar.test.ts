import { generateCalendar, type GeneratedCalendar } from '../../../../src/calendar/data/generator/generate-calendar';
import { createTecTables } from '../../../support/tec-tables';
import { useTestApp } from '../../../support/test-app';
import { TRIBE_API } from '../../../support/rest-paths';

/**
 * The calendar generator writes what WordPress and the plugin would: posts of the three types with their meta,
 * term relationships with correct counts, unique slugs, and the plugin's custom tables when the site has them.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
const t = useTestApp({ clock: () => NOW });
let result: GeneratedCalendar;

beforeAll(async () => {
  await createTecTables(t.wp);
  result = await generateCalendar(t.wp, { events: 300, from: '2024-12-01', days: 365, now: NOW, batchSize: 120, seed: 7 });
});

const rows = (table: string) => t.wp.knex(table);

it('writes the requested number of events, venues and organizers', async () => {
  const byType = (await rows(t.wp.t.posts).select('post_type').count({ n: '*' }).groupBy('post_type')) as Array<{ post_type: string; n: number | string }>;
  const counts = Object.fromEntries(byType.map((r) => [r.post_type, Number(r.n)]));
  expect(counts).toEqual({ tribe_events: 300, tribe_venue: 3, tribe_organizer: 2 });
  expect(result.lastEventId - result.firstEventId + 1).toBe(300);
  expect(result.venueIds).toHaveLength(3);
});

it('gives every event its date meta, UTC twins and time zone, and unique slugs per type', async () => {
  const meta = await rows(t.wp.t.postmeta).select('post_id', 'meta_key', 'meta_value').whereIn('meta_key', ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventTimezone']);
  for (const key of ['_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventTimezone']) {
    expect(meta.filter((m: { meta_key: string }) => m.meta_key === key)).toHaveLength(300);
  }
  for (const m of meta as Array<{ meta_key: string; meta_value: string }>) {
    if (m.meta_key === '_EventStartDate') expect(m.meta_value >= '2024-12-01 00:00:00' && m.meta_value <= '2025-12-01 00:00:00').toBe(true);
    if (m.meta_key === '_EventTimezone') expect(m.meta_value).toBe('UTC');
  }
  const slugs = await rows(t.wp.t.posts).select('post_type', 'post_name').count({ n: '*' }).whereNot('post_name', '').groupBy('post_type', 'post_name').having(t.wp.knex.raw('COUNT(*) > 1'));
  expect(slugs).toEqual([]);
  const future = await rows(t.wp.t.posts).where('post_date_gmt', '>', '2025-06-01 12:00:00');
  expect(future).toEqual([]);
});

it('links events to existing venues and organizers only', async () => {
  const links = await rows(t.wp.t.postmeta).select('meta_key', 'meta_value').whereIn('meta_key', ['_EventVenueID', '_EventOrganizerID']);
  expect(links.length).toBeGreaterThan(200);
  for (const link of links as Array<{ meta_key: string; meta_value: string }>) {
    const ids = link.meta_key === '_EventVenueID' ? result.venueIds : result.organizerIds;
    expect(ids).toContain(Number(link.meta_value));
  }
});

it('stores term counts as WordPress computes them: published objects per term', async () => {
  const terms = await rows(t.wp.t.term_taxonomy).select('term_taxonomy_id', 'count');
  expect(terms).toHaveLength(result.categories.length + result.tags.length);
  for (const term of terms as Array<{ term_taxonomy_id: number; count: number }>) {
    const [{ n }] = await rows(`${t.wp.t.term_relationships} as tr`).join(`${t.wp.t.posts} as p`, 'p.ID', 'tr.object_id').where({ 'tr.term_taxonomy_id': term.term_taxonomy_id, 'p.post_status': 'publish' }).count({ n: '*' });
    expect(Number(term.count)).toBe(Number(n));
  }
});

it('keeps one occurrence per event in the plugin custom tables', async () => {
  const [{ n }] = await rows(`${t.prefix}tec_occurrences`).count({ n: '*' });
  expect(Number(n)).toBe(300);
  const sample = await rows(`${t.prefix}tec_occurrences as o`).join(`${t.wp.t.postmeta} as m`, (j) => j.on('m.post_id', 'o.post_id').andOnVal('m.meta_key', '_EventStartDate')).select('o.start_date', 'm.meta_value').limit(20);
  for (const row of sample as Array<{ start_date: string; meta_value: string }>) expect(row.start_date).toBe(row.meta_value);
});

it('is served by the archive like any calendar', async () => {
  const res = await t.request.get(`${TRIBE_API}/events?per_page=50`);
  expect(res.status).toBe(200);
  expect(res.body.total).toBeGreaterThan(100);
  expect(res.body.events.every((e: { status: string }) => e.status === 'publish')).toBe(true);
});

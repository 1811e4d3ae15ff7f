import { updateOption } from '../../../src/wp/options';
import { relate, seedEvent, seedMeta, seedPost, seedTerm } from '../../support/rows';
import { createTecTables } from '../../support/tec-tables';
import { useTestApp } from '../../support/test-app';
import { isSiteOptionsRead, isTriggerCheck } from '../../support/list-cost';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * GET /events beyond the shared archive contract: its items, their order, a fixed number of SQL statements
 * whatever the page size, and the plugin's custom tables as the date source when a site has them.
 */

const CLOCK = () => new Date('2025-06-01T12:00:00Z');
const events = (res: { body: { events: Array<Record<string, unknown>> } }) => res.body.events;

describe('items and order', () => {
  const t = useTestApp({ clock: CLOCK });

  it('orders by start, then publication date, then id', async () => {
    const late = await seedEvent(t.wp, { post_title: 'Late start', start: '2025-07-02 09:00:00', end: '2025-07-02 10:00:00', post_date: '2025-01-01 00:00:00' });
    const newer = await seedEvent(t.wp, { post_title: 'Newer post', start: '2025-07-01 09:00:00', end: '2025-07-01 10:00:00', post_date: '2025-03-01 00:00:00' });
    const tieA = await seedEvent(t.wp, { post_title: 'Tie A', start: '2025-07-01 09:00:00', end: '2025-07-01 10:00:00', post_date: '2025-02-01 00:00:00' });
    const tieB = await seedEvent(t.wp, { post_title: 'Tie B', start: '2025-07-01 09:00:00', end: '2025-07-01 10:00:00', post_date: '2025-02-01 00:00:00' });
    const earliest = await seedEvent(t.wp, { post_title: 'Earliest', start: '2025-07-01 08:59:59', end: '2025-07-01 10:00:00', post_date: '2025-05-01 00:00:00' });
    const res = await t.request.get(`${TRIBE_API}/events`);
    expect(events(res).map((ev) => ev.id)).toEqual([earliest, tieA, tieB, newer, late]);
  });

  it('shows each item as the single read does, without json_ld', async () => {
    const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Hall', post_name: 'hall' });
    await seedMeta(t.wp, venue, { _VenueCity: 'Lyon' });
    const organizer = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: 'Crew', post_name: 'crew' });
    const category = await seedTerm(t.wp, 'tribe_events_cat', 'Talks', { count: 1 });
    const id = await seedEvent(t.wp, {
      post_title: 'Full item',
      post_content: 'About it',
      start: '2025-08-01 10:00:00',
      end: '2025-08-01 11:00:00',
      meta: { _EventVenueID: String(venue), _EventOrganizerID: String(organizer), _EventCost: '10', _tribe_featured: '1' },
    });
    await relate(t.wp, id, category.ttId);
    const single = await t.request.get(`${TRIBE_API}/events/${id}`);
    // Lists carry no JSON-LD, neither on the event nor on what it embeds.
    const { json_ld: _jsonLd, ...expected } = single.body;
    delete expected.venue.json_ld;
    delete expected.organizer[0].json_ld;
    const item = events(await t.request.get(`${TRIBE_API}/events?start_date=2025-08-01&end_date=2025-08-01`)).find((ev) => ev.id === id);
    expect(item).toEqual(expected);
    expect(item).toMatchObject({ venue: { id: venue, city: 'Lyon' }, organizer: [{ id: organizer }], categories: [{ id: category.termId }], cost: '$10', featured: true });
  });

  it('masks a password-protected event, its embedded venue included', async () => {
    const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: 'Secret Hall', post_name: 'secret-hall' });
    const id = await seedEvent(t.wp, { post_title: 'Protected', post_password: 'pw', post_content: 'Hidden', start: '2025-09-01 10:00:00', end: '2025-09-01 11:00:00', meta: { _EventVenueID: String(venue), _EventCost: '5' } });
    const item = events(await t.request.get(`${TRIBE_API}/events?start_date=2025-09-01&end_date=2025-09-01`))[0]!;
    expect(item).toMatchObject({ id, title: 'Protected', description: '', excerpt: '', cost: '', venue: [], organizer: [], categories: [], all_day: null, featured: null, image: false });
    expect(item.cost_details).toEqual({ currency_symbol: '', currency_position: '', currency_code: '', values: [] });
  });
});

describe('SQL statements per request', () => {
  // Every object of each page rendered: none kept by an earlier page (the object cache's own tests are in
  // tests/calendar/event-list-cache.test.ts).
  const t = useTestApp({ clock: CLOCK, objectCache: false });
  beforeAll(async () => {
    const category = await seedTerm(t.wp, 'tribe_events_cat', 'Music');
    const tag = await seedTerm(t.wp, 'post_tag', 'free');
    for (let n = 0; n < 60; n++) {
      const image = await seedPost(t.wp, { post_type: 'attachment', post_status: 'inherit', post_mime_type: 'image/jpeg', post_title: `img ${n}`, guid: `http://calendar.test/wp-content/uploads/img-${n}.jpg` });
      await seedMeta(t.wp, image, { _wp_attached_file: `img-${n}.jpg` });
      const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: `Venue ${n}`, post_name: `venue-${n}`, post_date: `2025-01-01 ${String(n % 24).padStart(2, '0')}:00:00` });
      const organizer = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: `Organizer ${n}`, post_name: `organizer-${n}` });
      await seedMeta(t.wp, venue, { _thumbnail_id: String(image), _VenueCity: 'Lyon' });
      await seedMeta(t.wp, organizer, { _thumbnail_id: String(image) });
      const day = String((n % 28) + 1).padStart(2, '0');
      const id = await seedEvent(t.wp, { post_title: `Event ${n}`, start: `2025-07-${day} 10:00:00`, end: `2025-07-${day} 11:00:00`, meta: { _EventVenueID: String(venue), _EventOrganizerID: [String(organizer)], _thumbnail_id: String(image) } });
      await relate(t.wp, id, category.ttId);
      await relate(t.wp, id, tag.ttId);
    }
  });

  async function statements(path: string): Promise<number> {
    let count = 0;
    const listener = (q: { sql: string }) => {
      if (!isTriggerCheck(q.sql) && !isSiteOptionsRead(q.sql)) count++;
    };
    // Each request counts its total itself rather than reading the one the previous request left in the cache.
    t.testDb.db.counts?.clear();
    t.testDb.db.knex.on('query', listener);
    try {
      const res = await t.request.get(path);
      expect(res.status).toBe(200);
    } finally {
      t.testDb.db.knex.removeListener('query', listener);
    }
    return count;
  }

  it.each(['events', 'events?categories=music&tags=free&search=Event', 'venues', 'organizers', 'venues?search=lyon&has_events=1'])('GET /%s runs as many statements for 1 item as for 50', async (path) => {
    // Once per process, the first list asks which engine holds the tables its count reads (count-cache.ts).
    await statements(`${TRIBE_API}/${path}`);
    const one = await statements(`${TRIBE_API}/${path}${path.includes('?') ? '&' : '?'}per_page=1`);
    const fifty = await statements(`${TRIBE_API}/${path}${path.includes('?') ? '&' : '?'}per_page=50`);
    expect(fifty).toBe(one);
    expect(one).toBeLessThanOrEqual(14);
  });
});

describe('the plugin custom tables as date source', () => {
  const t = useTestApp({ clock: CLOCK });
  let id: number;
  beforeAll(async () => {
    await createTecTables(t.wp);
    // The meta says July; the occurrence (what the plugin queries when its tables are active) says August.
    id = await seedEvent(t.wp, { post_title: 'Moved', start: '2025-07-01 10:00:00', end: '2025-07-01 11:00:00' });
    await t.wp.knex(`${t.prefix}tec_events`).insert({ post_id: id, start_date: '2025-08-01 10:00:00', end_date: '2025-08-01 11:00:00', timezone: 'UTC', start_date_utc: '2025-08-01 10:00:00', end_date_utc: '2025-08-01 11:00:00', duration: 3600, hash: 'e' });
    await t.wp.knex(`${t.prefix}tec_occurrences`).insert({ event_id: 1, post_id: id, start_date: '2025-08-01 10:00:00', start_date_utc: '2025-08-01 10:00:00', end_date: '2025-08-01 11:00:00', end_date_utc: '2025-08-01 11:00:00', duration: 3600, hash: 'o', updated_at: '2025-06-01 00:00:00' });
  });

  const found = async (query: string) => events(await t.request.get(`${TRIBE_API}/events${query}`)).map((ev) => ev.id);

  it('filters on the occurrences table when the site has it', async () => {
    expect(await found('?start_date=2025-08-01&end_date=2025-08-01')).toEqual([id]);
    expect(await found('?start_date=2025-07-01&end_date=2025-07-01')).toEqual([]);
  });

  it('falls back to the meta when the custom tables are switched off', async () => {
    await updateOption(t.wp, 'tec_custom_tables_v1_active', '');
    try {
      expect(await found('?start_date=2025-07-01&end_date=2025-07-01')).toEqual([id]);
      expect(await found('?start_date=2025-08-01&end_date=2025-08-01')).toEqual([]);
    } finally {
      await updateOption(t.wp, 'tec_custom_tables_v1_active', '1');
    }
  });

  it('lists an event created through the API, whose occurrence the service keeps in step', async () => {
    const { createCallers } = await import('../../support/callers');
    const callers = await createCallers(t.wp, '-ct');
    const created = await t.request.post(`${TRIBE_API}/events`).set('Authorization', callers.editor.authorization).send({ title: 'Via API', start_date: '2025-10-05 10:00:00', end_date: '2025-10-05 12:00:00' });
    expect(created.status).toBe(201);
    expect(await found('?start_date=2025-10-05&end_date=2025-10-05')).toEqual([created.body.id]);
  });
});

import { relate, seedEvent, seedMeta, seedPost, seedTerm } from '../../support/rows';
import { TEC_EEA } from '../../support/tec-v1-answers';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * tec/v1 lists cost a fixed number of SQL statements whatever the page size, as the tribe/events/v1 lists do: one
 * page statement, one count, and a batched load of everything the page's objects show (linked venues and
 * organizers, terms, images).
 */

let t: TestApp;
beforeAll(async () => {
  // Nothing kept between requests: each case counts what the database is asked.
  t = await startTestApp({ clock: () => new Date('2025-06-01T12:00:00Z'), listCache: false });
  const category = await seedTerm(t.wp, 'tribe_events_cat', 'Music');
  const tag = await seedTerm(t.wp, 'post_tag', 'free');
  for (let n = 0; n < 60; n++) {
    const image = await seedPost(t.wp, { post_type: 'attachment', post_status: 'inherit', post_mime_type: 'image/jpeg', post_title: `img ${n}`, guid: `http://calendar.test/wp-content/uploads/img-${n}.jpg` });
    await seedMeta(t.wp, image, { _wp_attached_file: `img-${n}.jpg` });
    const venue = await seedPost(t.wp, { post_type: 'tribe_venue', post_title: `Venue ${n}`, post_name: `venue-${n}` });
    const organizer = await seedPost(t.wp, { post_type: 'tribe_organizer', post_title: `Organizer ${n}`, post_name: `organizer-${n}` });
    await seedMeta(t.wp, venue, { _thumbnail_id: String(image), _VenueCity: 'Lyon' });
    const day = String((n % 28) + 1).padStart(2, '0');
    const id = await seedEvent(t.wp, { post_title: `Event ${n}`, start: `2025-07-${day} 10:00:00`, end: `2025-07-${day} 11:00:00`, meta: { _EventVenueID: String(venue), _EventOrganizerID: [String(organizer)], _thumbnail_id: String(image) } });
    await relate(t.wp, id, category.ttId);
    await relate(t.wp, id, tag.ttId);
  }
});
afterAll(async () => {
  await t.close();
});

async function statements(path: string): Promise<{ count: number; items: number }> {
  let count = 0;
  const listener = () => count++;
  t.testDb.db.counts?.clear();
  t.testDb.db.knex.on('query', listener);
  try {
    const res = await t.request.get(path).set('X-TEC-EEA', TEC_EEA);
    expect(res.status).toBe(200);
    return { count, items: (res.body as unknown[]).length };
  } finally {
    t.testDb.db.knex.removeListener('query', listener);
  }
}

it.each(['events', 'events?search=Event&orderby=title&order=DESC', 'events?start_date=2025-07-02&featured=0', 'venues', 'organizers?has_events=1'])(
  'GET /tec/v1/%s runs as many statements for 1 item as for 50',
  async (path) => {
    const url = (perPage: number) => `/wp-json/tec/v1/${path}${path.includes('?') ? '&' : '?'}per_page=${perPage}`;
    // Once per process, the first list asks which engine holds the tables its count reads.
    await statements(url(1));
    const one = await statements(url(1));
    const fifty = await statements(url(50));
    expect([one.items, fifty.items]).toEqual([1, 50]);
    expect(fifty.count).toBe(one.count);
    expect(one.count).toBeLessThanOrEqual(14);
  },
);

import { relate, seedEvent, seedMeta, seedPost, seedTerm } from './rows';
import type { TestApp } from './test-app';

/**
 * What the statement-count tests of the list routes share: a calendar of 60 events, each with its own venue,
 * organizer and image, in one category and one tag; and the number of SQL statements one request runs.
 */

/** Seeds the calendar; the category's and the tag's term ids come back for routes that filter by id. */
export async function seedCostCalendar(t: TestApp): Promise<{ categoryId: number; tagId: number }> {
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
  return { categoryId: category.termId, tagId: tag.termId };
}

/**
 * The change stamp's check of its triggers (src/db/stamped-cache.ts): MySQL counts them when the server's DDL
 * counters moved, which they do at least once a second, so whether a request runs it depends on the clock, not on
 * the request.
 */
export const isTriggerCheck = (sql: string) => /information_schema\.TRIGGERS|FROM sqlite_master WHERE type = 'trigger'/i.test(sql);

/**
 * The site's options, read with whether the plugin's tables exist (src/wp/options.ts getOptionsAndTables): on MySQL
 * they are kept under the change stamp and the schema mark, which moves at least once a second, so whether a request
 * reads them depends on the clock too.
 */
export const isSiteOptionsRead = (sql: string) => /is_table/.test(sql);

/**
 * The statements a GET runs (the count cache emptied first, the trigger check and the site's options left out) and the
 * items of its bare-array answer.
 */
export async function statementsOf(t: TestApp, path: string, headers: Record<string, string> = {}): Promise<{ count: number; items: number }> {
  let count = 0;
  const listener = (q: { sql: string }) => {
    if (!isTriggerCheck(q.sql) && !isSiteOptionsRead(q.sql)) count++;
  };
  t.testDb.db.counts?.clear();
  t.testDb.db.knex.on('query', listener);
  try {
    const res = await t.request.get(path).set(headers);
    expect(res.status).toBe(200);
    return { count, items: (res.body as unknown[]).length };
  } finally {
    t.testDb.db.knex.removeListener('query', listener);
  }
}

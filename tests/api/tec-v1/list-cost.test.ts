import { seedCostCalendar, statementsOf } from '../../support/list-cost';
import { TEC_EEA } from '../../support/tec-v1-answers';
import { useTestApp } from '../../support/test-app';

/**
 * tec/v1 lists cost a fixed number of SQL statements whatever the page size, as the tribe/events/v1 lists do: one
 * page statement, one count, and a batched load of everything the page's objects show (linked venues and
 * organizers, terms, images).
 */

// Nothing kept between requests: each case counts what the database is asked.
const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z'), listCache: false, objectCache: false });
beforeAll(async () => {
  await seedCostCalendar(t);
});

const statements = (path: string) => statementsOf(t, path, { 'X-TEC-EEA': TEC_EEA });

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

import { seedCostCalendar, statementsOf } from '../../support/list-cost';
import { useTestApp } from '../../support/test-app';

/**
 * wp/v2 post lists cost a fixed number of SQL statements whatever the page size, as the tribe/events/v1 and tec/v1
 * lists do: one page statement, one count, and a batched load of what the page's posts show (meta, terms, authors).
 */

// Nothing kept between requests (no answer, total or object): each one does the whole work whose statements are counted.
const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z'), listCache: false, objectCache: false });
/** The term ids the term-filtered case asks for (wp/v2 filters by id). */
const termIds = { CAT: 0, TAG: 0 };
beforeAll(async () => {
  const { categoryId, tagId } = await seedCostCalendar(t);
  Object.assign(termIds, { CAT: categoryId, TAG: tagId });
});

const statements = (path: string) => statementsOf(t, path);

it.each(['tribe_events', 'tribe_events?search=Event&orderby=title&order=desc', 'tribe_events?tribe_events_cat=CAT&tags=TAG', 'tribe_venue', 'tribe_organizer'])(
  'GET /wp/v2/%s runs as many statements for 1 item as for 50',
  async (path) => {
    const withIds = path.replace(/CAT|TAG/g, (name) => String(termIds[name as keyof typeof termIds]));
    const url = (perPage: number) => `/wp-json/wp/v2/${withIds}${path.includes('?') ? '&' : '?'}per_page=${perPage}`;
    // Once per process, the first list asks which engine holds the tables its count reads.
    await statements(url(1));
    const one = await statements(url(1));
    const fifty = await statements(url(50));
    expect([one.items, fifty.items]).toEqual([1, 50]);
    expect(fifty.count).toBe(one.count);
    expect(one.count).toBeLessThanOrEqual(14);
  },
);

/**
 * Searches and list filters at their edges (punctuation, non-ASCII, backslashes, junk coordinates and categories),
 * sent to the real plugin by scripts/record-search-edges.ts (tests/fixtures/plugin/search-edges.json) and to the
 * service by search-edges.test.ts, both on the calendar SEARCH_CALENDAR writes as an administrator.
 */

export interface CalendarWrite {
  path: string;
  body: Record<string, unknown>;
}

const AT = (day: number) => ({ start_date: `2030-01-0${day} 10:00:00`, end_date: `2030-01-0${day} 11:00:00` });

export const SEARCH_CALENDAR: CalendarWrite[] = [
  { path: '/categories', body: { name: 'Music' } },
  { path: '/venues', body: { venue: 'Café ñandú hall', address: '1 Main' } },
  { path: '/venues', body: { venue: 'Second 50% off_x' } },
  { path: '/organizers', body: { organizer: 'Org ñ' } },
  { path: '/organizers', body: { organizer: "Other O'Brien" } },
  // Sent with two backslashes: the plugin stores one.
  { path: '/events', body: { title: 'E1 back\\\\slash', ...AT(1), categories: ['music'] } },
  { path: '/events', body: { title: 'E2 100% _under_', ...AT(2) } },
];

const LINKED = ["'", '%25', '_', '%C3%B1', '%C3%B1and%C3%BA', 'caf%C3%A9', '%25%20off', "a'", "O'Brien", '--', '-', '%20', 'ab', '%5C', 'off_x', '50%25'];
// (No non-ASCII event search: MariaDB's collation matches `ñ` with `n`, SQLite's LIKE does not; a documented difference.)
const EVENT_SEARCH = ['%5C', '%5C%5C', '%5C%5C%5C', '%5C%5C%5C%5C', '%25', '_', "'", 'slash', 'back%5Cslash', 'back%5C%5C%5C%5Cslash', 'k%5Cs', 'E%5C1', '%5C%27', '100%25', '_under_'];
const EVENT_FILTERS = [
  'geoloc_lat=abc', 'geoloc_lat=abc&geoloc_lng=1', 'geoloc=1&geoloc_lat=abc&geoloc_lng=x', 'geoloc_lng=%5B%5D', 'geoloc_lat[]=1',
  'geoloc_lat=', 'geoloc_lat=1e999', 'geoloc_lat=91', 'geoloc_lat=1', 'geoloc=1&geoloc_lat=1', 'geoloc=1&geoloc_lat[]=1&geoloc_lat[]=2&geoloc_lng=2',
  'categories=%27', 'categories=%E2%80%8B', 'categories=%25', 'categories=%2D', 'categories=music,%27', 'categories=%27,music', 'categories=%C2%AD',
  'categories=abc', 'categories=music', 'categories=999', 'tags=%27', 'tags=abc',
];

const WINDOW = 'start_date=2029-01-01&end_date=2031-01-01&per_page=1';

/** The GET paths compared, under /tribe/events/v1. */
export const SEARCH_QUERIES: string[] = [
  ...LINKED.flatMap((q) => [`/venues?per_page=24&search=${q}`, `/organizers?per_page=24&search=${q}`]),
  ...EVENT_SEARCH.map((q) => `/events?${WINDOW}&search=${q}`),
  ...EVENT_FILTERS.map((q) => `/events?${WINDOW}&${q}`),
];

/** What an answer shows of a list: its status, total, the names on the page, its own URL, or the error code. */
export function listAnswer(status: number, body: Record<string, unknown>, site: string): Record<string, unknown> {
  if (typeof body.code === 'string') return { status, code: body.code };
  const items = (body.events ?? body.venues ?? body.organizers ?? []) as Array<Record<string, unknown>>;
  return {
    status,
    total: body.total,
    names: items.map((i) => i.title ?? i.venue ?? i.organizer),
    rest_url: String(body.rest_url ?? '').split(site).join('<site>'),
  };
}

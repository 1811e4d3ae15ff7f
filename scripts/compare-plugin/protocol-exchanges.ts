import type { Calendar } from './calendar';
import type { Exchange } from './http';

/**
 * Requests that check protocol details on the comparison calendar, shared by the recorder of the tests
 * (record-protocol.ts) and the comparison (run.ts): the lists' default page size under each way a site sets it,
 * paths with runs of slashes and paths outside the API, and paging URLs whose values add_query_arg() encodes.
 */

const NS = '/tribe/events/v1';

/** TEC's settings and WordPress's `posts_per_page` a page-size variant stores (`undefined`: no TEC key). */
export interface PageSizeVariant {
  name: string;
  tec: string | undefined;
  wordpress: string;
}

export const PAGE_SIZE_VARIANTS: PageSizeVariant[] = [
  { name: "WordPress's stock 10", tec: undefined, wordpress: '10' },
  { name: "TEC's 7 over WordPress's 10", tec: '7', wordpress: '10' },
  { name: "TEC's empty setting", tec: '', wordpress: '10' },
  { name: 'no setting at all', tec: undefined, wordpress: '' },
  { name: "TEC's 100, capped", tec: '100', wordpress: '10' },
  { name: "TEC's setting no number", tec: 'abc', wordpress: '10' },
];

/** The lists whose default page size is compared, and the namespace descriptor that declares it. */
export const PAGE_SIZE_PATHS = [`${NS}/events?start_date=2020-01-01`, `${NS}/venues`, `${NS}/organizers`, `${NS}/categories?hide_empty=0`, `${NS}/tags?hide_empty=0`, NS];

/** Paths sent as they are after the site's root: runs of slashes, encoded slashes, pages outside the API. */
export function pathExchanges(cal: Calendar): Exchange[] {
  const e = cal.events[0];
  const rawPaths: Array<[string, string]> = [
    ['GET', `//wp-json${NS}/events?per_page=2`],
    ['GET', `///wp-json${NS}/events/${e}`],
    ['GET', `/wp-json//tribe/events/v1/events?per_page=2`],
    ['GET', `/wp-json/tribe//events/v1//venues/`],
    ['GET', `/wp-json/tribe/events/v1/events/${e}//`],
    ['GET', `/wp-json/tribe/events/v1/events%2F${e}`],
    ['GET', '//wp-json/'],
    ['GET', `/index.php//wp-json${NS}/tags`],
    ['GET', `//?rest_route=${NS}/categories`],
    ['GET', `/?rest_route=//tribe/events/v1/events`],
    ['GET', '/wp-json/nothing/here'],
    ['POST', `//wp-json${NS}/events`],
    ['OPTIONS', `//wp-json${NS}/events`],
  ];
  return rawPaths.map(([method, rawPath]) => ({ name: `${method} ${rawPath}`, method, path: '', rawPath, as: 'anon' as const }));
}

/** Front-end paths: WordPress's canonical redirect of a run of slashes, and its 404 page (status and headers only). */
export const FRONT_END_PATHS: Array<[string, string]> = [
  ['GET', '//event/event-0-in-utc/'],
  ['GET', '//nothing?x=1'],
  ['GET', '/nothing/at/all'],
  ['POST', '/nothing'],
  ['HEAD', '/wp-jsonx'],
];

/** Lists whose paging URLs carry values add_query_arg() encodes (CSV lists, spaces, ampersands). */
export function pagingUrlExchanges(cal: Calendar): Exchange[] {
  const [v0, v1] = cal.venues;
  const [o0, o1] = cal.organizers;
  const lists: Array<[string, string]> = [
    ['events organizers CSV', `/events?organizer=${o0},${o1}&per_page=1&start_date=2020-01-01`],
    ['events organizers array, featured', `/events?organizer[]=${o0}&organizer[]=${o1}&featured=1&per_page=1&start_date=2020-01-01`],
    ['events venues CSV, not featured, search', `/events?venue=${v0},${v1}&featured=0&per_page=2&start_date=2020-01-01&search=Event`],
    ['events venue and a search with a 0', `/events?venue=${v0}&search=Event 0&per_page=1&start_date=2020-01-01`],
    ['events search with an ampersand', `/events?search=Quotes %26 more&per_page=1&start_date=2020-01-01`],
    ['venues search with spaces', '/venues?search=Blue Hall&per_page=1'],
    ['organizers search', '/organizers?search=Jazz Society&per_page=1'],
    ['tags search', '/tags?search=free&per_page=1&hide_empty=0'],
  ];
  return lists.map(([name, path]) => ({ name, method: 'GET', path: `${NS}${path}`, as: 'anon' as const }));
}

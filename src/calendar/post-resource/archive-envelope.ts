import type { PostTypeDefinition } from '../registry/post-type';
import { withQuery } from '../../http/context';
import { RestResponse } from '../../http/response';
import type { CalendarEnv } from '../site/calendar-env';
import type { Paging } from '../site/page-size';
import { urlEncode } from '../../php/url-encoding';

/**
 * The envelope the three post-type archives (/events, /venues, /organizers) share
 * (Tribe__Events__REST__V1__Endpoints__Archive_Base): its URLs and X-TEC-* headers. The archives differ only in their
 * key, URL parameters and not-found code. Their statuses: archive-status.ts; their page's objects: archive-page.ts.
 */

/** A query parameter of the archive URLs; a `null` value is written as the bare key (`geoloc_lat`). */
export type UrlParam = readonly [string, string | null];

/** The plugin's first query string: `k=v` pairs joined as they are, values not URL-encoded. */
const rawQuery = (params: ReadonlyArray<UrlParam>) => params.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&');

/** The query string after add_query_arg(): build_query() urlencodes every value, the earlier ones included. */
const encodedQuery = (params: ReadonlyArray<UrlParam>) => params.map(([k, v]) => (v === null ? urlEncode(k) : `${urlEncode(k)}=${urlEncode(v)}`)).join('&');

export interface ArchiveResult {
  items: ReadonlyArray<Record<string, unknown>>;
  total: number;
  paging: Paging;
  /** The effective query values after `page`, in the archive's fixed order. */
  urlParams: ReadonlyArray<UrlParam>;
  /**
   * Values the plugin adds to `rest_url` afterwards with add_query_arg() (event venue, organizer, featured); when
   * set, even empty, the values before them in `rest_url` are urlencoded, theirs are not.
   */
  addedParams?: ReadonlyArray<UrlParam>;
}

/**
 * The archive envelope: items, `rest_url`, `next_rest_url` when the next page has items, `previous_rest_url`
 * when the page is not the first, `total`, `total_pages`; the totals also as X-TEC-* headers. An empty page
 * after the first is a 404.
 */
export function archiveResponse(env: CalendarEnv, def: PostTypeDefinition, result: ArchiveResult): RestResponse {
  const { page, perPage } = result.paging;
  if (result.items.length === 0 && page > 1) throw def.errors.archivePageNotFound();
  const totalPages = result.total === 0 ? 0 : Math.ceil(result.total / perPage);
  const base = `${env.root}${def.restBase}/`;
  const params = [...result.urlParams, ...(result.addedParams ?? [])];
  const first: UrlParam = ['page', String(page)];
  const body: Record<string, unknown> = {
    [def.restBase]: result.items,
    // add_query_arg() re-encodes the query it is given and appends its own values as they are: the earlier values
    // urlencoded, the added ones (a venue list `6,7`) raw.
    rest_url: withQuery(base, result.addedParams !== undefined ? [encodedQuery([first, ...result.urlParams]), rawQuery(result.addedParams)].filter(Boolean).join('&') : rawQuery([first, ...result.urlParams])),
  };
  // The neighbours are built with add_query_arg('page', …): always encoded, `page` last, none for page 1.
  if (page < totalPages) body.next_rest_url = withQuery(base, encodedQuery([...params, ['page', String(page + 1)]]));
  if (page > 1) body.previous_rest_url = withQuery(base, encodedQuery(page - 1 === 1 ? params : [...params, ['page', String(page - 1)]]));
  body.total = result.total;
  body.total_pages = totalPages;
  return new RestResponse(body, 200, { 'X-TEC-Total': result.total, 'X-TEC-TotalPages': totalPages });
}

import type { UrlParam } from '../post-resource/archive-envelope';
import { textItems } from '../schemas/arg-validators';
import type { EventListValues } from './event-list-args';
import type { WindowBounds } from './event-window';

/** The query values of GET /events' `rest_url` and its neighbours, as the plugin writes them. */

const csv = (value: unknown) => textItems(value).join(',');

/** A raw parameter as the plugin writes it into a URL: a list or map of values joined with commas. */
const implode = (value: unknown): string => (value !== null && typeof value === 'object' ? Object.values(value).map(String).join(',') : String(value));

/**
 * The effective query values of `rest_url`, in the plugin's order; categories and tags are never included.
 * A false `geoloc` is left out with its coordinates; a true one always lists them, as bare keys when absent.
 * `ticketed` never appears: a false one is dropped, a true one is refused.
 */
export function urlParams(a: EventListValues, perPage: number, bounds: WindowBounds, status: string, params: Record<string, unknown>): UrlParam[] {
  const geoloc = a.geoloc === true;
  const out: Array<[string, string | null | undefined]> = [
    ['per_page', String(perPage)],
    ['start_date', bounds.start_date],
    ['end_date', bounds.end_date],
    ['search', a.search],
    ['geoloc', geoloc ? '1' : undefined],
    ['geoloc_lat', !geoloc ? undefined : a.geoloc_lat === undefined ? null : implode(params.geoloc_lat)],
    ['geoloc_lng', !geoloc ? undefined : a.geoloc_lng === undefined ? null : implode(params.geoloc_lng)],
    ['status', status],
    ['post_parent', a.post_parent === undefined ? undefined : String(a.post_parent)],
    ['include', a.include === undefined ? undefined : a.include.join(',')],
    ['starts_before', bounds.starts_before],
    ['starts_after', bounds.starts_after],
    ['ends_before', bounds.ends_before],
    ['ends_after', bounds.ends_after],
  ];
  return out.filter((p): p is [string, string | null] => p[1] !== undefined);
}

/**
 * What Archive_Event adds with add_query_arg(): venue, organizer, and `featured=1` (false removes the key but
 * still rebuilds the URL). Undefined when none of them was asked for.
 */
export function addedParams(a: EventListValues): UrlParam[] | undefined {
  if (a.venue === undefined && a.organizer === undefined && a.featured === undefined) return undefined;
  const out: UrlParam[] = [];
  if (a.venue !== undefined) out.push(['venue', csv(a.venue)]);
  if (a.organizer !== undefined) out.push(['organizer', csv(a.organizer)]);
  if (a.featured === true) out.push(['featured', '1']);
  return out;
}

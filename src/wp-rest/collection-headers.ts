import { restRoot } from '../http/context';
import type { ResponseHeaders } from '../http/response';
import type { SiteSettings } from '../wp/site';
import { urlEncode } from '../php/url-encoding';

/**
 * The headers of a wp/v2 collection (WP_REST_*_Controller::get_items()): `X-WP-Total`, `X-WP-TotalPages`, and the
 * paging `Link`s when there is a page before or after this one. The users and terms controllers keep the request's
 * own query string in its order, `page` replaced or appended (collectionHeaders); the posts, media, revisions and
 * search controllers rebuild it from the parsed query (pagingHeaders).
 */
export function collectionHeaders(site: SiteSettings, route: string, rawQuery: string, paging: { page: number; total: number; perPage: number }): ResponseHeaders {
  const { page, total, perPage } = paging;
  const totalPages = perPage > 0 ? Math.ceil(total / perPage) : 0;
  const headers: ResponseHeaders = { 'X-WP-Total': total, 'X-WP-TotalPages': totalPages };
  const base = `${restRoot(site)}${route.replace(/^\//, '')}`;
  const at = (n: number) => `${base}?${withPage(rawQuery, n)}`;
  const links: string[] = [];
  if (page > 1) links.push(`<${at(page - 1 > totalPages ? totalPages : page - 1)}>; rel="prev"`);
  if (page < totalPages) links.push(`<${at(page + 1)}>; rel="next"`);
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}

/** The query string with `page=n`: the existing `page` replaced in place, or appended. */
function withPage(rawQuery: string, n: number): string {
  const parts = rawQuery === '' ? [] : rawQuery.split('&').filter((p) => p !== '' && !p.startsWith('rest_route='));
  const at = parts.findIndex((p) => p.split('=')[0] === 'page');
  if (at >= 0) parts[at] = `page=${n}`;
  else parts.push(`page=${n}`);
  return parts.join('&');
}

/** build_query() after urlencode_deep(): nested keys as `k%5B0%5D`, values urlencoded, a bare `k` for an empty value. */
function buildQuery(params: Record<string, unknown>, prefix?: string): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}%5B${key}%5D` : key;
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') out.push(...buildQuery(value as Record<string, unknown>, name));
    else out.push(value === '' ? name : `${name}=${urlEncode(value === false ? '0' : value === true ? '1' : String(value))}`);
  }
  return out;
}

/**
 * The answer's paging headers: the totals, and `prev`/`next` links built from the request's own query string. The
 * posts and terms controllers point `prev` past the last page back to the last page; the search controller does not
 * (`clampPrev: false`).
 */
export function pagingHeaders(collectionUrl: string, query: Record<string, unknown>, page: number, total: number, perPage: number, clampPrev = true): Record<string, string | number> {
  const maxPages = Math.ceil(total / perPage);
  const headers: Record<string, string | number> = { 'X-WP-Total': total, 'X-WP-TotalPages': maxPages };
  const link = (n: number) => `${collectionUrl}?${buildQuery({ ...query, page: n }).join('&')}`;
  const links: string[] = [];
  if (page > 1) links.push(`<${link(clampPrev ? Math.min(page - 1, maxPages) : page - 1)}>; rel="prev"`);
  if (maxPages > page) links.push(`<${link(page + 1)}>; rel="next"`);
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}

import { restRoot } from '../http/context';
import type { ResponseHeaders } from '../http/response';
import type { SiteSettings } from '../wp/site';

/**
 * The headers of a wp/v2 collection (WP_REST_*_Controller::get_items()): `X-WP-Total`, `X-WP-TotalPages`, and
 * when there is a page before or after this one the paging `Link`s instead of the index link — the request's own
 * query string kept in its order, `page` replaced or appended.
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

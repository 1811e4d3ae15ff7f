import { withQuery } from '../../http/context';
import { RestResponse } from '../../http/response';
import { urlEncode } from '../../php/url-encoding';
import type { OperationInput } from '../post-resource/define';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarEnv } from '../site/calendar-env';
import { pageNotFound } from './tec-errors';
import { readableTecObjects } from './tec-view';

/**
 * The answer of a tec/v1 collection (tec-lists.ts): a bare array of the page's objects the caller may read, and
 * WordPress's paging headers, which count every match, readable or not.
 */

/** A query value as PHP's build_query() writes it after the arguments were sanitized: lists as `key[i]`. */
function queryPairs(key: string, value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => queryPairs(`${key}[${i}]`, v));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => queryPairs(`${key}[${k}]`, v));
  const text = value === true ? '1' : value === false || value === undefined || value === null ? '' : String(value);
  return [text === '' ? urlEncode(key) : `${urlEncode(key)}=${urlEncode(text)}`];
}

/** WordPress's `Link` header of a page: the request's query with `page` replaced or appended, next before prev. */
function pagingLink(env: CalendarEnv, route: string, query: Record<string, unknown>, lists: Record<string, unknown>, page: number, totalPages: number): string | undefined {
  const url = (n: number) => {
    const pairs = Object.entries(query)
      .filter(([key]) => key !== 'page')
      .flatMap(([key, value]) => queryPairs(key, key in lists ? lists[key] : value));
    return withQuery(`${env.root}${route}`, [...pairs, `page=${n}`].join('&'));
  };
  const links: string[] = [];
  if (page < totalPages) links.push(`<${url(page + 1)}>; rel="next"`);
  if (page > 1) links.push(`<${url(page - 1)}>; rel="prev"`);
  return links.length > 0 ? links.join(', ') : undefined;
}

export interface Listed {
  ids: readonly number[];
  total: number;
  page: number;
  perPage: number;
  /** Sanitized list values the paging links show as lists. */
  lists: Record<string, unknown>;
}

/** The page's answer; a page past the last one (no ids) is the plugin's 404. */
export async function collectionResponse(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput, listed: Listed, stamp?: Promise<string | undefined>): Promise<RestResponse> {
  if (listed.page > 1 && listed.ids.length === 0) return pageNotFound();
  const totalPages = listed.total === 0 ? 0 : Math.ceil(listed.total / listed.perPage);
  const headers: Record<string, string | number> = { 'X-WP-Total': listed.total, 'X-WP-TotalPages': totalPages };
  const link = pagingLink(env, def.restBase, input.query, listed.lists, listed.page, totalPages);
  if (link) headers.Link = link;
  return new RestResponse(await readableTecObjects(env, def, listed.ids, input.params, await stamp), 200, headers);
}

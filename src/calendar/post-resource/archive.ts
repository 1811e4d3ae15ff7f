import { can } from '../../auth/permissions';
import { withQuery } from '../../http/context';
import { restError } from '../../http/errors';
import { RestResponse } from '../../http/response';
import type { StatusFilter } from '../../wp/post-query';
import type { WpData } from '../../wp/wp-data';
import { loadBundle } from '../bundle';
import type { CalendarEnv } from '../env';
import { passwordAccess } from '../linked-resource';
import { maskProtected } from '../password';
import { listToArray, registeredStatuses } from '../validators';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../page-size';
import type { PostResourceDef, Req } from './define';

/**
 * What the three post-type archives (/events, /venues, /organizers) share
 * (Tribe__Events__REST__V1__Endpoints__Archive_Base): paging, the status rule, serializing a page with password
 * masking, and the envelope with its URLs and X-TEC-* headers. The archives differ only in their key, URL parameters
 * and not-found code.
 */

export interface Paging {
  page: number;
  perPage: number;
  offset: number;
}

export function paging(args: { page?: number; per_page?: number }): Paging {
  const page = args.page ?? 1;
  const perPage = Math.min(MAX_PER_PAGE, args.per_page ?? DEFAULT_PER_PAGE);
  return { page, perPage, offset: (page - 1) * perPage };
}

export interface ArchiveStatus {
  filter: StatusFilter;
  /** The effective value written into `rest_url`: `publish`, `any`, or the list asked for. */
  urlValue: string;
}

/**
 * The statuses an archive lists (filter_post_status_list): `publish` for callers who cannot edit the type, every
 * status but trash and auto-draft (WordPress's "any") for those who can. A `status` parameter must be exactly
 * `publish` for the former, registered statuses for the latter. Undefined when the parameter is invalid.
 */
export function archiveStatus(env: CalendarEnv, postType: string, value: unknown): ArchiveStatus | undefined {
  const editor = can(env.ctx.principal, 'edit', { postType });
  if (value === undefined) return editor ? { filter: { notIn: ['trash', 'auto-draft'] }, urlValue: 'any' } : { filter: { in: ['publish'] }, urlValue: 'publish' };
  const items = listToArray(value).map((v) => (typeof v === 'string' ? v.trim() : v));
  if (items.length === 0 || !items.every((v): v is string => typeof v === 'string')) return undefined;
  if (editor ? !items.every((s) => registeredStatuses().includes(s)) : items.length !== 1 || items[0] !== 'publish') return undefined;
  return { filter: { in: items }, urlValue: items.join(',') };
}

/** The objects of a page, in the page's order, password-protected ones masked unless the caller has access. */
export async function serializePage(env: CalendarEnv, def: PostResourceDef, wp: WpData, req: Req, ids: readonly number[]): Promise<Array<Record<string, unknown>>> {
  const bundle = await loadBundle(wp, ids, { taxonomies: def.taxonomies, links: def.links });
  const out: Array<Record<string, unknown>> = [];
  for (const id of ids) {
    const post = bundle.main.posts.get(id);
    if (!post) continue;
    const object = def.serialize(env, bundle, post, { jsonLd: false, req });
    out.push(passwordAccess(env, post, req) ? object : maskProtected(object));
  }
  return out;
}

/** `k=v` pairs as the plugin writes them with add_query_arg: values are not URL-encoded. */
const queryString = (params: ReadonlyArray<readonly [string, string]>) => params.map(([k, v]) => `${k}=${v}`).join('&');

export interface ArchiveResult {
  items: Array<Record<string, unknown>>;
  total: number;
  paging: Paging;
  /** The effective query values after `page`, in the archive's fixed order. */
  urlParams: ReadonlyArray<readonly [string, string]>;
}

/**
 * The archive envelope: items, `rest_url`, `next_rest_url` when the next page has items, `previous_rest_url`
 * when the page is not the first, `total`, `total_pages`; the totals also as X-TEC-* headers. An empty page
 * after the first is a 404.
 */
export function archiveResponse(env: CalendarEnv, def: PostResourceDef, result: ArchiveResult): RestResponse {
  const { page, perPage } = result.paging;
  if (result.items.length === 0 && page > 1) throw restError(def.errors.archivePageNotFound);
  const totalPages = result.total === 0 ? 0 : Math.ceil(result.total / perPage);
  const base = `${env.root}${def.restBase}/`;
  const body: Record<string, unknown> = {
    [def.restBase]: result.items,
    rest_url: withQuery(base, queryString([['page', String(page)], ...result.urlParams])),
  };
  if (page < totalPages) body.next_rest_url = withQuery(base, queryString([...result.urlParams, ['page', String(page + 1)]]));
  if (page > 1) body.previous_rest_url = withQuery(base, queryString(page - 1 === 1 ? result.urlParams : [...result.urlParams, ['page', String(page - 1)]]));
  body.total = result.total;
  body.total_pages = totalPages;
  return new RestResponse(body, 200, { 'X-TEC-Total': String(result.total), 'X-TEC-TotalPages': String(totalPages) });
}

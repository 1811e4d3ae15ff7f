import type { PostTypeDefinition } from '../registry/post-type';
import { withQuery } from '../../http/context';
import { RestResponse } from '../../http/response';
import { inOrder, kept, keptRenders, viewerKey } from './kept-objects';
import { localKey } from '../../http/routes';
import type { StatusFilter } from '../../wp/post-query';
import type { WpData } from '../../wp/wp-handle';
import { loadBundle } from './post-bundle';
import type { CalendarEnv } from '../site/calendar-env';
import { maskProtected, passwordAccess } from './password';
import { listToArray } from '../schemas/arg-validators';
import { REGISTERED_POST_STATUSES } from '../../wp/posts';
import type { Paging } from '../site/page-size';
import type { OperationInput } from './define';
import { urlEncode } from '../../php/url-encoding';

/**
 * What the three post-type archives (/events, /venues, /organizers) share
 * (Tribe__Events__REST__V1__Endpoints__Archive_Base): paging, the status rule, serializing a page with password
 * masking, and the envelope with its URLs and X-TEC-* headers. The archives differ only in their key, URL parameters
 * and not-found code.
 */

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
  const editor = env.can('edit', { postType });
  if (value === undefined) return editor ? { filter: { notIn: ['trash', 'auto-draft'] }, urlValue: 'any' } : { filter: { in: ['publish'] }, urlValue: 'publish' };
  const items = listToArray(value).map((v) => (typeof v === 'string' ? v.trim() : v));
  if (items.length === 0 || !items.every((v): v is string => typeof v === 'string')) return undefined;
  if (editor ? !items.every((s) => REGISTERED_POST_STATUSES.includes(s)) : items.length !== 1 || items[0] !== 'publish') return undefined;
  return { filter: { in: items }, urlValue: items.join(',') };
}

const STATUS = localKey<ArchiveStatus | undefined>('archive status');

/** archiveStatus() of the request's `status`, computed once for its validate and handler steps. */
export function requestedStatus(env: CalendarEnv, input: Pick<OperationInput, 'args' | 'locals'>, postType: string): ArchiveStatus | undefined {
  return input.locals.memo(STATUS, () => archiveStatus(env, postType, input.args.status));
}

/**
 * The objects of a page, in the page's order, password-protected ones masked unless the caller has access. With
 * the change stamp read before the page (WpData.changeStamp), the page is kept under it until the next commit, for
 * the same page asked again by a caller of the same capabilities, with the same settings, password and context;
 * and each object is kept alone too, so a page the list cache cannot answer loads and renders only the objects no
 * earlier page of the same viewer rendered since the commit. Callers must not change them.
 */
export async function serializePage(
  env: CalendarEnv,
  def: PostTypeDefinition,
  wp: WpData,
  params: Record<string, unknown>,
  ids: readonly number[],
  stamp?: Promise<string | undefined>,
): Promise<ReadonlyArray<Record<string, unknown>>> {
  const read = stamp && (env.ctx.pages || env.ctx.objects) ? await stamp : undefined;
  const viewer = viewerKey(env, `tribe ${def.name}`, [params.context, params.password]);
  const render = async () => inOrder(ids, await keptRenders(env, read, viewer, ids, (missing) => renderObjects(env, def, wp, params, missing, read !== undefined)));
  return read !== undefined && env.ctx.pages ? env.ctx.pages.through(read, `${viewer}\u0001${ids.join(',')}`, render) : render();
}

/**
 * The objects of `ids` that exist, by id, masked where the caller has no access to a protected post; `keep`: they
 * are kept under the change stamp (kept()).
 */
async function renderObjects(env: CalendarEnv, def: PostTypeDefinition, wp: WpData, params: Record<string, unknown>, ids: readonly number[], keep: boolean): Promise<Map<number, Record<string, unknown>>> {
  const bundle = await loadBundle(wp, ids, { taxonomies: def.taxonomies, links: def.links });
  const out = new Map<number, Record<string, unknown>>();
  for (const id of ids) {
    const post = bundle.main.posts.get(id);
    if (!post || out.has(id)) continue;
    const object = def.serialize(env, bundle, post, { jsonLd: false });
    const shown = passwordAccess(env, post, params) ? object : maskProtected(env.registry, object);
    out.set(id, keep ? kept(shown) : shown);
  }
  return out;
}

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

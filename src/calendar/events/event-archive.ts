import type { PostTypeDefinition } from '../registry/post-type';
import { keptPostIdsOfType, keptRows, keptUnder } from '../post-resource/kept-objects';
import { sanitizeTitle } from '../../wp/text/formatting';
import { stripSlashes } from '../../wp/text/slashes';
import type { ArgValues } from '../../http/args';
import type { RestResponse } from '../../http/response';
import { localKey } from '../../http/routes';
import type { PostFilter } from '../../wp/post-query';
import { termsNamedBy, termTaxonomyIdsWithDescendants, type TermRow } from '../../wp/terms';
import type { WpData } from '../../wp/wp-handle';
import { pendingEventPage, type DateSource } from '../data/event-query';
import { listDateSource } from '../dates/date-source';
import { ParamChecks } from '../post-resource/param-checks';
import type { CalendarEnv } from '../site/calendar-env';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { EVENT_META } from '../registry/meta-keys';
import { paging } from '../site/page-size';
import { archiveResponse, requestedStatus, serializePage, type UrlParam } from '../post-resource/archive';
import type { OperationInput } from '../post-resource/define';
import { isPositiveInt, listToArray } from '../schemas/arg-validators';
import { eventError } from './event-errors';
import type { EventListArgs } from './event-list-args';
import { queryWindow, windowBounds, type WindowBounds } from './event-window';

/**
 * GET /events (Tribe__Events__REST__V1__Endpoints__Archive_Event::get): validation against the database and the caller,
 * the filters as one query for the page of ids and the total, a batched load of everything the page's objects show, and
 * the envelope with the plugin's URLs.
 */

/** The validated arguments of GET /events. */
type EventListValues = ArgValues<typeof EventListArgs>;

const TERM_PARAMS = [
  { param: 'categories', taxonomy: TAXONOMY.category, hierarchical: true },
  { param: 'tags', taxonomy: TAXONOMY.tag, hierarchical: false },
] as const;

/** The terms a `categories` / `tags` filter names, as validation found them (the handler resolves its items in them). */
const TERM_ROWS = { categories: localKey<TermRow[]>('categories filter terms'), tags: localKey<TermRow[]>('tags filter terms') };

const textItems = (value: unknown): string[] => listToArray(value).map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));
const lower = (s: string) => s.toLowerCase();

/**
 * term_exists(): a number names an id; anything else a slug (sanitized) or a name. A value whose slug sanitizes to
 * nothing finds any term of the taxonomy (termsNamedBy() then loaded its first one), and filters by none.
 */
function termExistsIn(rows: readonly TermRow[], item: string): boolean {
  if (/^\d+$/.test(item)) return rows.some((t) => t.term_id === Number(item));
  if (item !== '' && sanitizeTitle(item) === '') return rows.length > 0;
  return item !== '' && rows.some((t) => lower(t.slug) === lower(sanitizeTitle(item)) || lower(t.name) === lower(item));
}

/** The plugin's filter resolution: slug first, then id; an item known only by its name resolves to nothing. */
function resolveTerm(rows: readonly TermRow[], item: string): TermRow | undefined {
  return rows.find((t) => lower(t.slug) === lower(sanitizeTitle(item))) ?? (/^\d+$/.test(item) ? rows.find((t) => t.term_id === Number(item)) : undefined);
}

/** is_venue_id_list / is_organizer_id_list: at least one item, every one an existing post of the type. */
export async function idListValid(env: CalendarEnv, value: unknown, postType: string): Promise<boolean> {
  const items = listToArray(value);
  if (items.length === 0 || !items.every(isPositiveInt)) return false;
  const found = await keptPostIdsOfType(env, postType, items.map(Number));
  return items.every((v) => found.has(Number(v)));
}

export async function validateEventList(env: CalendarEnv, input: OperationInput<EventListValues>) {
  const checks = new ParamChecks();
  const wp = env.ctx.wp;
  const a = input.args;
  for (const { param, taxonomy } of TERM_PARAMS) {
    if (a[param] === undefined) continue;
    const items = textItems(a[param]);
    const rows = await keptRows(env, `terms of ${taxonomy} named ${JSON.stringify(items)}`, () => termsNamedBy(wp, taxonomy, items));
    if (items.length === 0 || !items.every((item) => termExistsIn(rows, item))) checks.fail(param);
    input.locals.set(TERM_ROWS[param], rows);
  }
  if (a.venue !== undefined && !(await idListValid(env, a.venue, POST_TYPE.venue))) checks.fail('venue');
  if (a.organizer !== undefined && !(await idListValid(env, a.organizer, POST_TYPE.organizer))) checks.fail('organizer');
  if (a.post_parent !== undefined && !(await keptPostIdsOfType(env, POST_TYPE.event, [a.post_parent])).has(a.post_parent)) checks.fail('post_parent');
  if (a.status !== undefined && !requestedStatus(env, input, POST_TYPE.event)) checks.fail('status');
  // Without Event Tickets a truthy `ticketed` cannot be honoured; a falsy one is accepted and ignored.
  if (a.ticketed === true) checks.fail('ticketed', eventError('event-tickets-not-active'));
  return checks.result();
}

/**
 * The term_taxonomy ids a `categories` / `tags` filter stands for (children of categories included). Of several
 * `tags` the plugin's custom-tables query filters by the first one only (every one must still exist to pass
 * validation); without its custom tables it takes them all, by id or slug.
 */
async function termClauses(env: CalendarEnv, input: OperationInput<EventListValues>, source: DateSource): Promise<number[][]> {
  const customTables = source === 'occurrences' || source === 'occurrence-index';
  const clauses: number[][] = [];
  for (const { param, taxonomy, hierarchical } of TERM_PARAMS) {
    if (input.args[param] === undefined) continue;
    const rows = input.locals.get(TERM_ROWS[param]) ?? [];
    const items = textItems(input.args[param]);
    const filtered = param === 'tags' && customTables ? items.slice(0, 1) : items;
    const resolved = filtered.map((item) => resolveTerm(rows, item)).filter((t): t is TermRow => t !== undefined);
    const termIds = resolved.map((t) => t.term_id);
    const withDescendants = () => keptRows(env, `${taxonomy} terms ${termIds.join(',')} with descendants`, () => termTaxonomyIdsWithDescendants(env.ctx.wp, taxonomy, termIds));
    clauses.push(hierarchical ? await withDescendants() : resolved.map((t) => t.term_taxonomy_id));
  }
  return clauses;
}

const csv = (value: unknown) => textItems(value).join(',');

/** A raw parameter as the plugin writes it into a URL: a list or map of values joined with commas. */
const implode = (value: unknown): string => (value !== null && typeof value === 'object' ? Object.values(value).map(String).join(',') : String(value));

/**
 * The effective query values of `rest_url`, in the plugin's order; categories and tags are never included.
 * A false `geoloc` is left out with its coordinates; a true one always lists them, as bare keys when absent.
 * `ticketed` never appears: a false one is dropped, a true one is refused.
 */
function urlParams(a: EventListValues, perPage: number, bounds: WindowBounds, status: string, params: Record<string, unknown>): UrlParam[] {
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
function addedParams(a: EventListValues): UrlParam[] | undefined {
  if (a.venue === undefined && a.organizer === undefined && a.featured === undefined) return undefined;
  const out: UrlParam[] = [];
  if (a.venue !== undefined) out.push(['venue', csv(a.venue)]);
  if (a.organizer !== undefined) out.push(['organizer', csv(a.organizer)]);
  if (a.featured === true) out.push(['featured', '1']);
  return out;
}

export async function listEvents(def: PostTypeDefinition, env: CalendarEnv, input: OperationInput<EventListValues>): Promise<RestResponse> {
  const wp = env.ctx.wp;
  const a = input.args;
  const page = paging(a);
  const status = requestedStatus(env, input, POST_TYPE.event)!;
  const bounds = windowBounds(env, a, input.query);
  const ids = (value: unknown) => listToArray(value).map(Number);
  // Read before the total and the page's objects, which are kept under it until the next commit (the total only
  // with the list cache); asked now, it answers while the terms and the date source are looked up.
  const stamp = keptUnder(env);
  const source = await listDateSource(env);
  const filter: Omit<PostFilter, 'postType'> = {
    status: status.filter,
    ids: a.include,
    parent: a.post_parent,
    // The plugin's event search loses two levels of backslashes: `\` and `\\` search for nothing (every event),
    // `k\s` for `ks`.
    search: a.search === undefined ? undefined : { text: stripSlashes(stripSlashes(a.search)), excludeProtected: !env.ctx.isLoggedIn() },
    termTaxonomyIds: await termClauses(env, input, source),
    metaNumericIn: [
      ...(a.venue === undefined ? [] : [{ key: EVENT_META.venueId, values: ids(a.venue) }]),
      ...(a.organizer === undefined ? [] : [{ key: EVENT_META.organizerId, values: ids(a.organizer) }]),
    ],
    metaExists: a.featured === undefined ? [] : [{ key: EVENT_META.featured, exists: a.featured }],
  };
  const pending = pendingEventPage(wp, POST_TYPE.event, { filter, window: queryWindow(env, bounds), source, searchIndex: env.tec.eventSearchIndex }, { byPostDate: a.include !== undefined, limit: page.perPage, offset: page.offset, stamp: env.ctx.pages ? stamp : undefined });
  // The page's events load while the total is still counted (tens of thousands of index entries in a month of a
  // large calendar); Promise.all also hears a failure of either.
  const [items, total] = await Promise.all([pending.ids.then((ids) => serializePage(env, def, wp, input.params, ids, stamp)), pending.total]);
  return archiveResponse(env, def, { items, total, paging: page, urlParams: urlParams(a, page.perPage, bounds, status.urlValue, input.params), addedParams: addedParams(a) });
}

import type { PostTypeDefinition } from '../registry/post-type';
import { keptPostIdsOfType, keptUnder } from '../post-resource/kept-objects';
import { stripSlashes } from '../../wp/text/slashes';
import type { RestResponse } from '../../http/response';
import type { PostFilter } from '../../wp/post-query';
import { pendingEventPage } from '../data/event-query';
import { listDateSource } from '../dates/date-source';
import { ParamChecks } from '../post-resource/param-checks';
import type { CalendarEnv } from '../site/calendar-env';
import { POST_TYPE } from '../registry/identifiers';
import { EVENT_META } from '../registry/meta-keys';
import { paging } from '../site/page-size';
import { archiveResponse } from '../post-resource/archive-envelope';
import { serializePage } from '../post-resource/archive-page';
import { archiveStatus } from '../post-resource/archive-status';
import type { OperationInput } from '../post-resource/define';
import { isPositiveInt, listToArray } from '../schemas/arg-validators';
import { eventError } from './event-errors';
import { addedParams, urlParams } from './event-archive-urls';
import type { EventListValues } from './event-list-args';
import { checkTermFilters, termClauses } from './event-term-filters';
import { queryWindow, windowBounds } from './event-window';

/**
 * GET /events (Tribe__Events__REST__V1__Endpoints__Archive_Event::get): validation against the database and the caller,
 * the filters as one query for the page of ids and the total, a batched load of everything the page's objects show, and
 * the envelope with the plugin's URLs.
 */

/** is_venue_id_list / is_organizer_id_list: at least one item, every one an existing post of the type. */
export async function idListValid(env: CalendarEnv, value: unknown, postType: string): Promise<boolean> {
  const items = listToArray(value);
  if (items.length === 0 || !items.every(isPositiveInt)) return false;
  const found = await keptPostIdsOfType(env, postType, items.map(Number));
  return items.every((v) => found.has(Number(v)));
}

export async function validateEventList(env: CalendarEnv, input: OperationInput<EventListValues>) {
  const checks = new ParamChecks();
  const a = input.args;
  await checkTermFilters(env, input, checks);
  if (a.venue !== undefined && !(await idListValid(env, a.venue, POST_TYPE.venue))) checks.fail('venue');
  if (a.organizer !== undefined && !(await idListValid(env, a.organizer, POST_TYPE.organizer))) checks.fail('organizer');
  if (a.post_parent !== undefined && !(await keptPostIdsOfType(env, POST_TYPE.event, [a.post_parent])).has(a.post_parent)) checks.fail('post_parent');
  if (a.status !== undefined && !archiveStatus(env, POST_TYPE.event, a.status)) checks.fail('status');
  // Without Event Tickets a truthy `ticketed` cannot be honoured; a falsy one is accepted and ignored.
  if (a.ticketed === true) checks.fail('ticketed', eventError('event-tickets-not-active'));
  return checks.result();
}

export async function listEvents(def: PostTypeDefinition, env: CalendarEnv, input: OperationInput<EventListValues>): Promise<RestResponse> {
  const wp = env.ctx.wp;
  const a = input.args;
  const page = paging(a);
  const status = archiveStatus(env, POST_TYPE.event, a.status)!;
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
  const urls = { urlParams: urlParams(a, page.perPage, bounds, status.urlValue, input.params), addedParams: addedParams(a) };
  return archiveResponse(env, def, { items, total, paging: page, ...urls });
}

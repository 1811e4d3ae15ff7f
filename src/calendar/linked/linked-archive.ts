import type { PostTypeDefinition } from '../registry/post-type';
import { keptUnder } from '../post-resource/kept-objects';
import { registered } from '../../http/wp-types';
import type { ArgValues } from '../../http/args';
import type { RestResponse } from '../../http/response';
import { postIdsOfType } from '../../wp/posts';
import { formatWallClock } from '../../php/date-time';
import { listDateSource } from '../dates/date-source';
import { comparesUtcFields } from '../events/event-window';
import { linkedPage, linkedSearchTotals, type LinkedQuery } from '../data/linked-query';
import { ParamChecks } from '../post-resource/param-checks';
import { POST_TYPE } from '../registry/identifiers';
import type { CalendarEnv } from '../site/calendar-env';
import { paging, perPageArg } from '../site/page-size';
import { archiveResponse } from '../post-resource/archive-envelope';
import { serializePage } from '../post-resource/archive-page';
import { archiveStatus } from '../post-resource/archive-status';
import type { OperationInput } from '../post-resource/define';
import { isTruthy } from '../../php/truthiness';
import { tec } from '../schemas/arg-validators';

/**
 * GET /venues and GET /organizers (Tribe__Events__REST__V1__Endpoints__Archive_Venue, Archive_Organizer): one archive
 * for both linked post types, which differ only in their post type, the event meta key that links them and the meta
 * fields a search looks into.
 */

export interface LinkedArchive {
  postType: string;
  /** `_EventVenueID` / `_EventOrganizerID`. */
  linkKey: string;
  /** Custom fields a `search` also looks into. */
  searchMetaKeys: readonly string[];
}

/** The plugin's descriptions name the post type in the plural, capitalized ("Venues should …"). */
export function linkedListArgs(plural: string) {
  const Plural = plural.charAt(0).toUpperCase() + plural.slice(1);
  return {
    page: tec.positiveInt().default(1).meta(registered('default, description, type', 'The archive page to return')),
    per_page: perPageArg(`The number of ${plural} to return on each page`),
    search: tec.nonEmptyString().optional().meta(registered('description, type', `${Plural} should contain the specified string in the title, description or custom fields`)),
    event: tec.idFormat().optional().meta(registered('description, type', `${Plural} should be related to this event`)),
    has_events: tec.any().optional().meta({ type: 'boolean', ...registered('description', `${Plural} should have events associated to them`) }),
    only_with_upcoming: tec.any().default(false).meta({ type: 'boolean', ...registered('description, default', `${Plural} should have upcoming events associated to them`) }),
    // "organizer" for venues too: the plugin's description.
    status: tec.any().optional().meta({ type: 'string', ...registered('format, description', 'The organizer post status', { format: 'string' }) }),
  };
}

/** The validated arguments of GET /venues and /organizers. */
type LinkedListValues = ArgValues<ReturnType<typeof linkedListArgs>>;

export function validateLinkedList(archive: LinkedArchive) {
  return async (env: CalendarEnv, input: OperationInput<LinkedListValues>) => {
    const checks = new ParamChecks();
    const event = input.args.event;
    if (event !== undefined && !(await postIdsOfType(env.ctx.wp, POST_TYPE.event, [event])).has(event)) checks.fail('event');
    if (input.args.status !== undefined && !archiveStatus(env, archive.postType, input.args.status)) checks.fail('status');
    return checks.result();
  };
}

/** The plugin's "like" search words: split on anything but letters, digits and `-`, lower-cased. */
export const likeWords = (search: string): string[] => search.split(/[^A-Za-z0-9-]+/).filter((w) => w !== '').map((w) => w.toLowerCase());

/** A raw parameter as PHP's add_query_arg writes it (true → 1, false → empty). */
const phpString = (value: unknown): string => (value === true ? '1' : value === false || value === null || value === undefined ? '' : String(value));

/** The plugin's default event query behind `only_with_upcoming`: published (per the archive), not hidden, from now on.
 */
async function upcomingEvents(env: CalendarEnv, status: LinkedQuery['status']): Promise<NonNullable<LinkedQuery['linkedByFirstEvents']>> {
  const utc = comparesUtcFields(env);
  const now = formatWallClock(env.ctx.now, utc ? 'UTC' : env.siteTimezone);
  const source = await listDateSource(env);
  // Only the first page of them, so links of later events are missed, as in the plugin.
  return { events: { filter: { status }, window: { utc, startFrom: now }, source }, limit: env.tec.eventsPerPage };
}

/** A list `only_with_upcoming` depends on the second of the call (its events from now on); any other, on no time. */
export const linkedListTime = (env: CalendarEnv, input: OperationInput<LinkedListValues>): string => (isTruthy(input.args.only_with_upcoming) ? String(Math.floor(env.ctx.now.getTime() / 1000)) : '');

export function listLinked(def: () => PostTypeDefinition, archive: LinkedArchive) {
  return async (env: CalendarEnv, input: OperationInput<LinkedListValues>): Promise<RestResponse> => {
    const wp = env.ctx.wp;
    const a = input.args;
    const page = paging(a);
    const status = archiveStatus(env, archive.postType, input.args.status)!;
    const query: LinkedQuery = {
      postType: archive.postType,
      status: status.filter,
      linkKey: archive.linkKey,
      eventIndex: env.tec.eventIndex,
      event: a.event,
      hasEvents: a.has_events === undefined ? undefined : isTruthy(a.has_events),
      linkedByFirstEvents: isTruthy(a.only_with_upcoming) ? await upcomingEvents(env, status.filter) : undefined,
      search: a.search === undefined ? undefined : { words: likeWords(a.search), metaKeys: archive.searchMetaKeys },
    };
    // Read before the page, whose objects are kept under it (serializePage).
    const stamp = keptUnder(env);
    const result = await linkedPage(wp, query, page.perPage, page.offset);
    let total = result.total;
    if (result.ids.length === 0 && page.page === 1 && query.search) {
      // A search that finds nothing at all leaves the totals of the archive without it (the plugin's quirk).
      const totals = await linkedSearchTotals(wp, query);
      if (totals.searchMatches === 0) total = totals.withoutSearch;
    }
    const items = await serializePage(env, def(), wp, input.params, result.ids, stamp);
    const urlParams: Array<[string, string]> = [['per_page', String(page.perPage)]];
    if (a.event !== undefined) urlParams.push(['event', String(a.event)]);
    if (a.has_events !== undefined) urlParams.push(['has_events', phpString(input.params.has_events)]);
    urlParams.push(['status', status.urlValue]);
    return archiveResponse(env, def(), { items, total, paging: page, urlParams });
  };
}

import type { RestResponse } from '../../http/response';
import { keptUnder } from '../post-resource/kept-objects';
import type { StatusFilter } from '../../wp/post-query';
import type { ArgValues } from '../../http/args';
import { linkedPage } from '../data/linked-query';
import { likeWords } from '../linked/linked-archive';
import { pendingEventPage, type EventOrder } from '../data/event-query';
import { listDateSource } from '../dates/date-source';
import { siteWallWindow } from '../events/event-window';
import type { OperationInput } from '../post-resource/define';
import type { PostTypeDefinition } from '../registry/post-type';
import { EVENT_META } from '../registry/meta-keys';
import { POST_TYPE } from '../registry/identifiers';
import { postIdsOfType } from '../../wp/posts';
import type { CalendarEnv } from '../site/calendar-env';
import type { TecEventListArgs, TecLinkedListArgs, TecOrderBy } from './tec-args';
import { tecDefaultPerPage } from './default-per-page';
import { collectionResponse } from './tec-collection';

/**
 * The three collections of tec/v1: a page of ids from the same queries and indexes as tribe/events/v1 (the event
 * index or the plugin's occurrences, the linked-post query), a bare array of their objects, and WordPress's paging
 * headers. As in the plugin, the totals count every match while the page drops the items the caller cannot read.
 */

const MAX_PER_PAGE = 100;

/** The statuses listed: those asked for by a caller who may edit the type, `publish` for anyone else. */
function listedStatus(env: CalendarEnv, postType: string, asked: string[] | undefined): StatusFilter {
  return { in: asked !== undefined && env.can('edit', { postType }) ? asked : ['publish'] };
}

const paging = (args: { page?: number; per_page?: number }, env: CalendarEnv) => {
  const page = args.page ?? 1;
  const perPage = Math.min(MAX_PER_PAGE, args.per_page ?? tecDefaultPerPage(env.site));
  return { page, perPage, offset: (page - 1) * perPage };
};

const ORDER_COLUMNS: Record<TecOrderBy, EventOrder['by']> = { event_date: 'start', date: 'post_date', title: 'post_title', menu_order: 'menu_order', modified: 'post_modified' };

export async function listTecEvents(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput<ArgValues<typeof TecEventListArgs>>): Promise<RestResponse> {
  const a = input.args;
  const { page, perPage, offset } = paging(a, env);
  const status = listedStatus(env, def.postType, a.status);
  const numbers = (v: unknown[] | undefined) => (v ?? []).map(Number);
  const window = siteWallWindow(env, a);
  const search = typeof a.search === 'string' && a.search !== '' ? { text: a.search, excludeProtected: !env.ctx.isLoggedIn() } : undefined;
  const stamp = keptUnder(env);
  const pending = pendingEventPage(
    env.ctx.wp,
    def.postType,
    {
      filter: {
        status,
        parent: a.post_parent,
        search,
        metaNumericIn: [
          ...(a.venue === undefined ? [] : [{ key: EVENT_META.venueId, values: numbers(a.venue) }]),
          ...(a.organizer === undefined ? [] : [{ key: EVENT_META.organizerId, values: numbers(a.organizer) }]),
        ],
        // (bool) of the value: any value but `0` asks for the featured events, `false` included.
        metaExists: a.featured === undefined ? [] : [{ key: EVENT_META.featured, exists: a.featured }],
      },
      window,
      source: await listDateSource(env),
      searchIndex: env.tec.eventSearchIndex,
      includeHidden: true,
      order: { by: ORDER_COLUMNS[a.orderby ?? 'event_date'], direction: a.order === 'DESC' ? 'desc' : 'asc' },
    },
    { byPostDate: false, limit: perPage, offset, stamp: env.ctx.pages ? stamp : undefined },
  );
  const [ids, total] = await Promise.all([pending.ids, pending.total]);
  return collectionResponse(env, def, input, { ids, total, page, perPage, lists: { status: a.status, categories: a.categories, tags: a.tags, featured: a.featured, ticketed: a.ticketed } }, stamp);
}

export function listTecLinked(linkKey: string) {
  return async (env: CalendarEnv, def: PostTypeDefinition, input: OperationInput<ArgValues<TecLinkedListArgs>>): Promise<RestResponse> => {
    const a = input.args;
    const { page, perPage, offset } = paging(a, env);
    const search = typeof a.search === 'string' && a.search !== '' ? { words: likeWords(a.search), metaKeys: [] } : undefined;
    const stamp = keptUnder(env);
    const { ids, total } = await linkedPage(
      env.ctx.wp,
      {
        postType: def.postType,
        status: listedStatus(env, def.postType, a.status),
        linkKey,
        eventIndex: env.tec.eventIndex,
        // An id that names no event filters nothing.
        event: a.event !== undefined && (await postIdsOfType(env.ctx.wp, POST_TYPE.event, [a.event])).has(a.event) ? a.event : undefined,
        // (bool) of the value: `false` keeps the posts events link too.
        hasEvents: a.has_events ? true : undefined,
        search,
      },
      perPage,
      offset,
    );
    return collectionResponse(env, def, input, { ids, total, page, perPage, lists: { status: a.status, has_events: a.has_events, only_with_upcoming: a.only_with_upcoming } }, stamp);
  };
}

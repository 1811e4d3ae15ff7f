import type { Knex } from 'knex';
import { idsWithMeta, wherePostMatches, type PostFilter } from '../../wp/post-query';
import { countMatching, pendingMergedPage, pendingPageOfIds, pendingWholeList, type CountOf, type OrderTerm, type PageOfIds, type PendingPage } from '../../wp/post-pages';
import type { WpData } from '../../wp/wp-handle';
import { EVENT_META } from '../registry/meta-keys';
import { EVENT_INDEX_TABLE, EVENT_TERM_INDEX_TABLE, OCCURRENCE_INDEX_TABLE } from './event-index-sql';
import { narrowBySearchIndex } from './event-search-index';
import { whereIndexWindow, whereWindow, type EventWindow } from './event-window';
import { countsStatement, totalFromCounts } from './event-count-query';

export type { EventWindow } from './event-window';

/**
 * The plugin's event query (Tribe__Events__Query / the CT1 WP_Query redirection): events
 * of a post filter, never the hidden-from-listings ones, inside a date window read from WordPress's own storage —
 * the plugin's occurrences when the site has its table and it is active (through the service's occurrence index
 * when the site has it), otherwise the service's event index when the site has it, otherwise the events' date
 * meta. Each list is a page statement and a count statement.
 */

/**
 * Where the lists read event dates from: the plugin's occurrences when the site has their table and it is active
 * (as the plugin does) — the service's occurrence index of them when it is complete, else the table itself —,
 * else the service's event index when it is complete, else the events' date meta.
 */
export type DateSource = 'occurrence-index' | 'occurrences' | 'index' | 'postmeta';

export interface EventQuery {
  filter: Omit<PostFilter, 'postType'>;
  window: EventWindow;
  source: DateSource;
  /** The site has the event search index (read with the event index only). */
  searchIndex?: boolean;
  /** List the events hidden from listings too (tec/v1 does). */
  includeHidden?: boolean;
  /** The list's order; by default by start, ascending. */
  order?: EventOrder;
}

/** What a list is ordered by: the event start, or a column of the posts table; ties by publication date and id. */
export interface EventOrder {
  by: 'start' | 'post_date' | 'post_title' | 'post_modified' | 'menu_order';
  direction: 'asc' | 'desc';
}

/** An order on a column of the posts table, which the index lists must then join. */
const byPostColumn = (q: EventQuery): boolean => q.order !== undefined && q.order.by !== 'start' && q.order.by !== 'post_date';

interface DateColumns {
  start: string;
  end: string;
  /** The start the lists are ordered on. */
  order: string;
}

/**
 * The events with their date columns: the occurrences table first, then each occurrence's post by its primary
 * key (the plugin's table has no index on post_id, so the other way round would scan it once per post; SQLite
 * takes CROSS JOIN as that order, MySQL reads it as an inner join and plans it itself); or the posts with their
 * two date meta rows, driven from the start meta.
 */
function withDates(wp: WpData, source: DateSource, w: EventWindow, byIds: boolean): { query: Knex.QueryBuilder; columns: DateColumns } {
  const { utc } = w;
  const orderUtc = w.orderUtc ?? utc;
  if (source === 'occurrences') {
    const query = wp.knex({ o: `${wp.prefix}tec_occurrences` }).crossJoin({ p: wp.t.posts }, 'p.ID', 'o.post_id');
    const order = orderUtc ? 'o.start_date_utc' : 'o.start_date';
    return { query, columns: utc ? { start: 'o.start_date_utc', end: 'o.end_date_utc', order } : { start: 'o.start_date', end: 'o.end_date', order } };
  }
  // The meta rows compare as strings: the plugin always writes `Y-m-d H:i:s`, so string order is date order.
  // No index holds a meta value, so every event's start meta is read: from the `meta_key` entries of the start (one
  // per event), each event's post by its primary key and its other date meta by post_id, in that order (the dialect
  // keeps it where the optimizer would read the posts' key first and probe the meta three times per event). Named
  // events (`include`) are found by their posts' primary key first: the planner chooses.
  const join = (alias: string, key: string) => {
    const on = { columns: [`${alias}.post_id`, 'p.ID'] as const, value: [`${alias}.meta_key`, key] as const };
    if (byIds) query.join({ [alias]: wp.t.postmeta }, (j) => j.on(...on.columns).andOnVal(...on.value));
    else wp.dialect.joinAfter(query, { alias, name: wp.t.postmeta }, on);
  };
  const query = wp.knex({ ms: wp.t.postmeta }).where('ms.meta_key', utc ? EVENT_META.startDateUtc : EVENT_META.startDate);
  if (byIds) query.join({ p: wp.t.posts }, 'p.ID', 'ms.post_id');
  else wp.dialect.joinAfter(query, { alias: 'p', name: wp.t.posts }, { columns: ['p.ID', 'ms.post_id'] });
  join('me', utc ? EVENT_META.endDateUtc : EVENT_META.endDate);
  if (orderUtc === utc) return { query, columns: { start: 'ms.meta_value', end: 'me.meta_value', order: 'ms.meta_value' } };
  join('mo', orderUtc ? EVENT_META.startDateUtc : EVENT_META.startDate);
  return { query, columns: { start: 'ms.meta_value', end: 'me.meta_value', order: 'mo.meta_value' } };
}

interface Matching {
  query: Knex.QueryBuilder;
  /** The columns of the lists' order: start, post date, id. */
  start: string;
  postDate: string;
  id: string;
}

/** The index an indexed list reads: the term index for a term filter's terms, else the event or occurrence index. */
function indexTable(wp: WpData, q: EventQuery, termClause: number | undefined): string {
  const table = termClause !== undefined ? EVENT_TERM_INDEX_TABLE : q.source === 'occurrence-index' ? OCCURRENCE_INDEX_TABLE : EVENT_INDEX_TABLE;
  return `${wp.prefix}${table}`;
}

/**
 * Through the event index `x` (or the occurrence index, whose columns are the same, one row per occurrence):
 * status, hidden flag, dates, featured flag and venue are its columns (the window's conditions: whereIndexWindow);
 * `p` is joined only for a parent or a search.
 * With `termClause`, `x` is the term index instead (the same columns, one row per term of an event) read for the
 * terms of that term filter, which then needs no relationship probe: an event of several of its terms has a row for
 * each (count it by distinct id). `forCount`: the same rows for a count, which needs no order (another key may serve).
 */
function indexedMatching(wp: WpData, postType: string, q: EventQuery & { hidden?: 0 | 1 }, termClause?: number, forCount = false): Matching {
  // A count has no order: compared on the UTC dates, it reads the UTC key's start range (a third of the local
  // key's cost: the local range widened by a day holds more entries, each checked on columns further down the key).
  const order = (q.window.orderUtc ?? q.window.utc) || (forCount && q.window.utc) ? 'x.start_date_utc' : 'x.start_date';
  // Compared on the UTC dates but listed by the local start: the local start's key drives (localStartRange).
  const unindexed = (column: string) => (q.window.utc && order === 'x.start_date' ? wp.dialect.unindexed(wp.knex, column) : column);
  const columns = q.window.utc ? { start: unindexed('x.start_date_utc'), end: unindexed('x.end_date_utc') } : { start: 'x.start_date', end: 'x.end_date' };
  const query = wp.knex({ x: indexTable(wp, q, termClause) });
  if (q.filter.parent !== undefined || q.filter.search || byPostColumn(q)) query.join({ p: wp.t.posts }, 'p.ID', 'x.post_id');
  const { metaNumericIn = [], metaExists = [], termTaxonomyIds = [], ...rest } = q.filter;
  if (termClause !== undefined) query.whereIn('x.term_taxonomy_id', termTaxonomyIds[termClause]!.length > 0 ? [...termTaxonomyIds[termClause]!] : [0]);
  wherePostMatches(
    wp,
    query,
    {
      ...rest,
      postType,
      termTaxonomyIds: termTaxonomyIds.filter((_, i) => i !== termClause),
      metaNumericIn: metaNumericIn.filter((m) => m.key !== EVENT_META.venueId),
      metaExists: metaExists.filter((m) => m.key !== EVENT_META.featured),
    },
    { id: 'x.post_id', status: 'x.post_status', type: null },
  );
  // The window's conditions, and the bounds they put on the local start, by which the search reads its postings
  // (the trigram table's start days are an event's, not an occurrence's).
  const starts = whereIndexWindow(query, columns, q.window, q.window.utc && order === 'x.start_date');
  if (q.filter.search && q.searchIndex) narrowBySearchIndex(wp, query, 'x.post_id', q.filter.search.text, q.source === 'index' ? starts : {});
  if (q.hidden !== undefined || !q.includeHidden) query.where('x.hidden', q.hidden ?? 0);
  for (const m of metaNumericIn.filter((m) => m.key === EVENT_META.venueId)) query.whereIn('x.venue_id', m.values.length > 0 ? [...m.values] : [0]);
  for (const m of metaExists.filter((m) => m.key === EVENT_META.featured)) query.where('x.featured', m.exists ? 1 : 0);
  return { query, start: order, postDate: 'x.post_date', id: 'x.post_id' };
}

/** The matching events, and the columns of their order. */
function eventsMatching(wp: WpData, postType: string, q: EventQuery): Matching {
  if (q.source === 'index' || q.source === 'occurrence-index') return indexedMatching(wp, postType, q);
  const { query, columns } = withDates(wp, q.source, q.window, q.filter.ids !== undefined);
  wherePostMatches(wp, query, { ...q.filter, postType });
  if (!q.includeHidden) query.whereNotIn('p.ID', idsWithMeta(wp, EVENT_META.hideFromUpcoming));
  whereWindow(query, columns, q.window);
  return { query, start: columns.order, postDate: 'p.post_date', id: 'p.ID' };
}

/** The most terms of one filter whose key ranges a page merges (a category and its children); more are probed. */
const MERGED_TERMS = 16;

/**
 * The term filter a list through the event index reads from the term index: the one of fewest terms (a category
 * counts with its children). None off the event index, or without term filters.
 */
function termClauseOf(q: EventQuery): number | undefined {
  const clauses = q.filter.termTaxonomyIds ?? [];
  if (q.source !== 'index' || clauses.length === 0) return undefined;
  return clauses.reduce((best, ids, i) => (ids.length < clauses[best]!.length ? i : best), 0);
}

export interface PageOptions {
  byPostDate: boolean;
  limit: number;
  offset: number;
  /** The change stamp read before the list: an indexed total is kept under it (CountOf.stamp). */
  stamp?: Promise<string | undefined>;
}

/**
 * One page of events and their total: by start, then publication date, then id (a stable tie-break); or by
 * publication date and id when the request names the events (`include`). Filtered by terms through the event
 * index, the total is counted from the term index's key ranges of the terms. The page is read there too when
 * the filter is of one term (its key gives the list's order, whatever the term's share of the window); of several
 * terms (a category and its children, at most MERGED_TERMS), as each term's range read in order up to the page and
 * merged; of more, or in another order, from the event index in order, each entry's relationships probed. The ids
 * and the total settle each on its own (pendingPageOfIds).
 */
export function pendingEventPage(wp: WpData, postType: string, q: EventQuery, options: PageOptions): PendingPage {
  const clause = termClauseOf(q);
  const counted = clause === undefined ? undefined : indexedMatching(wp, postType, q, clause);
  const oneTerm = clause !== undefined && q.filter.termTaxonomyIds![clause]!.length <= 1;
  const { query, start, postDate, id } = counted && oneTerm ? counted : eventsMatching(wp, postType, q);
  const order = listOrder(q.order, { start, postDate, id }, options.byPostDate);
  // The total counts the same rows as read for counting (through the indexes: on the UTC key of a UTC site).
  const indexed = q.source === 'index' || q.source === 'occurrence-index';
  const counting = indexed ? indexedMatching(wp, postType, q, clause, true) : undefined;
  const total = counting && withCounts(wp, q, { query: counting.query, distinct: counted && !oneTerm ? counting.id : undefined, stamp: options.stamp });
  // A search through the search index reads its matches once, for the page and the total.
  if (indexed && q.filter.search && q.searchIndex && clause === undefined) return pendingWholeList(query, order, options.limit, options.offset, id);
  const inStartOrder = indexed && order.every((o) => !o.raw) && (q.order?.by ?? 'start') === 'start' && !options.byPostDate;
  // Events hidden from listings too, in start order: the shown and the hidden ones are two ranges of the index's
  // key (status, hidden, start…), each read in order and merged, rather than every match sorted.
  if (inStartOrder && q.includeHidden && !counted) {
    const branches = ([0, 1] as const).map((hidden) => indexedMatching(wp, postType, { ...q, hidden }).query);
    return pendingMergedPage(wp, branches, order, options.limit, options.offset, id, total!);
  }
  // A category and its children, in start order: each term's range of the term index's key, read in order up to the
  // page and merged (an event of two of them listed once), rather than the relationships of every term read first.
  const terms = clause === undefined ? [] : q.filter.termTaxonomyIds![clause]!;
  if (inStartOrder && counted && !oneTerm && !q.includeHidden && !q.filter.search && terms.length <= MERGED_TERMS) {
    const ofTerm = (tt: number) => ({ ...q, filter: { ...q.filter, termTaxonomyIds: q.filter.termTaxonomyIds!.map((ids, i) => (i === clause ? [tt] : ids)) } });
    const branches = terms.map((tt) => indexedMatching(wp, postType, ofTerm(tt), clause));
    const merged = listOrder(q.order, { start: branches[0]!.start, postDate: branches[0]!.postDate, id: branches[0]!.id }, false);
    return pendingMergedPage(wp, branches.map((b) => b.query), merged, options.limit, options.offset, branches[0]!.id, total!, true);
  }
  return pendingPageOfIds(wp, query, order, options.limit, options.offset, id, total);
}

/** A total counted from the index's counts where they can (event-count-query.ts), else as `counted` says. */
function withCounts(wp: WpData, q: EventQuery, counted: CountOf): CountOf {
  const statement = countsStatement(wp, q);
  if (!statement) return counted;
  const count = () => totalFromCounts(statement).then((total) => total ?? countMatching(wp, { total: counted }).then((c) => c.total!));
  return { ...counted, count };
}

/** The order terms of a list: the asked order (by start by default), then publication date and id. */
function listOrder(order: EventOrder | undefined, columns: { start: string; postDate: string; id: string }, byPostDate: boolean): OrderTerm[] {
  const { by = 'start', direction = 'asc' } = order ?? {};
  const ties: OrderTerm[] = [
    { column: columns.postDate, direction: by === 'post_date' ? direction : 'asc' },
    { column: columns.id, direction: by === 'post_date' ? direction : 'asc' },
  ];
  if (by === 'start') return byPostDate ? ties : [{ column: columns.start, direction }, ...ties];
  if (by === 'post_date') return ties;
  return [{ column: `p.${by}`, direction }, ...ties];
}

/** The page and its total (pendingEventPage), both settled. */
export async function eventPage(wp: WpData, postType: string, q: EventQuery, options: PageOptions): Promise<PageOfIds> {
  const pending = pendingEventPage(wp, postType, q, options);
  const [ids, total] = await Promise.all([pending.ids, pending.total]);
  return { ids, total };
}

/** Ids of the first `limit` events of the query in start order (the plugin's "upcoming events" page). */
export function firstEventIds(wp: WpData, postType: string, q: EventQuery, limit: number): Knex.QueryBuilder {
  const { query, start, postDate, id } = eventsMatching(wp, postType, q);
  const page = query.clearSelect().select({ ID: id }).orderBy([{ column: start }, { column: postDate }, { column: id }]).limit(limit);
  // MySQL refuses LIMIT inside IN (…); a derived table around it is accepted everywhere.
  return wp.knex.select('u.ID').from(page.as('u'));
}

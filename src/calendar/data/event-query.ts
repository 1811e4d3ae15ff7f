import type { Knex } from 'knex';
import { wherePostMatches, type PostColumns, type PostFilter } from '../../wp/post-query';
import { pendingPage, type CountOf, type OrderTerm, type PageOfIds, type PendingPage } from '../../wp/post-pages';
import type { WpData } from '../../wp/wp-handle';
import { EVENT_META } from '../registry/meta-keys';
import { EVENT_INDEX_TABLE, EVENT_TERM_INDEX_TABLE, OCCURRENCE_INDEX_TABLE } from './event-index-sql';
import { narrowBySearchIndex } from './event-search-index';
import { whereEventWindow, type Column, type EventWindow, type WindowRead } from './event-window';
import { countsStatement, totalFromCounts } from './event-count-query';

export type { EventWindow } from './event-window';

/**
 * The plugin's event query (Tribe__Events__Query / the CT1 WP_Query redirection): events
 * of a post filter, never the hidden-from-listings ones, inside a date window read from WordPress's own storage —
 * the plugin's occurrences when the site has its table and it is active (through the service's occurrence index
 * when the site has it), otherwise the service's event index when the site has it, otherwise the events' date
 * meta. Each list is a page statement and a count statement.
 *
 * A page is planned first (pagePlan: which readings of the events, in which order, read how), then each reading's
 * statement is built (matchingOf: the storage's rows, indexRows or dateRows; then the post filter, the window and
 * the search on them), and post-pages.ts reads the page and its total.
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

const isIndexed = (q: EventQuery): boolean => q.source === 'index' || q.source === 'occurrence-index';

/** The columns of a list's order: its start (the UTC one when the list orders on it), then post date and id. */
interface ListColumns {
  start: string;
  postDate: string;
  id: string;
}

function listColumns(q: EventQuery): ListColumns {
  const orderUtc = q.window.orderUtc ?? q.window.utc;
  if (isIndexed(q)) return { start: orderUtc ? 'x.start_date_utc' : 'x.start_date', postDate: 'x.post_date', id: 'x.post_id' };
  if (q.source === 'occurrences') return { start: orderUtc ? 'o.start_date_utc' : 'o.start_date', postDate: 'p.post_date', id: 'p.ID' };
  return { start: orderUtc === q.window.utc ? 'ms.meta_value' : 'mo.meta_value', postDate: 'p.post_date', id: 'p.ID' };
}

/**
 * One reading of the events: the list's rows; through the event index, those of one term filter's terms read from
 * the term index (`termClause`), those shown or hidden from listings alone (`hidden`), or the rows of a count
 * (`forCount`: no order, so another key may serve).
 */
interface Reading {
  q: EventQuery;
  termClause?: number;
  hidden?: 0 | 1;
  forCount?: boolean;
}

/** A storage's rows of a reading before the filter, the window and the search: what those compare, and how. */
interface Rows {
  query: Knex.QueryBuilder;
  /** What the post filter still asks (the index answers some of it from its own columns). */
  filter: Omit<PostFilter, 'postType'>;
  post?: PostColumns;
  dates: { start: Column; end: Column };
  window: WindowRead;
}

/**
 * The events with their date columns: the occurrences table first, then each occurrence's post by its primary
 * key (the plugin's table has no index on post_id, so the other way round would scan it once per post; SQLite
 * takes CROSS JOIN as that order, MySQL reads it as an inner join and plans it itself); or the posts with their
 * two date meta rows, driven from the start meta. Events hidden from listings carry a meta key.
 */
function dateRows(wp: WpData, q: EventQuery): Rows {
  const { utc } = q.window;
  const orderUtc = q.window.orderUtc ?? utc;
  const metaExists = q.includeHidden ? q.filter.metaExists : [...(q.filter.metaExists ?? []), { key: EVENT_META.hideFromUpcoming, exists: false }];
  const rows = (query: Knex.QueryBuilder, start: string, end: string): Rows => ({ query, filter: { ...q.filter, metaExists }, dates: { start, end }, window: 'dates' });
  if (q.source === 'occurrences') {
    const query = wp.knex({ o: `${wp.prefix}tec_occurrences` }).crossJoin({ p: wp.t.posts }, 'p.ID', 'o.post_id');
    return utc ? rows(query, 'o.start_date_utc', 'o.end_date_utc') : rows(query, 'o.start_date', 'o.end_date');
  }
  // The meta rows compare as strings: the plugin always writes `Y-m-d H:i:s`, so string order is date order.
  // No index holds a meta value, so every event's start meta is read: from the `meta_key` entries of the start (one
  // per event), each event's post by its primary key and its other date meta by post_id, in that order (the dialect
  // keeps it where the optimizer would read the posts' key first and probe the meta three times per event). Named
  // events (`include`) are found by their posts' primary key first: the planner chooses.
  const byIds = q.filter.ids !== undefined;
  const join = (alias: string, key: string) => {
    const on = { columns: [`${alias}.post_id`, 'p.ID'] as const, value: [`${alias}.meta_key`, key] as const };
    if (byIds) query.join({ [alias]: wp.t.postmeta }, (j) => j.on(...on.columns).andOnVal(...on.value));
    else wp.dialect.joinAfter(query, { alias, name: wp.t.postmeta }, on);
  };
  const query = wp.knex({ ms: wp.t.postmeta }).where('ms.meta_key', utc ? EVENT_META.startDateUtc : EVENT_META.startDate);
  if (byIds) query.join({ p: wp.t.posts }, 'p.ID', 'ms.post_id');
  else wp.dialect.joinAfter(query, { alias: 'p', name: wp.t.posts }, { columns: ['p.ID', 'ms.post_id'] });
  join('me', utc ? EVENT_META.endDateUtc : EVENT_META.endDate);
  // Listed by the other start than the one compared (listColumns): its meta row too.
  if (orderUtc !== utc) join('mo', orderUtc ? EVENT_META.startDateUtc : EVENT_META.startDate);
  return rows(query, 'ms.meta_value', 'me.meta_value');
}

/**
 * Through the event index `x` (or the occurrence index, whose columns are the same, one row per occurrence):
 * status, hidden flag, dates, featured flag and venue are its columns; `p` is joined only for a parent, a search or
 * an order on a posts column. With `termClause`, `x` is the term index instead (the same columns, one row per term
 * of an event) read for the terms of that term filter, which then needs no relationship probe: an event of several
 * of its terms has a row for each (count it by distinct id).
 */
function indexRows(wp: WpData, { q, termClause, hidden, forCount = false }: Reading): Rows {
  const w = q.window;
  // A count has no order: compared on the UTC dates, it reads the UTC key's start range (a third of the local
  // key's cost: the local range widened by a day holds more entries, each checked on columns further down the key).
  const byLocalStart = w.utc && !(w.orderUtc ?? w.utc) && !forCount;
  // Compared on the UTC dates but listed by the local start: the local start's key drives (localStartRange).
  const unindexed = (column: string) => (byLocalStart ? wp.dialect.unindexed(wp.knex, column) : column);
  const table = termClause !== undefined ? EVENT_TERM_INDEX_TABLE : q.source === 'occurrence-index' ? OCCURRENCE_INDEX_TABLE : EVENT_INDEX_TABLE;
  const query = wp.knex({ x: `${wp.prefix}${table}` });
  if (q.filter.parent !== undefined || q.filter.search || byPostColumn(q)) query.join({ p: wp.t.posts }, 'p.ID', 'x.post_id');
  const { metaNumericIn = [], metaExists = [], termTaxonomyIds = [], ...rest } = q.filter;
  if (termClause !== undefined) query.whereIn('x.term_taxonomy_id', termTaxonomyIds[termClause]!.length > 0 ? [...termTaxonomyIds[termClause]!] : [0]);
  if (hidden !== undefined || !q.includeHidden) query.where('x.hidden', hidden ?? 0);
  const venues = metaNumericIn.filter((m) => m.key === EVENT_META.venueId);
  for (const m of venues) query.whereIn('x.venue_id', m.values.length > 0 ? [...m.values] : [0]);
  const featured = metaExists.filter((m) => m.key === EVENT_META.featured);
  for (const m of featured) query.where('x.featured', m.exists ? 1 : 0);
  return {
    query,
    filter: {
      ...rest,
      termTaxonomyIds: termTaxonomyIds.filter((_, i) => i !== termClause),
      metaNumericIn: metaNumericIn.filter((m) => !venues.includes(m)),
      metaExists: metaExists.filter((m) => !featured.includes(m)),
    },
    post: { id: 'x.post_id', status: 'x.post_status', type: null },
    dates: w.utc ? { start: unindexed('x.start_date_utc'), end: unindexed('x.end_date_utc') } : { start: 'x.start_date', end: 'x.end_date' },
    window: byLocalStart ? 'index-by-local-start' : 'index',
  };
}

/**
 * The statement of a reading: the storage's rows, the post filter, the window's conditions and, through the event
 * index, the search index narrowed by the bounds the window puts on the local start (the trigram table's start
 * days are an event's, not an occurrence's).
 */
function matchingOf(wp: WpData, postType: string, reading: Reading): Knex.QueryBuilder {
  const { q } = reading;
  const rows = isIndexed(q) ? indexRows(wp, reading) : dateRows(wp, q);
  wherePostMatches(wp, rows.query, { ...rows.filter, postType }, rows.post);
  const starts = whereEventWindow(rows.query, rows.dates, q.window, rows.window);
  if (isIndexed(q) && q.filter.search && q.searchIndex) narrowBySearchIndex(wp, rows.query, 'x.post_id', q.filter.search.text, q.source === 'index' ? starts : {});
  return rows.query;
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

/** The order terms of a list: the asked order (by start by default), then publication date and id. */
function listOrder(order: EventOrder | undefined, columns: ListColumns, byPostDate: boolean): OrderTerm[] {
  const { by = 'start', direction = 'asc' } = order ?? {};
  const ties: OrderTerm[] = [
    { column: columns.postDate, direction: by === 'post_date' ? direction : 'asc' },
    { column: columns.id, direction: by === 'post_date' ? direction : 'asc' },
  ];
  if (by === 'start') return byPostDate ? ties : [{ column: columns.start, direction }, ...ties];
  if (by === 'post_date') return ties;
  return [{ column: `p.${by}`, direction }, ...ties];
}

export interface PageOptions {
  byPostDate: boolean;
  limit: number;
  offset: number;
  /** The change stamp read before the list: an indexed total is kept under it (CountOf.stamp). */
  stamp?: Promise<string | undefined>;
}

/** How a page is read (post-pages.ts: PageRead), from which readings, and its total from which one. */
interface PagePlan {
  kind: 'ordered' | 'whole' | 'merged';
  page: Reading[];
  /** The total's reading (by distinct id where an event has several rows); none: the page's own matches counted. */
  count?: Reading & { distinct: boolean };
  order: OrderTerm[];
  id: string;
  /** Merged term ranges may hold an event more than once (one row per term): it is listed once. */
  overlapping?: boolean;
}

/**
 * How a page of events is read: by start, then publication date, then id (a stable tie-break); or by publication
 * date and id when the request names the events (`include`). Filtered by terms through the event index, the total
 * is counted from the term index's key ranges of the terms. The page is read there too when the filter is of one
 * term (its key gives the list's order, whatever the term's share of the window); of several terms (a category and
 * its children, at most MERGED_TERMS), as each term's range read in order up to the page and merged (an event of two
 * of them listed once), rather than the relationships of every term read first; of more, or in another order, from
 * the event index in order, each entry's relationships probed. Events hidden from listings too, in start order: the
 * shown and the hidden ones are two ranges of the index's key (status, hidden, start…), each read in order and
 * merged, rather than every match sorted.
 */
function pagePlan(q: EventQuery, options: PageOptions): PagePlan {
  const clause = termClauseOf(q);
  const terms = clause === undefined ? [] : q.filter.termTaxonomyIds![clause]!;
  const oneTerm = clause !== undefined && terms.length <= 1;
  const columns = listColumns(q);
  const order = listOrder(q.order, columns, options.byPostDate);
  const page: Reading = oneTerm ? { q, termClause: clause } : { q };
  if (!isIndexed(q)) return { kind: 'ordered', page: [page], order, id: columns.id };
  // A search through the search index reads its matches once, for the page and the total.
  if (q.filter.search && q.searchIndex && clause === undefined) return { kind: 'whole', page: [page], order, id: columns.id };
  // The total counts the same rows as read for counting (through the indexes: on the UTC key of a UTC site).
  const count = { q, termClause: clause, forCount: true, distinct: clause !== undefined && !oneTerm };
  const inStartOrder = (q.order?.by ?? 'start') === 'start' && !options.byPostDate;
  if (inStartOrder && q.includeHidden && clause === undefined) return { kind: 'merged', page: [{ q, hidden: 0 }, { q, hidden: 1 }], count, order, id: columns.id };
  if (inStartOrder && clause !== undefined && !oneTerm && !q.includeHidden && !q.filter.search && terms.length <= MERGED_TERMS) {
    const ofTerm = (tt: number): EventQuery => ({ ...q, filter: { ...q.filter, termTaxonomyIds: q.filter.termTaxonomyIds!.map((ids, i) => (i === clause ? [tt] : ids)) } });
    return { kind: 'merged', page: terms.map((tt) => ({ q: ofTerm(tt), termClause: clause })), count, order, id: columns.id, overlapping: true };
  }
  return { kind: 'ordered', page: [page], count, order, id: columns.id };
}

/**
 * One page of events and its total (pagePlan says how), each settling on its own (post-pages.ts). A total of a list
 * of statuses alone is counted from the index's counts where they answer (event-count-query.ts).
 */
export function pendingEventPage(wp: WpData, postType: string, q: EventQuery, options: PageOptions): PendingPage {
  const plan = pagePlan(q, options);
  // Every reading's statement at once: the page's, then the total's.
  const statements = [...plan.page, ...(plan.count ? [plan.count] : [])].map((reading) => matchingOf(wp, postType, reading));
  const counts = plan.count && countsStatement(wp, q);
  const counted: CountOf | undefined = plan.count && {
    query: statements[plan.page.length]!,
    distinct: plan.count.distinct ? plan.id : undefined,
    stamp: options.stamp,
    fromCounts: counts && (() => totalFromCounts(counts)),
  };
  const { kind, order, id, overlapping = false } = plan;
  return pendingPage(wp, { kind, queries: statements.slice(0, plan.page.length), order, limit: options.limit, offset: options.offset, idColumn: id, counted, overlapping });
}

/** The page and its total (pendingEventPage), both settled. */
export async function eventPage(wp: WpData, postType: string, q: EventQuery, options: PageOptions): Promise<PageOfIds> {
  const pending = pendingEventPage(wp, postType, q, options);
  const [ids, total] = await Promise.all([pending.ids, pending.total]);
  return { ids, total };
}

/** Ids of the first `limit` events of the query in start order (the plugin's "upcoming events" page). */
export function firstEventIds(wp: WpData, postType: string, q: EventQuery, limit: number): Knex.QueryBuilder {
  const { start, postDate, id } = listColumns(q);
  const page = matchingOf(wp, postType, { q }).clearSelect().select({ ID: id }).orderBy([{ column: start }, { column: postDate }, { column: id }]).limit(limit);
  // MySQL refuses LIMIT inside IN (…); a derived table around it is accepted everywhere.
  return wp.knex.select('u.ID').from(page.as('u'));
}

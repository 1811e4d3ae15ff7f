import type { Knex } from 'knex';
import { idsWithMeta, pageOfIds, wherePostMatches, type OrderTerm, type PageOfIds, type PostFilter } from '../../wp/post-query';
import type { WpData } from '../../wp/wp-data';
import { EVENT_META } from '../meta-keys';

/**
 * The plugin's event query (Tribe__Events__Query / the CT1 WP_Query redirection): events
 * of a post filter, never the hidden-from-listings ones, inside a date window read from WordPress's own storage —
 * the plugin's occurrences table when the site has it and it is active, otherwise the events' date meta.
 */

export type DateSource = 'occurrences' | 'postmeta';

/** Bounds as `Y-m-d H:i:s` wall clocks of the compared fields (local, or UTC in the plugin's site mode). */
export interface EventWindow {
  utc: boolean;
  /** start ≥ */
  startFrom?: string;
  /** end ≤ */
  endUntil?: string;
  /** start < */
  startsBefore?: string;
  /** start > */
  startsAfter?: string;
  /** end < */
  endsBefore?: string;
  /** end > */
  endsAfter?: string;
}

export interface EventQuery {
  filter: Omit<PostFilter, 'postType'>;
  window: EventWindow;
  source: DateSource;
}

/** Where this site keeps the dates the plugin filters on. */
export async function eventDateSource(wp: WpData, customTablesActive: boolean): Promise<DateSource> {
  return customTablesActive && (await wp.dialect.tableExists(wp.knex, `${wp.prefix}tec_occurrences`)) ? 'occurrences' : 'postmeta';
}

interface DateColumns {
  start: string;
  end: string;
}

/**
 * The events with their date columns: the occurrences table first, then each occurrence's post by its primary
 * key (the plugin's table has no index on post_id, so the other way round would scan it once per post; SQLite
 * takes CROSS JOIN as that order, MySQL reads it as an inner join and plans it itself); or the posts with their
 * two date meta rows.
 */
function withDates(wp: WpData, source: DateSource, utc: boolean): { query: Knex.QueryBuilder; columns: DateColumns } {
  if (source === 'occurrences') {
    const query = wp.knex({ o: `${wp.prefix}tec_occurrences` }).crossJoin({ p: wp.t.posts }, 'p.ID', 'o.post_id');
    return { query, columns: utc ? { start: 'o.start_date_utc', end: 'o.end_date_utc' } : { start: 'o.start_date', end: 'o.end_date' } };
  }
  // The meta rows compare as strings: the plugin always writes `Y-m-d H:i:s`, so string order is date order.
  const query = wp
    .knex({ p: wp.t.posts })
    .join({ ms: wp.t.postmeta }, (j) => j.on('ms.post_id', 'p.ID').andOnVal('ms.meta_key', utc ? EVENT_META.startDateUtc : EVENT_META.startDate))
    .join({ me: wp.t.postmeta }, (j) => j.on('me.post_id', 'p.ID').andOnVal('me.meta_key', utc ? EVENT_META.endDateUtc : EVENT_META.endDate));
  return { query, columns: { start: 'ms.meta_value', end: 'me.meta_value' } };
}

/** The matching events on `p`, and the column of their start for ordering. */
export function eventsMatching(wp: WpData, postType: string, q: EventQuery): { query: Knex.QueryBuilder; start: string } {
  const { query, columns } = withDates(wp, q.source, q.window.utc);
  wherePostMatches(wp, query, { ...q.filter, postType });
  query.whereNotIn('p.ID', idsWithMeta(wp, EVENT_META.hideFromUpcoming));
  const w = q.window;
  if (w.startFrom !== undefined) query.where(columns.start, '>=', w.startFrom);
  if (w.endUntil !== undefined) query.where(columns.end, '<=', w.endUntil);
  if (w.startsBefore !== undefined) query.where(columns.start, '<', w.startsBefore);
  if (w.startsAfter !== undefined) query.where(columns.start, '>', w.startsAfter);
  if (w.endsBefore !== undefined) query.where(columns.end, '<', w.endsBefore);
  if (w.endsAfter !== undefined) query.where(columns.end, '>', w.endsAfter);
  return { query, start: columns.start };
}

/**
 * One page of events and their total in one statement: by start, then publication date, then id (a stable
 * tie-break); or by publication date and id when the request names the events (`include`).
 */
export async function eventPage(wp: WpData, postType: string, q: EventQuery, options: { byPostDate: boolean; limit: number; offset: number }): Promise<PageOfIds> {
  const { query, start } = eventsMatching(wp, postType, q);
  const order: OrderTerm[] = [
    ...(options.byPostDate ? [] : [{ column: start, direction: 'asc' as const }]),
    { column: 'p.post_date', direction: 'asc' },
    { column: 'p.ID', direction: 'asc' },
  ];
  return pageOfIds(wp, query, order, options.limit, options.offset);
}

/** Ids of the first `limit` events of the query in start order (the plugin's "upcoming events" page). */
export function firstEventIds(wp: WpData, postType: string, q: EventQuery, limit: number): Knex.QueryBuilder {
  const { query, start } = eventsMatching(wp, postType, q);
  const page = query.clearSelect().select('p.ID').orderBy([{ column: start }, { column: 'p.post_date' }, { column: 'p.ID' }]).limit(limit);
  // MySQL refuses LIMIT inside IN (…); a derived table around it is accepted everywhere.
  return wp.knex.select('u.ID').from(page.as('u'));
}

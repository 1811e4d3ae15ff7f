import type { Knex } from 'knex';
import type { StartDays } from './event-search-trigrams';

/**
 * The date window of an event list and the conditions it puts on the compared date columns (the event index's, the
 * occurrence index's, or the date meta's).
 */

/** Bounds as `Y-m-d H:i:s` wall clocks of the compared fields (local, or UTC in the plugin's site mode). */
export interface EventWindow {
  utc: boolean;
  /** Order on the UTC start rather than the local one; by default on the fields compared. */
  orderUtc?: boolean;
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

export type Column = string | Knex.Raw;

function compare(query: Knex.QueryBuilder, column: Column, operator: string, value: string): void {
  if (typeof column === 'string') query.where(column, operator, value);
  else query.where(column, operator, value);
}

function whereWindow(query: Knex.QueryBuilder, columns: { start: Column; end: Column }, w: EventWindow): void {
  if (w.startFrom !== undefined) compare(query, columns.start, '>=', w.startFrom);
  if (w.endUntil !== undefined) compare(query, columns.end, '<=', w.endUntil);
  if (w.startsBefore !== undefined) compare(query, columns.start, '<', w.startsBefore);
  if (w.startsAfter !== undefined) compare(query, columns.start, '>', w.startsAfter);
  if (w.endsBefore !== undefined) compare(query, columns.end, '<', w.endsBefore);
  if (w.endsAfter !== undefined) compare(query, columns.end, '>', w.endsAfter);
}

/** A wall clock moved by whole days. */
function shiftDays(wall: string, days: number): string {
  const t = Date.parse(`${wall.replace(' ', 'T')}Z`);
  return Number.isNaN(t) ? wall : new Date(t + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Compared on the UTC start but listed by the local one: the local start lies within a day of the UTC one (zone
 * offsets stay under 14 hours), so the UTC bounds widened by a day also bound the local start. That range lets the
 * local window key give the rows already in list order; the exact UTC conditions still decide.
 */
function localStartRange(w: EventWindow): StartDays {
  const from = w.startFrom ?? w.startsAfter;
  const until = w.endUntil ?? w.startsBefore;
  return { from: from === undefined ? undefined : shiftDays(from, -1), to: until === undefined ? undefined : shiftDays(until, 1) };
}

/**
 * The bounds a list's conditions put on the local start `x.start_date`: localStartRange's, or whereWindow's when it
 * compares the local dates (with "ends by E" bounding the start too). The search narrows its postings by them.
 */
function localStartBounds(w: EventWindow, ranged: boolean): StartDays {
  if (ranged) return localStartRange(w);
  if (w.utc) return {};
  return { from: w.startFrom ?? w.startsAfter, to: w.startsBefore ?? (w.startFrom !== undefined ? w.endUntil : undefined) };
}

/**
 * How a list compares its window: on the date meta or the plugin's occurrences (`dates`), on the event or occurrence
 * index (`index`), or on the index's UTC dates while it lists by the local start (`index-by-local-start`), whose
 * day-wide range then bounds the key.
 */
export type WindowRead = 'dates' | 'index' | 'index-by-local-start';

/**
 * The window's conditions on the compared date columns. On an index `x` more is said, for its key: an event ends
 * after it starts, so "ends by E" also bounds the start, which closes the key's start range on both sides; unbounded
 * dates must still exist, as the meta join requires. Returns the bounds the conditions put on the index's local
 * start (none on the date meta), by which a search reads its postings.
 */
export function whereEventWindow(query: Knex.QueryBuilder, columns: { start: Column; end: Column }, w: EventWindow, read: WindowRead): StartDays {
  whereWindow(query, columns, w);
  if (read === 'dates') return {};
  const ranged = read === 'index-by-local-start';
  if (ranged) {
    const range = localStartRange(w);
    if (range.from !== undefined) query.where('x.start_date', '>=', range.from);
    if (range.to !== undefined) query.where('x.start_date', '<=', range.to);
  }
  if (w.endUntil !== undefined && w.startFrom !== undefined) compare(query, columns.start, '<=', w.endUntil);
  const notNull = (column: Column) => (typeof column === 'string' ? query.whereNotNull(column) : query.whereRaw('? IS NOT NULL', [column]));
  if (w.startFrom === undefined && w.startsBefore === undefined && w.startsAfter === undefined) notNull(columns.start);
  if (w.endUntil === undefined && w.endsBefore === undefined && w.endsAfter === undefined) notNull(columns.end);
  return localStartBounds(w, ranged);
}

import type { Knex } from 'knex';
import type { WpData } from '../../wp/wp-handle';
import { countsTable, MODES } from './event-count-sql';
import { EVENT_INDEX_TABLE, OCCURRENCE_INDEX_TABLE } from './event-index-sql';
import type { EventQuery } from './event-query';

/**
 * A list's total from the index's counts (event-count-sql.ts) rather than from one key entry per match: for a list
 * of statuses alone — no terms, search, venue, ids or other filter — over no window, a window from a start A, to the
 * end of a day B, or both (the REST lists' defaults, whole days, months). Its rows start before they end, so of
 * the rows ending by B, those starting before A are counted away:
 *
 *   total = ends(≤ B) − starts(< A)
 *
 * `ends` sums the months before B's month and the days of its month up to B's day; `starts` the same up to the day
 * before A's, plus A's own day read from the index key up to A. This holds when no row starts before A and ends
 * after B (it would be in neither): the months' `reach` says so. All in one statement, so one snapshot, which also
 * says whether the counts cannot answer (rows of the list counted apart, or a row that may span the window): the
 * list then counts from the index as before.
 */

/** A wall clock `Y-m-d H:i:s` (what the counts hold, and what the windows compute). */
const WALL_CLOCK = /^\d{4}-[01]\d-[0-3]\d [0-2]\d:[0-5]\d:[0-5]\d$/;

/** The filter keys a counted list may have: its statuses (and its post type, the index's own). */
const COUNTABLE_FILTER = new Set(['status']);

function countable(q: EventQuery): { statuses: readonly string[]; from?: string; until?: string } | undefined {
  if (q.source !== 'index' && q.source !== 'occurrence-index') return undefined;
  const { status, ...others } = q.filter;
  if (!('in' in status) || status.in.length === 0) return undefined;
  const present = Object.entries(others).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  if (present.some(([key]) => !COUNTABLE_FILTER.has(key))) return undefined;
  const w = q.window;
  if (w.startsBefore !== undefined || w.startsAfter !== undefined || w.endsBefore !== undefined || w.endsAfter !== undefined) return undefined;
  if (w.startFrom !== undefined && !WALL_CLOCK.test(w.startFrom)) return undefined;
  // The end of a day: the rows ending by it are whole days' buckets.
  if (w.endUntil !== undefined && !(WALL_CLOCK.test(w.endUntil) && w.endUntil.endsWith(' 23:59:59'))) return undefined;
  return { statuses: status.in, from: w.startFrom, until: w.endUntil };
}

const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * The statement giving `uncounted` (how many of the list's rows the counts cannot place: counted apart, or months
 * that may hold a row spanning the window; any makes the counts' total unusable) and `total`, or none when the list
 * is not countable this way.
 */
export function countsStatement(wp: WpData, q: EventQuery): Knex.Raw | undefined {
  const c = countable(q);
  if (!c) return undefined;
  const index = q.source === 'occurrence-index' ? OCCURRENCE_INDEX_TABLE : EVENT_INDEX_TABLE;
  const counts = countsTable(wp.prefix, index);
  const { mode, start } = MODES[q.window.utc ? 1 : 0];
  const hidden = q.includeHidden ? [0, 1] : [0];
  const inScope = (alias: string) => `${alias}.post_status IN (${marks(c.statuses)}) AND ${alias}.hidden IN (${marks(hidden)})`;
  const scopeValues = [...c.statuses, ...hidden];
  type Part = { sql: string; bindings: unknown[] };
  const counters = (alias: string, what: string, span: number, condition: string, values: unknown[]): Part => ({
    sql: `(SELECT ${what} FROM ${counts} ${alias} WHERE ${inScope(alias)} AND ${alias}.mode = ${mode} AND ${alias}.span = ${span} AND ${condition})`,
    bindings: [...scopeValues, ...values],
  });
  const sum = (column: string, span: number, condition: string, values: unknown[]) => counters('c', `COALESCE(SUM(c.${column}), 0)`, span, condition, values);
  const { from, until } = c;
  const uncounted = [sum('n_start', 0, '1 = 1', [])];
  // Rows starting before A and ending after B would be in neither sum: none can exist when no month before A's (or
  // A's own, unless A is its first instant) holds a row reaching past B. Otherwise the list counts from the index
  // (a window that short reads few entries there).
  if (from !== undefined && until !== undefined) {
    uncounted.push(counters('mo', 'COUNT(*)', 7, `mo.bucket ${from.endsWith('-01 00:00:00') ? '<' : '<='} ? AND mo.reach > ?`, [from.slice(0, 7), until]));
  }
  const ends =
    until === undefined
      ? [sum('n_start', 1, '1 = 1', [])]
      : [sum('n_end', 7, 'c.bucket < ?', [until.slice(0, 7)]), sum('n_end', 10, 'c.bucket >= ? AND c.bucket <= ?', [`${until.slice(0, 7)}-01`, until.slice(0, 10)])];
  const startsBefore: Part[] =
    from === undefined
      ? []
      : [
          sum('n_start', 7, 'c.bucket < ?', [from.slice(0, 7)]),
          sum('n_start', 10, 'c.bucket >= ? AND c.bucket < ?', [`${from.slice(0, 7)}-01`, from.slice(0, 10)]),
          { sql: `(SELECT COUNT(*) FROM ${wp.prefix}${index} x WHERE ${inScope('x')} AND x.${start} >= ? AND x.${start} < ?)`, bindings: [...scopeValues, from.slice(0, 10), from] },
        ];
  const sql = (parts: Part[], operator: string) => parts.map((p) => p.sql).join(` ${operator} `);
  const total = [sql(ends, '+'), ...startsBefore.map((p) => p.sql)].join(' - ');
  const bindings = [...uncounted, ...ends, ...startsBefore].flatMap((p) => p.bindings);
  return wp.knex.raw(`SELECT ${sql(uncounted, '+')} AS uncounted, ${total} AS total`, bindings as Knex.RawBinding[]);
}

/** The list's total from the counts, or undefined when they cannot say it (see countsStatement). */
export async function totalFromCounts(statement: Knex.Raw): Promise<number | undefined> {
  const result = await statement;
  const row = (Array.isArray(result) && Array.isArray(result[0]) ? result[0][0] : Array.isArray(result) ? result[0] : result) as { uncounted: unknown; total: unknown };
  return Number(row.uncounted) > 0 ? undefined : Number(row.total);
}

/**
 * How many event posts have one of `statuses`, whatever their dates: the event index has one row per event post,
 * and its counts count each row once per mode (`span` 1, or 0 for one counted apart). wp/v2's list of the events by
 * status alone counts this way, where it read one key entry of the posts table per event.
 */
export async function countEventPosts(wp: WpData, statuses: readonly string[]): Promise<number> {
  const rows = (await wp
    .knex(countsTable(wp.prefix, EVENT_INDEX_TABLE))
    .sum({ n: 'n_start' })
    .whereIn('post_status', [...statuses])
    .where('mode', MODES[0].mode)
    .whereIn('span', [0, 1])) as Array<{ n: number | string | null }>;
  return Number(rows[0]?.n ?? 0);
}

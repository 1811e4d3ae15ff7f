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
 * The statement giving `irregular` (rows of the list counted apart) and `total`, or none when the list is not
 * countable this way.
 */
export function countsStatement(wp: WpData, q: EventQuery): Knex.Raw | undefined {
  const c = countable(q);
  if (!c) return undefined;
  const index = q.source === 'occurrence-index' ? OCCURRENCE_INDEX_TABLE : EVENT_INDEX_TABLE;
  const counts = countsTable(wp.prefix, index);
  const rows = `${wp.prefix}${index}`;
  const { mode, start, end } = MODES[q.window.utc ? 1 : 0];
  const hidden = q.includeHidden ? [0, 1] : [0];
  const scope = (alias: string) => `${alias}.post_status IN (${marks(c.statuses)}) AND ${alias}.hidden IN (${marks(hidden)}) AND ${alias}.mode = ${mode}`;
  const scopeValues = [...c.statuses, ...hidden];
  const indexScope = `x.post_status IN (${marks(c.statuses)}) AND x.hidden IN (${marks(hidden)})`;
  const parts: Array<{ sql: string; bindings: unknown[] }> = [];
  const sum = (column: string, span: number, condition: string, values: unknown[]) => ({
    sql: `(SELECT COALESCE(SUM(c.${column}), 0) FROM ${counts} c WHERE ${scope('c')} AND c.span = ${span} AND ${condition})`,
    bindings: [...scopeValues, ...values],
  });
  const irregular = sum('n_start', 0, '1 = 1', []);
  const { from, until } = c;
  if (until === undefined) parts.push(sum('n_start', 1, '1 = 1', []));
  else parts.push(sum('n_end', 7, 'c.bucket < ?', [until.slice(0, 7)]), sum('n_end', 10, 'c.bucket >= ? AND c.bucket <= ?', [`${until.slice(0, 7)}-01`, until.slice(0, 10)]));
  const minus: typeof parts = [];
  if (from !== undefined) {
    minus.push(
      sum('n_start', 7, 'c.bucket < ?', [from.slice(0, 7)]),
      sum('n_start', 10, 'c.bucket >= ? AND c.bucket < ?', [`${from.slice(0, 7)}-01`, from.slice(0, 10)]),
      { sql: `(SELECT COUNT(*) FROM ${rows} x WHERE ${indexScope} AND x.${start} >= ? AND x.${start} < ?)`, bindings: [...scopeValues, from.slice(0, 10), from] },
    );
  }
  // Rows starting before A and ending after B are in the first sum but not the second: none can exist when no
  // month before A's (or A's own, unless A is its first instant) holds a row reaching past B. Otherwise the list
  // counts from the index (a window that short reads few entries there).
  let spanning = { sql: '0', bindings: [] as unknown[] };
  if (from !== undefined && until !== undefined) {
    const firstInstant = from.endsWith('-01 00:00:00');
    spanning = {
      sql: `(SELECT COUNT(*) FROM ${counts} mo WHERE ${scope('mo')} AND mo.span = 7 AND mo.bucket ${firstInstant ? '<' : '<='} ? AND mo.reach > ?)`,
      bindings: [...scopeValues, from.slice(0, 7), until],
    };
  }
  const total = [parts.map((p) => p.sql).join(' + '), ...minus.map((p) => p.sql)].join(' - ');
  return wp.knex.raw(`SELECT ${irregular.sql} + ${spanning.sql} AS uncounted, ${total} AS total`, [
    ...irregular.bindings,
    ...spanning.bindings,
    ...parts.flatMap((p) => p.bindings),
    ...minus.flatMap((p) => p.bindings),
  ] as Knex.RawBinding[]);
}

/** The list's total from the counts, or undefined when they cannot say it (see countsStatement). */
export async function totalFromCounts(statement: Knex.Raw): Promise<number | undefined> {
  const result = await statement;
  const row = (Array.isArray(result) && Array.isArray(result[0]) ? result[0][0] : Array.isArray(result) ? result[0] : result) as { uncounted: unknown; total: unknown };
  return Number(row.uncounted) > 0 ? undefined : Number(row.total);
}

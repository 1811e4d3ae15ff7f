import type { Knex } from 'knex';
import type { WpData } from '../../wp/wp-handle';
import { countsTable, MODES } from './event-count-sql';
import { EVENT_INDEX_TABLE, OCCURRENCE_INDEX_TABLE } from './event-index-sql';
import type { EventQuery } from './event-query';

/**
 * A list's total from the index's counts (event-count-sql.ts) rather than from one key entry per match: for a list
 * of statuses alone — no terms, search, venue, ids or other filter — over no window, a window from a start, to the
 * end of a day, or both (the REST lists' defaults and whole days). Its rows start and end in order, so of the rows
 * ending by the window's end B, those starting before its start A are counted away, and those that start before A
 * and end after B (which the first sum never held) are counted back:
 *
 *   total = ends(≤ B) − starts(< A) + spanning(A, B)
 *
 * `ends` sums the months before B's month and the days of its month to B's day; `starts` the same up to A's day,
 * plus A's own day read from the index key up to A; `spanning` reads, in the index, only the days whose rows reach
 * past B (their `reach`), of the months that do. All in one statement, so one snapshot. The statement also says
 * how many of the list's rows are counted apart (dates missing or not in order): with any, the list counts from
 * the index as before.
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
  if (from !== undefined && until !== undefined) {
    const days =
      `SELECT DISTINCT d.bucket FROM ${counts} d WHERE ${scope('d')} AND d.span = 10 AND d.bucket <= ? AND d.reach > ? ` +
      `AND SUBSTR(d.bucket, 1, 7) IN (SELECT mo.bucket FROM ${counts} mo WHERE ${scope('mo')} AND mo.span = 7 AND mo.bucket <= ? AND mo.reach > ?)`;
    parts.push({
      sql:
        `(SELECT COUNT(*) FROM (${days}) AS days JOIN ${rows} x ON x.${start} >= days.bucket AND x.${start} <= ${wp.dialect.concatSql('days.bucket', "' 23:59:59'")} ` +
        `WHERE ${indexScope} AND x.${start} < ? AND x.${end} > ?)`,
      bindings: [...scopeValues, from.slice(0, 10), until, ...scopeValues, from.slice(0, 7), until, ...scopeValues, from, until],
    });
  }
  const total = [parts.map((p) => p.sql).join(' + '), ...minus.map((p) => p.sql)].join(' - ');
  return wp.knex.raw(`SELECT ${irregular.sql} AS irregular, ${total} AS total`, [...irregular.bindings, ...parts.flatMap((p) => p.bindings), ...minus.flatMap((p) => p.bindings)] as Knex.RawBinding[]);
}

/** The list's total from the counts, or undefined when some of its rows are counted apart. */
export async function totalFromCounts(statement: Knex.Raw): Promise<number | undefined> {
  const result = await statement;
  const row = (Array.isArray(result) && Array.isArray(result[0]) ? result[0][0] : Array.isArray(result) ? result[0] : result) as { irregular: unknown; total: unknown };
  return Number(row.irregular) > 0 ? undefined : Number(row.total);
}

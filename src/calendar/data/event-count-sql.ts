import type { TriggerSpec } from '../../db/dialect';
import type { WpData } from '../../wp/wp-handle';
import { DEFERRED_FLAG, EVENT_INDEX_TABLE, OCCURRENCE_INDEX_TABLE } from './event-index-sql';

/**
 * The counts of an index table (the event index or the occurrence index): for each status, hidden flag, mode
 * (the local dates, or the UTC ones) and slot of the post id, how many rows start and end in each month
 * (`span` 7, bucket `Y-m`) and each day (`span` 10, bucket `Y-m-d`), how many there are (`span` 1), and the latest
 * end of the rows starting in each month (`reach`). A row whose two dates are not wall clocks in order
 * (missing, another format, ending before it starts) is only counted apart (`span` 0): a list whose statuses have
 * any such row counts them from the index as before. Otherwise a window's count is a sum over a few hundred of these
 * rows and a day's edge of the index (src/calendar/data/event-count-query.ts) instead of one key entry per match.
 *
 * Three triggers on the index table keep them, in the writer's statement like the index itself. A row's counters
 * sit in the slot of its post id, as its change stamp does (src/wp/change-stamps.ts): writers of events in
 * different slots lock different rows, and two in one slot already wait for each other on the stamp. `reach` only
 * ever rises (a row removed leaves it as it was): it is a bound, and a bound left too high only sends a list whose
 * window it seems to span back to counting from the index. A rebuild (`db:index`) makes it exact again.
 */

export const countsTable = (prefix: string, index: string) => `${prefix}${index}_counts`;
const TRIGGERS = ['counts_insert', 'counts_update', 'counts_delete'];
export const countTriggerNames = (prefix: string, index: string): string[] => TRIGGERS.map((s) => `${prefix}${index}_${s}`);

/** Slots of the counters, as many as the change stamp's. */
const SLOTS = 8;
const KEY = ['post_status', 'hidden', 'mode', 'span', 'bucket', 'slot'] as const;
const COLUMNS = { key: KEY, sums: ['n_start', 'n_end'], maxima: ['reach'] } as const;

/** The date columns of each mode. */
export const MODES = [
  { mode: 0, start: 'start_date', end: 'end_date' },
  { mode: 1, start: 'start_date_utc', end: 'end_date_utc' },
] as const;

/**
 * The rows of counter deltas for one image `r` (NEW, OLD, or an alias of the index table) with `sign`: per mode,
 * either its day and month buckets of start and end and its total, or one row counted apart. `from(condition)`
 * makes each branch's FROM … WHERE. `reach` is the row's end on its start buckets (raising the bound; not for a
 * row taken away), `previous` the end an image taken away had there (so an update that keeps it writes nothing).
 */
function deltaBranches(wp: WpData, r: string, sign: 1 | -1, from: (condition: string) => string): string[] {
  const branches: string[] = [];
  for (const { mode, start, end } of MODES) {
    const s = `${r}.${start}`;
    const e = `${r}.${end}`;
    const regular = `${wp.dialect.isWallClockSql(s)} AND ${wp.dialect.isWallClockSql(e)} AND ${s} <= ${e}`;
    const row = (span: number, bucket: string, nStart: number, nEnd: number, reach: string, condition: string) =>
      `SELECT ${r}.post_status AS post_status, ${r}.hidden AS hidden, ${mode} AS mode, ${span} AS span, ${bucket} AS bucket, ${r}.post_id % ${SLOTS} AS slot, ` +
      `${nStart} AS n_start, ${nEnd} AS n_end, ${sign > 0 ? reach : "''"} AS reach, ${sign < 0 ? reach : "''"} AS previous ${from(condition)}`;
    branches.push(row(0, "''", sign, 0, "''", `NOT (${regular}) OR ${s} IS NULL OR ${e} IS NULL`));
    branches.push(row(1, "''", sign, 0, "''", regular));
    for (const span of [7, 10]) {
      branches.push(row(span, `SUBSTR(${s}, 1, ${span})`, sign, 0, span === 7 ? `SUBSTR(${e}, 1, 19)` : "''", regular));
      branches.push(row(span, `SUBSTR(${e}, 1, ${span})`, 0, sign, "''", regular));
    }
  }
  return branches;
}

/**
 * The statement adding the deltas of the images to the counters: summed per counter row, a row whose counts and
 * bound do not change left unwritten (an update of the venue, the featured flag, the post date).
 */
function addDeltasSql(wp: WpData, table: string, branches: readonly string[]): string {
  const key = KEY.join(', ');
  const select =
    `SELECT ${key}, SUM(n_start) AS n_start, SUM(n_end) AS n_end, MAX(reach) AS reach FROM (${branches.join(' UNION ALL ')}) AS d ` +
    `GROUP BY ${key} HAVING SUM(n_start) <> 0 OR SUM(n_end) <> 0 OR MAX(reach) <> MAX(previous) ORDER BY ${key}`;
  return wp.dialect.addToRowsSql(table, COLUMNS, select);
}

const single = (condition: string) => `FROM (SELECT 1 AS one) AS one WHERE ${condition}`;

/** What the counters depend on: an update of anything else (venue, featured flag, post date) leaves them alone. */
const COUNTED_COLUMNS = ['post_id', 'post_status', 'hidden', ...MODES.flatMap((m) => [m.start, m.end])];
/**
 * Whether an update changed a column, byte for byte: equal under the collation and of the same length (MySQL's
 * PAD SPACE collations take `'… 10:00:00 '` for `'… 10:00:00'`, which is not a wall clock), or NULL both times
 * (a comparison with NULL is neither true nor false: it counts as a change).
 */
const changed = (c: string) => `NOT (COALESCE(OLD.${c} = NEW.${c} AND LENGTH(OLD.${c}) = LENGTH(NEW.${c}), 0) = 1 OR (OLD.${c} IS NULL AND NEW.${c} IS NULL))`;

/** The three triggers on the index table `index` (EVENT_INDEX_TABLE or OCCURRENCE_INDEX_TABLE) that keep its counts. */
export function countTriggers(wp: WpData, index: typeof EVENT_INDEX_TABLE | typeof OCCURRENCE_INDEX_TABLE): TriggerSpec[] {
  const table = countsTable(wp.prefix, index);
  const indexTable = `${wp.prefix}${index}`;
  const [insert, update, remove] = countTriggerNames(wp.prefix, index);
  const common = { unlessSessionFlag: DEFERRED_FLAG, table: indexTable };
  return [
    { ...common, name: insert!, event: 'INSERT', statements: [addDeltasSql(wp, table, deltaBranches(wp, 'NEW', 1, single))] },
    { ...common, name: update!, event: 'UPDATE', when: COUNTED_COLUMNS.map(changed).join(' OR '), statements: [addDeltasSql(wp, table, [...deltaBranches(wp, 'OLD', -1, single), ...deltaBranches(wp, 'NEW', 1, single)])] },
    { ...common, name: remove!, event: 'DELETE', statements: [addDeltasSql(wp, table, deltaBranches(wp, 'OLD', -1, single))] },
  ];
}

/**
 * For a bulk writer (its triggers asleep): the statement adding (`sign` 1) or taking away (-1) the counts of the
 * rows of the index table `index` whose post id `where(column)` selects — taken away before it rewrites them, added
 * after.
 */
export function countRowsSql(wp: WpData, index: string, where: (column: string) => string, sign: 1 | -1): string {
  const from = (condition: string) => `FROM ${wp.prefix}${index} x WHERE (${where('x.post_id')}) AND (${condition})`;
  return addDeltasSql(wp, countsTable(wp.prefix, index), deltaBranches(wp, 'x', sign, from));
}

import type { TriggerSpec } from '../../db/dialect';
import type { WpData } from '../../wp/wp-handle';
import { POST_TYPE } from '../registry/identifiers';
import { EVENT_META } from '../registry/meta-keys';

/**
 * The SQL of the event index (src/calendar/data/event-index-install.ts): how a row is computed from the posts, their meta
 * and the plugin's occurrences, and the triggers that keep both index tables — one row per event post, and one
 * row per occurrence where the plugin's custom tables exist — current for every writer.
 */

export const EVENT_INDEX_TABLE = 'calendar_event_index';
export const OCCURRENCE_INDEX_TABLE = 'calendar_occurrence_index';
/** The term index of the event index rows (src/calendar/data/event-term-index-sql.ts). */
export const EVENT_TERM_INDEX_TABLE = 'calendar_event_term_index';

export const eventIndexTable = (prefix: string) => `${prefix}${EVENT_INDEX_TABLE}`;
export const occurrenceIndexTable = (prefix: string) => `${prefix}${OCCURRENCE_INDEX_TABLE}`;
export const tecOccurrencesTable = (prefix: string) => `${prefix}tec_occurrences`;

/**
 * While a session holds this MySQL user variable, the index triggers do nothing for its statements: a bulk writer
 * (the calendar generator) sets it for its own transaction and writes the index rows of its batch in one
 * statement at the end of the batch. Other sessions never set it, so their writes still fire the triggers.
 * SQLite has no per-connection state a trigger can read; there the triggers always run.
 */
export const DEFERRED_FLAG = 'calendar_event_index_deferred';

/** The meta keys the index carries, and the column each fills. */
const META_COLUMNS = [
  { column: 'start_date', key: EVENT_META.startDate, kind: 'text' },
  { column: 'end_date', key: EVENT_META.endDate, kind: 'text' },
  { column: 'start_date_utc', key: EVENT_META.startDateUtc, kind: 'text' },
  { column: 'end_date_utc', key: EVENT_META.endDateUtc, kind: 'text' },
  { column: 'hidden', key: EVENT_META.hideFromUpcoming, kind: 'exists' },
  { column: 'featured', key: EVENT_META.featured, kind: 'exists' },
  { column: 'venue_id', key: EVENT_META.venueId, kind: 'integer' },
] as const;
type MetaColumn = (typeof META_COLUMNS)[number];
/** An occurrence's dates come from the plugin's table; the flags and the venue from the event's meta. */
const FLAG_COLUMNS = META_COLUMNS.filter((c) => c.kind !== 'text');
const DATE_COLUMNS = ['start_date', 'end_date', 'start_date_utc', 'end_date_utc'];

export const EVENT_INDEX_COLUMNS = ['post_id', 'post_status', 'post_date', ...META_COLUMNS.map((c) => c.column)];
const OCCURRENCE_COLUMNS = ['occurrence_id', 'post_id', 'post_status', 'post_date', ...DATE_COLUMNS, ...FLAG_COLUMNS.map((c) => c.column)];

const EVENT_TRIGGERS = ['post_insert', 'post_update', 'post_delete', 'meta_insert', 'meta_update', 'meta_delete'];
const OCCURRENCE_TABLE_TRIGGERS = ['occurrence_insert', 'occurrence_update', 'occurrence_delete'];
const OCCURRENCE_TRIGGERS = [...EVENT_TRIGGERS, ...OCCURRENCE_TABLE_TRIGGERS];
export const eventIndexTriggerNames = (prefix: string): string[] => EVENT_TRIGGERS.map((s) => `${prefix}${EVENT_INDEX_TABLE}_${s}`);
export const occurrenceIndexTriggerNames = (prefix: string): string[] => OCCURRENCE_TRIGGERS.map((s) => `${prefix}${OCCURRENCE_INDEX_TABLE}_${s}`);
/**
 * The occurrence index's triggers on the plugin's occurrences table. They go with the table: when the plugin (its
 * migration, a reinstall) drops and makes it again, the occurrence index stops following it.
 */
export const occurrenceTableTriggerNames = (prefix: string): string[] => OCCURRENCE_TABLE_TRIGGERS.map((s) => `${prefix}${OCCURRENCE_INDEX_TABLE}_${s}`);

/** Whether every trigger `wanted` is among the names `present` (compared as the engines compare them, ignoring case). */
export const triggersPresent = (present: readonly string[], wanted: readonly string[]): boolean => {
  const names = new Set(present.map((name) => name.toLowerCase()));
  return wanted.every((name) => names.has(name.toLowerCase()));
};
/** Whether a trigger is one of the index's, of this version or an earlier one (their names share these stems). */
export const isIndexTrigger = (prefix: string, name: string): boolean =>
  [EVENT_INDEX_TABLE, OCCURRENCE_INDEX_TABLE, EVENT_TERM_INDEX_TABLE].some((stem) => name.toLowerCase().startsWith(`${prefix}${stem}_`.toLowerCase()));

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
const isEvent = (post: string) => `${post}.post_type = ${quote(POST_TYPE.event)}`;

/**
 * The value of a meta column for the post whose id is `id` (an SQL expression): get_post_meta( $id, $key, true ),
 * the first row of the key (dates cut to the column's 64 characters); whether a row exists for the flags
 * (the plugin tests `_EventHideFromUpcoming` and `_tribe_featured` by existence); the first venue id as a number.
 */
function metaValueSql(wp: WpData, column: MetaColumn, id: string): string {
  const rows = `FROM ${wp.t.postmeta} m WHERE m.post_id = ${id} AND m.meta_key = ${quote(column.key)}`;
  if (column.kind === 'exists') return `CASE WHEN EXISTS (SELECT 1 ${rows}) THEN 1 ELSE 0 END`;
  const value = column.kind === 'integer' ? wp.dialect.castIntegerSql('m.meta_value') : 'SUBSTR(m.meta_value, 1, 64)';
  return `(SELECT ${value} ${rows} ORDER BY m.meta_id LIMIT 1)`;
}

/** The event index row of a post, from its post row (`post` is `NEW` in a trigger or an alias in a SELECT). */
function eventRowSql(wp: WpData, post: string): string {
  return [`${post}.ID`, `${post}.post_status`, `${post}.post_date`, ...META_COLUMNS.map((c) => metaValueSql(wp, c, `${post}.ID`))].join(', ');
}

/** The occurrence index row of an occurrence `o` of the event post `p`. */
function occurrenceRowSql(wp: WpData, o: string, p: string): string {
  return [`${o}.occurrence_id`, `${o}.post_id`, `${p}.post_status`, `${p}.post_date`, ...DATE_COLUMNS.map((c) => `${o}.${c}`), ...FLAG_COLUMNS.map((c) => metaValueSql(wp, c, `${o}.post_id`))].join(', ');
}

/** Event index rows of the event posts matching `where` (on `p`), as an INSERT … SELECT. */
export const eventRowsSql = (wp: WpData, where: string) =>
  `REPLACE INTO ${eventIndexTable(wp.prefix)} (${EVENT_INDEX_COLUMNS.join(', ')}) SELECT ${eventRowSql(wp, 'p')} FROM ${wp.t.posts} p WHERE ${isEvent('p')} AND (${where})`;

/** Occurrence index rows of the occurrences `o` of event posts `p` matching `where`, as an INSERT … SELECT. */
export const occurrenceRowsSql = (wp: WpData, where: string) =>
  `REPLACE INTO ${occurrenceIndexTable(wp.prefix)} (${OCCURRENCE_COLUMNS.join(', ')}) SELECT ${occurrenceRowSql(wp, 'o', 'p')} FROM ${tecOccurrencesTable(wp.prefix)} o JOIN ${wp.t.posts} p ON p.ID = o.post_id WHERE ${isEvent('p')} AND (${where})`;

const indexedKey = (row: string, columns: readonly MetaColumn[]) => `${row}.meta_key IN (${columns.map((c) => quote(c.key)).join(', ')})`;

/** Recomputes the columns of the keys the changed meta rows had, on the rows of their posts in `table`. */
const refreshMetaSql = (wp: WpData, table: string, columns: readonly MetaColumn[], keys: string, posts: string) =>
  `UPDATE ${table} SET ${columns.map((c) => `${c.column} = CASE WHEN ${quote(c.key)} IN (${keys}) THEN ${metaValueSql(wp, c, `${table}.post_id`)} ELSE ${c.column} END`).join(', ')} WHERE post_id IN (${posts})`;

/**
 * What removes, before a REPLACE, the row it would replace — on SQLite only. SQLite fires no delete trigger for the
 * row a REPLACE removes, and the index's own triggers (its counts) must see it go; MySQL fires them. There the
 * statement would cost: a delete of a row that is not there (a new post's) locks the gap every concurrent insert
 * of a post needs, and plain-SQL writers deadlock on it.
 */
const beforeReplace = (wp: WpData, deletion: string): string[] => (wp.dialect.name === 'sqlite' ? [deletion] : []);

/**
 * The triggers on the posts and postmeta tables that keep `table` current. Most post updates keep the id and the
 * type: the status and date are rewritten in place. A post that changes id or stops being an event loses its
 * rows; one that becomes an event (or changes id) gets them whole, from `rowsOf` (an INSERT … SELECT of its rows).
 */
function postAndMetaTriggers(wp: WpData, table: string, stem: string, columns: readonly MetaColumn[], rowsOf: (post: string) => string): TriggerSpec[] {
  const name = (suffix: string) => `${wp.prefix}${stem}_${suffix}`;
  const common = { unlessSessionFlag: DEFERRED_FLAG };
  return [
    { ...common, name: name('post_insert'), table: wp.t.posts, event: 'INSERT', when: isEvent('NEW'), statements: [...beforeReplace(wp, `DELETE FROM ${table} WHERE post_id = NEW.ID`), rowsOf('NEW')] },
    {
      ...common,
      name: name('post_update'),
      table: wp.t.posts,
      event: 'UPDATE',
      statements: [
        `DELETE FROM ${table} WHERE post_id = OLD.ID AND (OLD.ID <> NEW.ID OR NOT ${isEvent('NEW')})`,
        `UPDATE ${table} SET post_status = NEW.post_status, post_date = NEW.post_date WHERE post_id = NEW.ID AND OLD.ID = NEW.ID AND ${isEvent('OLD')} AND ${isEvent('NEW')}`,
        ...beforeReplace(wp, `DELETE FROM ${table} WHERE post_id = NEW.ID AND ${isEvent('NEW')} AND (OLD.ID <> NEW.ID OR NOT ${isEvent('OLD')})`),
        `${rowsOf('NEW')} AND ${isEvent('NEW')} AND (OLD.ID <> NEW.ID OR NOT ${isEvent('OLD')})`,
      ],
    },
    { ...common, name: name('post_delete'), table: wp.t.posts, event: 'DELETE', statements: [`DELETE FROM ${table} WHERE post_id = OLD.ID`] },
    { ...common, name: name('meta_insert'), table: wp.t.postmeta, event: 'INSERT', when: indexedKey('NEW', columns), statements: [refreshMetaSql(wp, table, columns, 'NEW.meta_key', 'NEW.post_id')] },
    {
      ...common,
      name: name('meta_update'),
      table: wp.t.postmeta,
      event: 'UPDATE',
      when: `(${indexedKey('OLD', columns)} OR ${indexedKey('NEW', columns)})`,
      statements: [refreshMetaSql(wp, table, columns, 'OLD.meta_key, NEW.meta_key', 'OLD.post_id, NEW.post_id')],
    },
    { ...common, name: name('meta_delete'), table: wp.t.postmeta, event: 'DELETE', when: indexedKey('OLD', columns), statements: [refreshMetaSql(wp, table, columns, 'OLD.meta_key', 'OLD.post_id')] },
  ];
}

/** The six triggers of the event index. */
export function eventIndexTriggers(wp: WpData): TriggerSpec[] {
  const table = eventIndexTable(wp.prefix);
  const rowsOf = (post: string) =>
    `REPLACE INTO ${table} (${EVENT_INDEX_COLUMNS.join(', ')}) SELECT ${eventRowSql(wp, post)} FROM (SELECT 1 AS one) AS one WHERE ${isEvent(post)}`;
  return postAndMetaTriggers(wp, table, EVENT_INDEX_TABLE, META_COLUMNS, rowsOf);
}

/**
 * The nine triggers of the occurrence index: the six of the event index's kind (a post's status, date and type,
 * its flags and venue) and three on the plugin's occurrences table (an occurrence added, moved or removed).
 * An occurrence whose post does not exist or is not an event has no row, as the lists join the post.
 */
export function occurrenceIndexTriggers(wp: WpData): TriggerSpec[] {
  const table = occurrenceIndexTable(wp.prefix);
  const occurrences = tecOccurrencesTable(wp.prefix);
  const rowsOfPost = (post: string) =>
    `REPLACE INTO ${table} (${OCCURRENCE_COLUMNS.join(', ')}) SELECT ${occurrenceRowSql(wp, 'o', post)} FROM ${occurrences} o WHERE o.post_id = ${post}.ID`;
  const rowOfOccurrence = `REPLACE INTO ${table} (${OCCURRENCE_COLUMNS.join(', ')}) SELECT ${occurrenceRowSql(wp, 'NEW', 'p')} FROM ${wp.t.posts} p WHERE p.ID = NEW.post_id AND ${isEvent('p')}`;
  const name = (suffix: string) => `${wp.prefix}${OCCURRENCE_INDEX_TABLE}_${suffix}`;
  const common = { unlessSessionFlag: DEFERRED_FLAG };
  return [
    ...postAndMetaTriggers(wp, table, OCCURRENCE_INDEX_TABLE, FLAG_COLUMNS, rowsOfPost),
    { ...common, name: name('occurrence_insert'), table: occurrences, event: 'INSERT', statements: [...beforeReplace(wp, `DELETE FROM ${table} WHERE occurrence_id = NEW.occurrence_id`), rowOfOccurrence] },
    {
      ...common,
      name: name('occurrence_update'),
      table: occurrences,
      event: 'UPDATE',
      statements: [`DELETE FROM ${table} WHERE occurrence_id = OLD.occurrence_id`, ...beforeReplace(wp, `DELETE FROM ${table} WHERE occurrence_id = NEW.occurrence_id`), rowOfOccurrence],
    },
    { ...common, name: name('occurrence_delete'), table: occurrences, event: 'DELETE', statements: [`DELETE FROM ${table} WHERE occurrence_id = OLD.occurrence_id`] },
  ];
}

import type { Knex } from 'knex';
import type { TriggerSpec } from '../../db/dialect';
import type { WpData } from '../../wp/wp-handle';
import { POST_TYPE } from '../registry/identifiers';
import { eventIndexTable } from './event-index-sql';

/**
 * The event search index on MySQL and MariaDB: `{prefix}calendar_event_trigrams`, one row per event post and
 * distinct three-character substring (trigram) of its title, excerpt or content, kept by three triggers on the
 * posts table. InnoDB has no substring index (FULLTEXT indexes whole words; MariaDB has no n-gram parser), so a
 * search read every post of the window with WordPress's `LIKE '%word%'`; with this table a list reads only the
 * events holding every trigram of a word.
 *
 * Why it never loses a match: MySQL's `LIKE` compares the pattern with the text character by character under the
 * column's collation (`'Café' LIKE '%cafe%'` holds, `'Straße' LIKE '%sse%'` does not). If a word is in a text, each
 * of the word's three-character windows equals, character by character, a window of the text, hence equals it as a
 * string under the same collation — the collation of the trigram column, copied from the posts' text columns. So
 * the events holding the word's trigrams are a superset of those the `LIKE` clauses match, and those clauses stay
 * in the query and decide: the answers are exactly WordPress's. Collation equality is looser than the `LIKE`
 * (ignorable characters, expansions, trailing spaces): that only adds candidates.
 *
 * The windows are taken by SQL, in the triggers and in the bulk writes alike, with the help of
 * `{prefix}calendar_event_trigram_positions`, the numbers 1 to 65,536 (windowsSql).
 *
 * Each row also carries its event's start day (`start_day`, startDaySql), copied from the event index, so that a
 * list narrows a trigram's postings to its window's days as it reads them, and probes the event index only for
 * those (a list's window holds a sixth of the events at 100,000: five probes in six saved). It is a column, not a
 * key: an event's rows stay where its trigrams put them, and a changed start rewrites them in place.
 */

export const EVENT_TRIGRAM_TABLE = 'calendar_event_trigrams';
export const EVENT_TRIGRAM_POSITIONS_TABLE = 'calendar_event_trigram_positions';

export const trigramTable = (prefix: string) => `${prefix}${EVENT_TRIGRAM_TABLE}`;
export const positionsTable = (prefix: string) => `${prefix}${EVENT_TRIGRAM_POSITIONS_TABLE}`;

const TEXT_COLUMNS = ['post_title', 'post_excerpt', 'post_content'] as const;

const isEvent = (post: string) => `${post}.post_type = '${POST_TYPE.event}'`;

/**
 * The collation the trigram column needs: the one the posts' three text columns share, when their character set is
 * utf8mb4 (the service's search terms reach the server as utf8mb4: compared with a column of another character set,
 * the column would be converted and its key unusable). Null when they differ or are of another set: no index then.
 */
export async function trigramCollation(wp: WpData): Promise<{ charset: string; collation: string } | null> {
  const declared = await wp.dialect.columnCollations(wp.knex, wp.t.posts);
  const collations = new Set(TEXT_COLUMNS.map((c) => declared.get(c)));
  const [collation] = [...collations];
  if (collations.size !== 1 || !collation || !/^utf8mb4_/i.test(collation)) return null;
  return { charset: 'utf8mb4', collation };
}

/**
 * The tables, and the numbers of the positions table (16⁴ of them, from four hexadecimal digits). The trigram table
 * is clustered by trigram: a search reads one trigram's postings and probes another's, each a few adjacent pages
 * (clustered by post, the probes would land on random pages of a table ten times the buffer pool at 100,000 events);
 * a trigger finds a post's rows by the post_id key.
 */
export function trigramTablesDdl(prefix: string, text: { charset: string; collation: string }): string[] {
  const digits = `(${Array.from({ length: 16 }, (_, d) => `SELECT ${d} AS d`).join(' UNION ALL ')})`;
  return [
    `CREATE TABLE IF NOT EXISTS \`${trigramTable(prefix)}\` (post_id bigint(20) unsigned NOT NULL, trigram varchar(3) CHARACTER SET ${text.charset} COLLATE ${text.collation} NOT NULL, start_day int unsigned NOT NULL DEFAULT 0, PRIMARY KEY (trigram, post_id), KEY post_id (post_id)) DEFAULT CHARACTER SET ${text.charset} COLLATE ${text.collation}`,
    `CREATE TABLE IF NOT EXISTS \`${positionsTable(prefix)}\` (n int unsigned NOT NULL, PRIMARY KEY (n))`,
    `INSERT IGNORE INTO \`${positionsTable(prefix)}\` (n) SELECT a.d * 4096 + b.d * 256 + c.d * 16 + e.d + 1 FROM ${digits} a CROSS JOIN ${digits} b CROSS JOIN ${digits} c CROSS JOIN ${digits} e`,
  ];
}

export const trigramDropDdl = (prefix: string): string[] => [trigramTable(prefix), positionsTable(prefix)].map((t) => `DROP TABLE IF EXISTS \`${t}\``);

/**
 * The start day of an event index start date (an SQL expression) as the number YYYYMMDD, or 0 when its first ten
 * characters are not ASCII digits and hyphens in that form (or it is null). Why it is sound: a list compares the
 * start date as a string under the column's collation, with bounds of that form; when the first ten characters of
 * both are digits and hyphens at the same places, the first of them that differs is a digit and decides the order,
 * which is that of the two day numbers. So a date ≥ (or >) a bound has a day ≥ the bound's, and likewise below: the
 * rows a list keeps by day hold every event its date conditions can match, and rows of day 0 are always kept.
 */
export function startDaySql(date: string): string {
  return `CASE WHEN CAST(LEFT(${date}, 10) AS BINARY) REGEXP '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN CAST(CONCAT(SUBSTRING(${date}, 1, 4), SUBSTRING(${date}, 6, 2), SUBSTRING(${date}, 9, 2)) AS UNSIGNED) ELSE 0 END`;
}

/** The start day startDaySql gives, for a bound of a list (undefined when it has not that form: no narrowing). */
function startDayOf(date: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return m ? Number(`${m[1]}${m[2]}${m[3]}`) : undefined;
}

/** The start day of the event `post` (an SQL expression of its id), read from the event index: 0 without its row. */
const startDayOfPost = (prefix: string, post: string) =>
  `COALESCE((SELECT ${startDaySql('sx.start_date')} FROM \`${eventIndexTable(prefix)}\` sx WHERE sx.post_id = ${post}), 0)`;

/** Characters per chunk: a window is cut from its chunk (windowsSql says why), 256 starting positions each. */
const CHUNK = 256;

/**
 * The windows (trigrams) of the text `text` (an SQL expression: a column of `NEW` in a trigger), or of the texts
 * of the rows `from` selects, each with its post's id. MariaDB finds the n-th character of a utf8mb4 text by
 * walking it from the start, so cutting every window from the whole text costs the square of its length (seconds for a 10,000-word
 * post). The text is cut into chunks of 258 characters first (one per 256 starting positions, a range of the
 * positions table), kept in a derived table (its LIMIT keeps the planner from merging it back), and each window
 * is cut from its chunk: a text of L characters costs L²/512 + 128·L character steps. Chunks number at most the
 * positions table's 65,536: 16,777,216 characters per column, beyond what MariaDB's default max_allowed_packet
 * (16 MiB) lets a writer send.
 */
function windowsSql(text: string, prefix: string, from?: { id: string; tables: string; where: string; withDay?: boolean }): string {
  const positions = `\`${positionsTable(prefix)}\``;
  const source = from ? `${from.tables} STRAIGHT_JOIN ${positions} h` : `${positions} h`;
  const where = from ? `${from.where} AND ` : '';
  const day = from?.withDay ? `${startDayOfPost(prefix, from.id)} AS start_day, ` : '';
  const carried = from ? `${from.id} AS post_id, ${day}` : '';
  const chunks = `SELECT ${carried}SUBSTRING(${text}, h.n * ${CHUNK} - ${CHUNK - 1}, ${CHUNK + 2}) AS chunk FROM ${source} WHERE ${where}h.n <= (CHAR_LENGTH(${text}) + ${CHUNK - 3}) DIV ${CHUNK} LIMIT 18446744073709551615`;
  return `SELECT ${from ? `c.post_id, ${from.withDay ? 'c.start_day, ' : ''}` : ''}SUBSTRING(c.chunk, k.n, 3) AS trigram FROM (${chunks}) c STRAIGHT_JOIN ${positions} k WHERE k.n <= LEAST(${CHUNK}, CHAR_LENGTH(c.chunk) - 2)`;
}

/**
 * The statement of a trigger that writes the trigrams of the post `NEW` when it is an event, of the start day `day`
 * (an SQL expression). Each trigram once (DISTINCT, under the column's collation, as the key compares them): a
 * duplicate key would make InnoDB lock the gap after it, and two writers of new posts — whose rows all go to the
 * end of the post_id key — would then deadlock on that gap.
 */
function insertNewSql(prefix: string, day: string): string {
  const selects = TEXT_COLUMNS.map((c) => windowsSql(`NEW.${c}`, prefix));
  return `INSERT IGNORE INTO \`${trigramTable(prefix)}\` (post_id, trigram, start_day) SELECT DISTINCT NEW.ID, w.trigram, ${day} FROM (${selects.join(' UNION ALL ')}) w WHERE ${isEvent('NEW')}`;
}

/**
 * The statement of a trigger on the event index that gives the rows of the event `NEW.post_id` the start day of
 * `NEW.start_date`. It finds them by their primary key, each trigram of the post's text (cut again from the posts
 * table), never by a range of the post_id key: such a range locks the gap after the post's rows, which the rows of
 * every post created after it go into, and plain-SQL writers creating events at once would deadlock on it.
 */
function startDayOfNewSql(wp: WpData): string {
  const selects = TEXT_COLUMNS.map((c) => windowsSql(`p.${c}`, wp.prefix, { id: 'p.ID', tables: `${wp.t.posts} p`, where: 'p.ID = NEW.post_id' }));
  const trigrams = `(SELECT DISTINCT w.trigram FROM (${selects.join(' UNION ALL ')}) w)`;
  return `UPDATE ${trigrams} d STRAIGHT_JOIN \`${trigramTable(wp.prefix)}\` t FORCE INDEX (PRIMARY) ON t.trigram = d.trigram AND t.post_id = NEW.post_id SET t.start_day = ${startDaySql('NEW.start_date')}`;
}

/** The statements that write the trigram rows of the events `where` (on `p.ID`) selects: one per column. */
function insertPostsSql(wp: WpData, where: string): string[] {
  return TEXT_COLUMNS.map(
    (c) => `INSERT IGNORE INTO \`${trigramTable(wp.prefix)}\` (post_id, start_day, trigram) ${windowsSql(`p.${c}`, wp.prefix, { id: 'p.ID', tables: `${wp.t.posts} p`, where: `${isEvent('p')} AND (${where})`, withDay: true })}`,
  );
}

/**
 * The five triggers (`names`: on the posts insert, update, delete; on the event index insert, update), idle while a
 * bulk writer's session sets `flag`. On the posts: an event's rows are written when it is created (of day 0: a new
 * post has no start yet), written again when its text, type or id changes (of the day its event index row holds),
 * and go with the post. On the event index: the rows take the event's start day when its row is written with a
 * start or its start moves to another day (the event index's own triggers on the posts and postmeta write that row
 * in the same statement, so every writer of an event's start keeps the day exact). A row's day is therefore its
 * event's or 0, which every list reads.
 */
export function trigramTriggers(wp: WpData, names: readonly string[], flag: string): TriggerSpec[] {
  const table = `\`${trigramTable(wp.prefix)}\``;
  const index = eventIndexTable(wp.prefix);
  const [insert, update, del, indexInsert, indexUpdate] = names;
  // Compared as bytes: a change of case or accent leaves the text equal under the collation, not its trigrams.
  const changed = ['ID', 'post_type', ...TEXT_COLUMNS].map((c) => `NOT (BINARY OLD.${c} <=> BINARY NEW.${c})`).join(' OR ');
  return [
    // A new post has no rows yet: no DELETE, whose search past the last post_id would lock the gap every concurrent
    // insert of a post needs (rows left by a post of the same id deleted while the triggers were idle only add
    // candidates, which the LIKE clauses drop). Nor a read of its event index row, which may not be written yet: its
    // trigger gives the rows their day when it is.
    { name: insert!, table: wp.t.posts, event: 'INSERT', unlessSessionFlag: flag, when: isEvent('NEW'), statements: [insertNewSql(wp.prefix, '0')] },
    // A status or date change leaves the text as it is: nothing to do.
    {
      name: update!,
      table: wp.t.posts,
      event: 'UPDATE',
      unlessSessionFlag: flag,
      when: `(${isEvent('OLD')} OR ${isEvent('NEW')}) AND (${changed})`,
      statements: [`DELETE FROM ${table} WHERE post_id = OLD.ID`, `DELETE FROM ${table} WHERE post_id = NEW.ID`, insertNewSql(wp.prefix, startDayOfPost(wp.prefix, 'NEW.ID'))],
    },
    { name: del!, table: wp.t.posts, event: 'DELETE', unlessSessionFlag: flag, when: isEvent('OLD'), statements: [`DELETE FROM ${table} WHERE post_id = OLD.ID`] },
    // An event index row written with a start (REPLACE fires this too), or moved to another day: a start time changed
    // within its day, a status or a flag leave the rows as they are.
    { name: indexInsert!, table: index, event: 'INSERT', unlessSessionFlag: flag, when: `${startDaySql('NEW.start_date')} <> 0`, statements: [startDayOfNewSql(wp)] },
    {
      name: indexUpdate!,
      table: index,
      event: 'UPDATE',
      unlessSessionFlag: flag,
      when: `OLD.post_id <> NEW.post_id OR ${startDaySql('OLD.start_date')} <> ${startDaySql('NEW.start_date')}`,
      statements: [startDayOfNewSql(wp)],
    },
  ];
}

/** Posts per transaction of a rebuild: each range's rows are deleted and written again in one transaction. */
const REBUILD_RANGE = 2_000;

/**
 * Rewrites the trigram rows of every event from the posts, a range of ids per transaction, so that a list reading
 * the table meanwhile finds every event's rows, the old ones or the new ones; and removes those of posts that are
 * no longer events or no longer there.
 */
export async function rebuildTrigramRows(wp: WpData): Promise<void> {
  const [{ top }] = (await wp.knex(wp.t.posts).max({ top: 'ID' })) as [{ top: number | null }];
  const table = `\`${trigramTable(wp.prefix)}\``;
  for (let first = 0; first <= Number(top ?? 0); first += REBUILD_RANGE) {
    const last = first + REBUILD_RANGE - 1;
    await wp.knex.transaction(async (trx) => {
      await trx.raw(`DELETE FROM ${table} WHERE post_id BETWEEN ${first} AND ${last}`);
      for (const sql of insertPostsSql(wp, `p.ID BETWEEN ${first} AND ${last}`)) await trx.raw(sql);
    });
  }
  // Each range's rows were deleted whatever their post, and written again for its events only; rows of ids beyond
  // the last post (posts deleted while the triggers were gone) go too, by the post_id key.
  await wp.knex.raw(`DELETE FROM ${table} WHERE post_id > ${Number(top ?? 0)}`);
}

/** What the triggers would have written for the posts `where` selects (on `post_id`, then on `p.ID`). */
export function trigramRowsSql(wp: WpData, where: (column: string) => string): string[] {
  return [`DELETE FROM \`${trigramTable(wp.prefix)}\` WHERE ${where('post_id')}`, ...insertPostsSql(wp, where('p.ID'))];
}

/** Trigrams per list: each one more semi-join for the planner; any of a word's trigrams narrow soundly. */
const MAX_TRIGRAMS = 6;
const MAX_PER_WORD = 3;

/**
 * The trigrams a list looks up for the words it requires (the caller picks them: three characters or more, not
 * excluded): up to three of each word, spread over it (its first and last, and one between), six in all. Any of a
 * word's trigrams narrow soundly; spread ones overlap least, so they narrow most.
 */
export function lookupTrigrams(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const word of words) {
    const chars = [...word];
    const count = chars.length - 2;
    const starts = [...new Set([0, Math.floor((count - 1) / 2), count - 1])].slice(0, MAX_PER_WORD);
    for (const start of starts) if (out.size < MAX_TRIGRAMS) out.add(chars.slice(start, start + 3).join(''));
  }
  return [...out];
}

/** Bounds of the local start dates a list compares (wall clocks `YYYY-MM-DD hh:mm:ss`), either side optional. */
export interface StartDays {
  from?: string;
  to?: string;
}

/**
 * Narrows `query` to the events holding every trigram of `trigrams` (their ids in `idColumn`), and of those to the
 * ones whose start day lies within `startDays` (or is unknown: day 0), which the query's own date conditions imply.
 */
export function narrowByTrigrams(wp: WpData, query: Knex.QueryBuilder, idColumn: string, trigrams: readonly string[], startDays: StartDays = {}): void {
  const from = startDays.from === undefined ? undefined : startDayOf(startDays.from);
  const to = startDays.to === undefined ? undefined : startDayOf(startDays.to);
  const days = [...(from === undefined ? [] : [`tg.start_day >= ${from}`]), ...(to === undefined ? [] : [`tg.start_day <= ${to}`])];
  const inDays = days.length > 0 ? ` AND (tg.start_day = 0 OR (${days.join(' AND ')}))` : '';
  for (const trigram of trigrams) query.whereRaw(`?? IN (SELECT tg.post_id FROM ?? tg WHERE tg.trigram = ?${inDays})`, [idColumn, trigramTable(wp.prefix), trigram]);
}

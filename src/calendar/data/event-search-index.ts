import type { Knex } from 'knex';
import type { TriggerSpec } from '../../db/dialect';
import { searchTerms } from '../../wp/search';
import type { WpData } from '../../wp/wp-handle';
import { EVENT_SEARCH_INDEX_OPTION, EVENT_SEARCH_INDEX_VERSION, POST_TYPE } from '../registry/identifiers';
import { DEFERRED_FLAG } from './event-index-sql';
import { lookupTrigrams, narrowByTrigrams, type StartDays, rebuildTrigramRows, trigramCollation, trigramDropDdl, trigramRowsSql, trigramTable, trigramTablesDdl, trigramTriggers } from './event-search-trigrams';

/**
 * The event search index (SQLite): an FTS5 table with the trigram tokenizer over the title, excerpt and content of
 * every event post, kept by triggers on the posts table like the event index. WordPress searches with
 * `LIKE '%word%'` on those three columns (WP_Query::parse_search); a trigram phrase query finds every post holding
 * the word as a substring, compared with Unicode case folding — a superset of what SQLite's LIKE (ASCII case
 * folding only) matches. The lists use it to narrow the candidates, then apply WordPress's LIKE clauses
 * unchanged, so the matches are exactly WordPress's. It is part of the event index on SQLite: installed and dropped
 * with it, marked complete by its own option (written last, removed first).
 *
 * MySQL and MariaDB have no substring index (InnoDB's FULLTEXT indexes words; MariaDB has no n-gram parser): there
 * the index is a table of trigrams kept by the same three triggers (event-search-trigrams.ts), read the same way —
 * it narrows the candidates, WordPress's LIKE clauses decide.
 */

const EVENT_SEARCH_TABLE = 'calendar_event_search';

const eventSearchTable = (prefix: string) => `${prefix}${EVENT_SEARCH_TABLE}`;

/** SQLite's three triggers on the posts; MySQL's trigram table has two more, on the event index (start days). */
const ON_POSTS = ['insert', 'update', 'delete'];
const ON_INDEX = ['index_insert', 'index_update'];
const searchTriggerName = (prefix: string) => (suffix: string) => `${prefix}calendar_event_search_${suffix}`;
const eventSearchTriggerNames = (prefix: string, engine: 'sqlite' | 'mysql'): string[] =>
  [...ON_POSTS, ...(engine === 'mysql' ? ON_INDEX : [])].map(searchTriggerName(prefix));

const onSqlite = (wp: WpData) => wp.dialect.name === 'sqlite';
const engineOf = (wp: WpData) => (onSqlite(wp) ? 'sqlite' : 'mysql');

/** The table the search index keeps its entries in: the FTS5 table on SQLite, the trigram table on MySQL. */
export const searchIndexTable = (wp: WpData): string => (onSqlite(wp) ? eventSearchTable(wp.prefix) : trigramTable(wp.prefix));

const isEvent = (post: string) => `${post}.post_type = '${POST_TYPE.event}'`;

/**
 * An FTS5 table that keeps its own copy of the text (the events' title, excerpt and content: their size again), so
 * that the triggers delete a post's entries by rowid (the post id) on any SQLite with the trigram tokenizer (3.34
 * on). A contentless table would need `contentless_delete` (SQLite 3.43), and every other program writing the
 * database (Debian 12's sqlite3 shell and Python, PHP's pdo_sqlite under WordPress, all 3.40) would fail on its
 * triggers; an external-content one would need the old text exactly, which a write by such a program can change.
 */
const createTableSql = (prefix: string) => `CREATE VIRTUAL TABLE "${eventSearchTable(prefix)}" USING fts5(post_title, post_excerpt, post_content, tokenize='trigram')`;

function triggers(wp: WpData): TriggerSpec[] {
  const table = eventSearchTable(wp.prefix);
  const [insert, update, del] = eventSearchTriggerNames(wp.prefix, 'sqlite');
  const insertNew = `INSERT INTO "${table}" (rowid, post_title, post_excerpt, post_content) SELECT NEW.ID, NEW.post_title, NEW.post_excerpt, NEW.post_content WHERE ${isEvent('NEW')}`;
  const deleteOld = `DELETE FROM "${table}" WHERE rowid = OLD.ID`;
  const changed = ['ID', 'post_type', 'post_title', 'post_excerpt', 'post_content'].map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  return [
    { name: insert!, table: wp.t.posts, event: 'INSERT', when: isEvent('NEW'), statements: [`DELETE FROM "${table}" WHERE rowid = NEW.ID`, insertNew] },
    // A status or date change leaves the text as it is: nothing to do.
    { name: update!, table: wp.t.posts, event: 'UPDATE', when: `(${isEvent('OLD')} OR ${isEvent('NEW')}) AND (${changed})`, statements: [deleteOld, `DELETE FROM "${table}" WHERE rowid = NEW.ID`, insertNew] },
    { name: del!, table: wp.t.posts, event: 'DELETE', when: isEvent('OLD'), statements: [deleteOld] },
  ];
}

export interface SearchIndexState {
  /**
   * The site can have it: always on SQLite; on MySQL when the posts' text columns share one utf8mb4 collation
   * (event-search-trigrams.ts: trigramCollation).
   */
  supported: boolean;
  table: boolean;
  triggers: string[];
  complete: boolean;
}

export async function searchIndexState(wp: WpData, presentTriggers: ReadonlySet<string>): Promise<SearchIndexState> {
  const table = await wp.dialect.tableExists(wp.knex, searchIndexTable(wp));
  const supported = onSqlite(wp) || (await wp.dialect.tableExists(wp.knex, wp.t.posts) && (await trigramCollation(wp)) !== null);
  const mark = await wp.knex(wp.t.options).select('option_value').where('option_name', EVENT_SEARCH_INDEX_OPTION).first();
  return { supported, table, triggers: eventSearchTriggerNames(wp.prefix, engineOf(wp)).filter((t) => presentTriggers.has(t.toLowerCase())), complete: mark?.option_value === EVENT_SEARCH_INDEX_VERSION };
}

/** Nothing to install: the site cannot have the index, or has its table, every trigger and the mark. */
export const searchIndexWhole = (wp: WpData, s: SearchIndexState): boolean =>
  !s.supported || (s.table && s.complete && s.triggers.length === eventSearchTriggerNames(wp.prefix, engineOf(wp)).length);

/**
 * The DDL an install runs for what is missing (the table, then the triggers), in order. A table not marked complete
 * of this version (an earlier version's, or an interrupted install) is dropped with its triggers and made again:
 * its rows are rebuilt from the posts anyway. `indexMade`: the install made the event index table again, which took
 * the triggers on it (MySQL's start-day triggers) along.
 */
export async function searchIndexDdl(wp: WpData, before: SearchIndexState, indexMade = false): Promise<string[]> {
  const remake = !before.complete && before.table;
  const onIndex = new Set(onSqlite(wp) ? [] : ON_INDEX.map(searchTriggerName(wp.prefix)));
  const present = new Set(remake ? [] : before.triggers.filter((t) => !(indexMade && onIndex.has(t))));
  const text = onSqlite(wp) ? null : await trigramCollation(wp);
  if (!onSqlite(wp) && text === null) return [];
  const tables = text === null ? [createTableSql(wp.prefix)] : trigramTablesDdl(wp.prefix, text);
  const specs = onSqlite(wp) ? triggers(wp) : trigramTriggers(wp, eventSearchTriggerNames(wp.prefix, 'mysql'), DEFERRED_FLAG);
  return [
    ...(remake ? searchIndexDropDdl(wp, before) : []),
    ...(before.table && !remake ? [] : tables),
    ...specs.filter((t) => !present.has(t.name)).map((t) => wp.dialect.createTriggerSql(t)),
  ];
}

/** Rewrites the index from the event posts: what the triggers would have written for rows older than them. */
export async function rebuildSearchRows(wp: WpData): Promise<void> {
  if (!onSqlite(wp)) return rebuildTrigramRows(wp);
  const table = eventSearchTable(wp.prefix);
  await wp.knex.raw(`DELETE FROM "${table}"`);
  await wp.knex.raw(`INSERT INTO "${table}" (rowid, post_title, post_excerpt, post_content) SELECT p.ID, p.post_title, p.post_excerpt, p.post_content FROM ${wp.t.posts} p WHERE ${isEvent('p')}`);
}

/**
 * Rewrites the entries of the posts matching `where` (on `p.ID`, and on `rowid` for the entries): what the triggers
 * would have written for a bulk writer that let them idle (src/calendar/data/event-index-bulk.ts).
 */
export function searchRowsSql(wp: WpData, where: (column: string) => string): string[] {
  if (!onSqlite(wp)) return trigramRowsSql(wp, where);
  const table = eventSearchTable(wp.prefix);
  return [
    `DELETE FROM "${table}" WHERE ${where('rowid')}`,
    `INSERT INTO "${table}" (rowid, post_title, post_excerpt, post_content) SELECT p.ID, p.post_title, p.post_excerpt, p.post_content FROM ${wp.t.posts} p WHERE ${isEvent('p')} AND (${where('p.ID')})`,
  ];
}

/** The DDL of a drop: triggers, then the table (on MySQL the trigram table and its positions, whichever exist). */
export function searchIndexDropDdl(wp: WpData, before: SearchIndexState): string[] {
  const quote = (name: string) => (onSqlite(wp) ? `"${name}"` : `\`${name}\``);
  const tables = onSqlite(wp) ? (before.table ? [`DROP TABLE IF EXISTS "${eventSearchTable(wp.prefix)}"`] : []) : trigramDropDdl(wp.prefix);
  return [...before.triggers.map((name) => `DROP TRIGGER IF EXISTS ${quote(name)}`), ...tables];
}

/** An FTS5 phrase: the text in double quotes, its own double quotes doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * Narrows `query` (whose event ids are `idColumn`) to the events the search index finds for each word WordPress
 * requires; the caller keeps WordPress's LIKE clauses, which decide. Words of fewer than three characters have no
 * trigram and excluded words (`-word`) cannot narrow: both are left to the LIKE clauses alone. `startDays`: the
 * bounds the query itself puts on the event index's local start date, which the trigram table (MySQL) applies to
 * the postings it reads (event-search-trigrams.ts: startDaySql).
 */
export function narrowBySearchIndex(wp: WpData, query: Knex.QueryBuilder, idColumn: string, text: string, startDays: StartDays = {}): void {
  const words = searchTerms(text).filter((term) => !term.exclude && [...term.text].length >= 3);
  if (!onSqlite(wp)) return narrowByTrigrams(wp, query, idColumn, lookupTrigrams(words.map((w) => w.text)), startDays);
  for (const term of words) {
    const table = eventSearchTable(wp.prefix);
    // The unary `+` keeps SQLite from driving the query from the matches (probing the index by id, then sorting
    // them all): the window's key range stays the loop and the matches a set it probes, so a page still stops
    // after its last row, and a count reads the window once.
    query.whereRaw(`+?? IN (SELECT rowid FROM "${table}" WHERE "${table}" MATCH ?)`, [idColumn, phrase(term.text)]);
  }
}

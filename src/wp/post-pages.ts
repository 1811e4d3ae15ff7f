import type { Knex } from 'knex';
import { sqlCount } from '../db/sql-count';
import { POSTS_COLUMNS, type PostColumns, type StatusFilter } from './post-query';
import type { WpData } from './wp-handle';

/**
 * The orders, pages and totals of the posts a filter matches (post-query.ts): a page of ids in order, and its
 * total, each its own statement; or every match at once where the matching is the whole cost.
 */

export interface PageOfIds {
  ids: number[];
  /** Matching posts ignoring paging. */
  total: number;
}

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  /** An expression to order by instead of the column (its bindings with it). */
  raw?: { sql: string; bindings: readonly (string | number)[] };
}

/** ORDER BY FIELD(column, values…) in either dialect: the values' own order, the others last. */
export function fieldOrder(column: string, values: ReadonlyArray<string | number>): OrderTerm {
  const sql = `CASE ${values.map((_, i) => `WHEN ?? = ? THEN ${i}`).join(' ')} ELSE ${values.length} END`;
  return { column, direction: 'asc', raw: { sql, bindings: values.flatMap((v) => [column, v]) } };
}

/** Ordered by the first value of a meta key (a post without one first, as a LEFT JOIN's NULL sorts). */
export function metaOrder(wp: WpData, key: string, direction: 'asc' | 'desc', id = 'p.ID'): OrderTerm {
  const sql = `(SELECT MIN(om.meta_value) FROM ?? AS om WHERE om.post_id = ?? AND om.meta_key = ?)`;
  return { column: key, direction, raw: { sql, bindings: [wp.t.postmeta, id, key] } };
}

/**
 * WP_Query's default order, `post_date DESC` and nothing else. Posts of the same second (a bulk import, several
 * writes in one request) then come back in whatever order the database's plan and sort leave them, and that order
 * is what the site shows. On MySQL/MariaDB the query leaves the ties to the engine as WordPress does: the same
 * query on the same rows gets the same plan, hence the same order, page for page (pages of one status walk the
 * type/status/date index backwards; several statuses are sorted, and a page cut inside a same-second group can
 * repeat or skip some of its posts, as on the site). On SQLite the ties follow what MariaDB gives when nothing cuts
 * or reshuffles them: one status by id descending (the index read backwards), several by status then id (the
 * index read forwards, sorted on the date alone).
 */
export function newestFirst(wp: WpData, status: StatusFilter, columns: PostColumns = POSTS_COLUMNS): OrderTerm[] {
  const byDate: OrderTerm = { column: 'p.post_date', direction: 'desc' };
  if (wp.dialect.tiesAsWordPressShowsThem) return [byDate];
  if ('in' in status && status.in.length === 1) return [byDate, { column: columns.id, direction: 'desc' }];
  return [byDate, { column: columns.status, direction: 'asc' }, { column: columns.id, direction: 'asc' }];
}

/**
 * What a total counts: the rows of a query, or its distinct values of a column (a query that may give a post
 * more than once, such as one row per term of the post).
 */
export interface CountOf {
  query: Knex.QueryBuilder;
  distinct?: string;
  /** The change stamp read before the count (WpData.changeStamp): the total is kept under it until the next commit. */
  stamp?: Promise<string | undefined>;
  /** Counts the same rows another way (from kept counts), or says it cannot (undefined): the query counts them then. The query still names the total in the cache. */
  fromCounts?: () => Promise<number | undefined>;
}

/** A page of ids and its total, each settled when its own statement answers. */
export interface PendingPage {
  ids: Promise<number[]>;
  total: Promise<number>;
}

/**
 * The page of ids in the given order, and the total, as two statements: an ordered LIMIT can stop after its last
 * row when an index gives the order, and a count can read an index alone, where one statement with
 * `COUNT(*) OVER ()` would have to find and sort every match first (and window functions need MySQL 8). The total
 * may be counted by another query giving the same posts (`counted`), when another index counts them faster.
 * Both are sent at once and each promise settles on its own: a caller can load the page's posts while a count of
 * many matches still runs (on a pooled engine, the count's time then hides behind the loading's).
 */
function pendingPageOfIds(wp: WpData, matching: Knex.QueryBuilder, order: readonly OrderTerm[], limit: number, offset: number, idColumn = 'p.ID', counted: CountOf = { query: matching }): PendingPage {
  const page = orderedIds(matching, order, idColumn).limit(sqlCount(limit)).offset(sqlCount(offset));
  return { ids: idsOf(page), total: countTotal(wp, counted) };
}

/**
 * Every match's id in order, read once: the page is cut from them and the total is their number. For a list whose
 * matching is its whole cost (a search narrowed by a text index: no ordered LIMIT stops early there, and a count
 * would do the same work again).
 */
function pendingWholeList(matching: Knex.QueryBuilder, order: readonly OrderTerm[], limit: number, offset: number, idColumn: string): PendingPage {
  const all = idsOf(orderedIds(matching, order, idColumn));
  return { ids: all.then((ids) => ids.slice(offset, offset + limit)), total: all.then((ids) => ids.length) };
}

function orderedIds(matching: Knex.QueryBuilder, order: readonly OrderTerm[], idColumn: string): Knex.QueryBuilder {
  const query = matching.clone().clearSelect().select({ ID: idColumn });
  for (const o of order) {
    if (o.raw) query.orderByRaw(`${o.raw.sql} ${o.direction}`, [...o.raw.bindings]);
    else query.orderBy(o.column, o.direction);
  }
  return query;
}

const idsOf = (query: Knex.QueryBuilder): Promise<number[]> => (query as Promise<Array<{ ID: number | string }>>).then((rows) => rows.map((r) => Number(r.ID)));

/**
 * The page of ids of the union of queries, each read in the order of its own index range: the first
 * `offset + limit` of each, merged in the same order. For a list over several ranges of one key (events shown and
 * hidden from listings, side by side in the key; the terms of a category and its children) that one ordered read
 * cannot walk: the database would find and sort every match first. Order terms are columns (no raw expressions);
 * the total is counted as pendingPageOfIds does. `overlapping`: a row may be in several branches (an event of two of
 * the terms), with the same id and order values in each, and is listed once: each of the first `offset + limit`
 * distinct rows is among the first `offset + limit` of its own branch, as every row before it there is before it
 * in the union too.
 */
function pendingMergedPage(wp: WpData, branches: readonly Knex.QueryBuilder[], order: readonly OrderTerm[], limit: number, offset: number, idColumn: string, counted: CountOf, overlapping = false): PendingPage {
  const keys = order.map((_, i) => `o${i}`);
  const parts = branches.map((branch, b) => {
    const first = branch.clone().clearSelect().select({ ID: idColumn, ...Object.fromEntries(order.map((o, i) => [keys[i], o.column])) });
    for (const o of order) first.orderBy(o.column, o.direction);
    // SQLite takes no ORDER BY or LIMIT inside a compound select but in a subquery: each branch is one.
    return wp.knex.select('*').from(first.limit(sqlCount(offset + limit)).as(`b${b}`));
  });
  const union = parts.length < 2 ? parts[0]! : overlapping ? parts[0]!.union(parts.slice(1)) : parts[0]!.unionAll(parts.slice(1));
  const page = wp.knex.select('m.ID').from(union.as('m'));
  order.forEach((o, i) => page.orderBy(`m.${keys[i]}`, o.direction));
  page.limit(sqlCount(limit)).offset(sqlCount(offset));
  return { ids: idsOf(page), total: countTotal(wp, counted) };
}

/**
 * How a page is read: an ordered LIMIT on one query (pendingPageOfIds), every match of one query at once
 * (pendingWholeList), or the union of several queries' first rows merged (pendingMergedPage). The total counts
 * `counted`, by default the first query's matches.
 */
export interface PageRead {
  kind: 'ordered' | 'whole' | 'merged';
  queries: readonly Knex.QueryBuilder[];
  order: readonly OrderTerm[];
  limit: number;
  offset: number;
  idColumn: string;
  counted?: CountOf;
  /** Merged queries may give the same row (pendingMergedPage). */
  overlapping?: boolean;
}

export function pendingPage(wp: WpData, read: PageRead): PendingPage {
  const { queries, order, limit, offset, idColumn } = read;
  if (read.kind === 'whole') return pendingWholeList(queries[0]!, order, limit, offset, idColumn);
  const counted = read.counted ?? { query: queries[0]! };
  if (read.kind === 'merged') return pendingMergedPage(wp, queries, order, limit, offset, idColumn, counted, read.overlapping);
  return pendingPageOfIds(wp, queries[0]!, order, limit, offset, idColumn, counted);
}

/** The page of ids and the total (pendingPageOfIds), both settled. */
export async function pageOfIds(wp: WpData, matching: Knex.QueryBuilder, order: readonly OrderTerm[], limit: number, offset: number, idColumn = 'p.ID', counted: CountOf = { query: matching }): Promise<PageOfIds> {
  const pending = pendingPageOfIds(wp, matching, order, limit, offset, idColumn, counted);
  const [ids, total] = await Promise.all([pending.ids, pending.total]);
  return { ids, total };
}

/** The total of a page: kept until the next commit when the caller read the change stamp (CountOf.stamp). */
function countTotal(wp: WpData, counted: CountOf): Promise<number> {
  const statement = countStatement(wp, { total: counted });
  const byQuery = () => countsOf(statement, ['total']).then((counts) => counts.total!);
  const fromCounts = counted.fromCounts;
  const run = fromCounts ? () => fromCounts().then((total) => total ?? byQuery()) : byQuery;
  const cache = wp.counts;
  if (!counted.stamp || !cache) return run();
  const { sql, bindings } = statement.toSQL();
  return counted.stamp.then((stamp) => cache.through(stamp, `${sql}\u0000${JSON.stringify(bindings)}`, run));
}

/** Counts of several queries in one statement. */
export function countMatching(wp: WpData, queries: Record<string, Knex.QueryBuilder | CountOf>): Promise<Record<string, number>> {
  return countsOf(countStatement(wp, queries), Object.keys(queries));
}

/** The one statement that counts each query, as a column named after it. */
function countStatement(wp: WpData, queries: Record<string, Knex.QueryBuilder | CountOf>): Knex.QueryBuilder {
  const selects = Object.entries(queries).map(([name, q]) => {
    const { query, distinct }: CountOf = 'clone' in q ? { query: q } : q;
    const base = query.clone().clearSelect().clearOrder();
    return (distinct === undefined ? base.count({ n: '*' }) : base.countDistinct({ n: distinct })).as(name);
  });
  return wp.knex.select(selects);
}

async function countsOf(statement: Knex.QueryBuilder, names: readonly string[]): Promise<Record<string, number>> {
  const row = (await statement.first()) as Record<string, number | string>;
  return Object.fromEntries(names.map((name) => [name, Number(row[name])]));
}

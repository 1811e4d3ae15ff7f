import { sqlCount } from '../db/sql-count';
import type { Knex } from 'knex';
import { escLike, searchTerms } from './search';
import type { WpData } from './wp-handle';

/**
 * A generic WP_Query in SQL: the posts of one type matching status, id, parent, search, taxonomy and meta
 * clauses, built on the alias `p` so callers can join what their post type needs (or on the columns of a
 * table that mirrors the posts); and the page of ids with the total.
 */

export type StatusFilter = { in: readonly string[] } | { notIn: readonly string[] };

export interface PostFilter {
  /** One post type, or several (wp/v2's search). */
  postType: string | readonly string[];
  status: StatusFilter;
  /** post__in. */
  ids?: readonly number[];
  parent?: number;
  /** post_parent__in, post_parent__not_in. */
  parents?: readonly number[];
  parentsNotIn?: readonly number[];
  /** post_mime_type: each a whole type (`image/png`) or its first part (`image`, any subtype). */
  mimeTypes?: readonly string[];
  /** post__not_in. */
  idsNotIn?: readonly number[];
  /** author__in, author__not_in. */
  authors?: readonly number[];
  authorsNotIn?: readonly number[];
  /** post_name__in. */
  slugs?: readonly string[];
  /** date_query clauses, strict comparisons on a date column in the site's time. */
  dates?: ReadonlyArray<{ column: 'post_date' | 'post_modified'; after?: string; before?: string }>;
  /**
   * WordPress core search on title, excerpt and content (or the `columns` chosen); `exact`: each term matches a whole
   * value (no wildcards); anonymous searches skip password-protected posts.
   */
  search?: { text: string; excludeProtected: boolean; columns?: readonly string[]; exact?: boolean };
  /** Each list is one `IN` tax clause (term_taxonomy ids); the clauses are ANDed. */
  termTaxonomyIds?: ReadonlyArray<readonly number[]>;
  /** A tax_query: clauses on term_taxonomy ids joined by the relation (WP_Tax_Query). */
  taxQuery?: TaxQuery;
  /** A meta row of the key whose value equals, as a number, one of the values. */
  metaNumericIn?: ReadonlyArray<{ key: string; values: readonly number[] }>;
  /** A meta row of the key exists (or does not). */
  metaExists?: ReadonlyArray<{ key: string; exists: boolean }>;
}

/** One tax_query clause: any of the terms (IN), none of them (NOT IN), or all of them (AND). */
export interface TaxClause {
  ttIds: readonly number[];
  operator: 'IN' | 'NOT IN' | 'AND';
}

export interface TaxQuery {
  relation: 'AND' | 'OR';
  clauses: readonly TaxClause[];
}

export interface PageOfIds {
  ids: number[];
  /** Matching posts ignoring paging. */
  total: number;
}

/** Where the filter finds the post's id, status and type: the posts table `p`, or a table mirroring it (no type). */
export interface PostColumns {
  id: string;
  status: string;
  type: string | null;
}

export const POSTS_COLUMNS: PostColumns = { id: 'p.ID', status: 'p.post_status', type: 'p.post_type' };

export function whereStatus(query: Knex.QueryBuilder, column: string, status: StatusFilter): Knex.QueryBuilder {
  return 'in' in status ? query.whereIn(column, [...status.in]) : query.whereNotIn(column, [...status.notIn]);
}

/** Post ids holding a meta row of the key: a subquery the database evaluates once. */
export function idsWithMeta(wp: WpData, key: string): Knex.QueryBuilder {
  return wp.knex({ mk: wp.t.postmeta }).select('mk.post_id').where('mk.meta_key', key);
}

/** Ids stored as meta values of the key (linked posts), as numbers; rows without a value are left out. */
export function idsInMetaValues(wp: WpData, key: string): Knex.QueryBuilder {
  return wp.knex({ mv: wp.t.postmeta }).select(wp.dialect.castInteger(wp.knex, 'mv.meta_value')).where('mv.meta_key', key).whereNotNull('mv.meta_value');
}

const SEARCH_COLUMNS = ['post_title', 'post_excerpt', 'post_content'];

function whereSearch(wp: WpData, query: Knex.QueryBuilder, search: NonNullable<PostFilter['search']>): void {
  const columns = SEARCH_COLUMNS.filter((c) => !search.columns || search.columns.length === 0 || search.columns.includes(c)).map((c) => `p.${c}`);
  const terms = searchTerms(search.text);
  for (const term of terms) {
    // An exact search (`exact`) matches whole column values, without wildcards.
    const pattern = search.exact ? escLike(term.text) : `%${escLike(term.text)}%`;
    query.where((q) => {
      for (const column of columns) {
        const clause = wp.dialect.like(wp.knex, column, pattern, term.exclude);
        // A term must match one of the columns; an excluded term must match none of them.
        if (term.exclude) q.andWhere(clause);
        else q.orWhere(clause);
      }
    });
  }
  if (search.excludeProtected) query.where('p.post_password', '');
}

/** WP_Tax_Query's SQL: each clause a subquery on the relationships, the clauses joined by the relation. */
function whereTaxQuery(wp: WpData, query: Knex.QueryBuilder, tax: TaxQuery, id: string): void {
  const related = (ttIds: readonly number[]) => wp.knex({ tq: wp.t.term_relationships }).select('tq.object_id').whereIn('tq.term_taxonomy_id', ttIds.length > 0 ? [...ttIds] : [0]);
  query.where((outer) => {
    for (const clause of tax.clauses) {
      const add = (q: Knex.QueryBuilder) => {
        if (clause.operator === 'NOT IN') {
          if (clause.ttIds.length > 0) q.whereNotIn(id, related(clause.ttIds));
          else q.whereRaw('1 = 1');
        } else if (clause.operator === 'AND' && clause.ttIds.length > 0) {
          for (const ttId of clause.ttIds) q.whereIn(id, related([ttId]));
        } else {
          q.whereIn(id, related(clause.ttIds));
        }
      };
      if (tax.relation === 'OR') outer.orWhere(add);
      else outer.andWhere(add);
    }
  });
}

/**
 * The filter's clauses on the posts aliased `p` in `query` (a query on the posts table, or joining it); id, status
 * and type may be read from other columns, and `p` is then needed only for the parent and the search.
 */
export function wherePostMatches(wp: WpData, query: Knex.QueryBuilder, filter: PostFilter, columns: PostColumns = POSTS_COLUMNS): Knex.QueryBuilder {
  const id = columns.id;
  if (columns.type !== null) {
    if (typeof filter.postType === 'string') query.where(columns.type, filter.postType);
    else query.whereIn(columns.type, [...filter.postType]);
  }
  whereStatus(query, columns.status, filter.status);
  if (filter.ids) query.whereIn(id, filter.ids.length > 0 ? [...filter.ids] : [0]);
  if (filter.idsNotIn && filter.idsNotIn.length > 0) query.whereNotIn(id, [...filter.idsNotIn]);
  if (filter.authors && filter.authors.length > 0) query.whereIn('p.post_author', [...filter.authors]);
  if (filter.authorsNotIn && filter.authorsNotIn.length > 0) query.whereNotIn('p.post_author', [...filter.authorsNotIn]);
  if (filter.slugs && filter.slugs.length > 0) query.whereIn('p.post_name', [...filter.slugs]);
  for (const { column, after, before } of filter.dates ?? []) {
    if (after !== undefined) query.where(`p.${column}`, '>', after);
    if (before !== undefined) query.where(`p.${column}`, '<', before);
  }
  if (filter.parent !== undefined) query.where('p.post_parent', filter.parent);
  if (filter.parents && filter.parents.length > 0) query.whereIn('p.post_parent', [...filter.parents]);
  if (filter.parentsNotIn && filter.parentsNotIn.length > 0) query.whereNotIn('p.post_parent', [...filter.parentsNotIn]);
  if (filter.mimeTypes) {
    // wp_post_mime_type_where(): only the characters a MIME type has, so no LIKE wildcard reaches the pattern.
    const types = filter.mimeTypes.map((t) => t.replace(/[^-+.a-zA-Z0-9/]/g, '')).filter((t) => t !== '');
    query.where((q) => {
      for (const type of types) {
        if (type.includes('/')) q.orWhere('p.post_mime_type', type);
        else q.orWhere('p.post_mime_type', 'like', `${type}/%`);
      }
    });
  }
  if (filter.search) whereSearch(wp, query, filter.search);
  if (filter.taxQuery && filter.taxQuery.clauses.length > 0) whereTaxQuery(wp, query, filter.taxQuery, id);
  for (const [i, ttIds] of (filter.termTaxonomyIds ?? []).entries()) {
    // Correlated on the post, so an ordered page can walk its index and probe the relationships' primary key
    // for each post, stopping after the page, instead of collecting and sorting every post of the terms.
    const tr = `tr${i}`;
    query.whereExists(
      wp.knex({ [tr]: wp.t.term_relationships }).select(wp.knex.raw('1')).whereRaw('?? = ??', [`${tr}.object_id`, id]).whereIn(`${tr}.term_taxonomy_id`, ttIds.length > 0 ? [...ttIds] : [0]),
    );
  }
  for (const { key, values } of filter.metaNumericIn ?? []) {
    const numbers = values.length > 0 ? [...values] : [0];
    const matching = wp
      .knex({ mn: wp.t.postmeta })
      .select('mn.post_id')
      .where('mn.meta_key', key)
      .whereRaw(`? IN (${numbers.map(() => '?').join(', ')})`, [wp.dialect.castInteger(wp.knex, 'mn.meta_value'), ...numbers]);
    query.whereIn(id, matching);
  }
  for (const { key, exists } of filter.metaExists ?? []) {
    if (exists) query.whereIn(id, idsWithMeta(wp, key));
    else query.whereNotIn(id, idsWithMeta(wp, key));
  }
  return query;
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
  /** Counts the same rows another way (from kept counts); the query still names the total in the cache. */
  count?: () => Promise<number>;
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
export function pendingPageOfIds(wp: WpData, matching: Knex.QueryBuilder, order: readonly OrderTerm[], limit: number, offset: number, idColumn = 'p.ID', counted: CountOf = { query: matching }): PendingPage {
  const page = matching.clone().clearSelect().select({ ID: idColumn });
  for (const o of order) {
    if (o.raw) page.orderByRaw(`${o.raw.sql} ${o.direction}`, [...o.raw.bindings]);
    else page.orderBy(o.column, o.direction);
  }
  page.limit(sqlCount(limit)).offset(sqlCount(offset));
  const ids = (page as Promise<Array<{ ID: number | string }>>).then((rows) => rows.map((r) => Number(r.ID)));
  return { ids, total: countTotal(wp, counted) };
}

/**
 * The page of ids of the union of disjoint queries, each read in the order of its own index range: the first
 * `offset + limit` of each, merged in the same order. For a list over several ranges of one key (events shown and
 * hidden from listings, side by side in the key) that one ordered read cannot walk: the database would find and sort
 * every match first. Order terms are columns (no raw expressions); the total is counted as pendingPageOfIds does.
 */
export function pendingMergedPage(wp: WpData, branches: readonly Knex.QueryBuilder[], order: readonly OrderTerm[], limit: number, offset: number, idColumn: string, counted: CountOf): PendingPage {
  const keys = order.map((_, i) => `o${i}`);
  const parts = branches.map((branch, b) => {
    const first = branch.clone().clearSelect().select({ ID: idColumn, ...Object.fromEntries(order.map((o, i) => [keys[i], o.column])) });
    for (const o of order) first.orderBy(o.column, o.direction);
    // SQLite takes no ORDER BY or LIMIT inside a compound select but in a subquery: each branch is one.
    return wp.knex.select('*').from(first.limit(sqlCount(offset + limit)).as(`b${b}`));
  });
  const union = parts.length > 1 ? parts[0]!.unionAll(parts.slice(1)) : parts[0]!;
  const page = wp.knex.select('m.ID').from(union.as('m'));
  order.forEach((o, i) => page.orderBy(`m.${keys[i]}`, o.direction));
  page.limit(sqlCount(limit)).offset(sqlCount(offset));
  const ids = (page as Promise<Array<{ ID: number | string }>>).then((rows) => rows.map((r) => Number(r.ID)));
  return { ids, total: countTotal(wp, counted) };
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
  const run = counted.count ?? (() => countsOf(statement, ['total']).then((counts) => counts.total!));
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

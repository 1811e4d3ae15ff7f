import { sqlCount } from '../db/sql-count';
import type { Knex } from 'knex';
import { escLike, searchTerms } from './search';
import type { WpData } from './wp-handle';

/**
 * A generic WP_Query in SQL: the posts of one type matching status, id, parent, search, taxonomy and meta
 * clauses, built on the alias `p` so callers can join what their post type needs (or on the columns of a
 * table that mirrors the posts). Their pages and totals are in post-pages.ts.
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

/** The statuses of a filter of one post type by its statuses alone (no ids, search, terms, meta, dates…), else undefined. */
export function statusesAlone(filter: PostFilter): readonly string[] | undefined {
  const { postType, status, ...others } = filter;
  if (typeof postType !== 'string' || !('in' in status) || status.in.length === 0) return undefined;
  const present = Object.values(others).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  return present ? undefined : status.in;
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

import { sqlCount } from '../db/sql-count';
import { phpEmpty } from '../php/builtins';
import type { Knex } from 'knex';
import { sanitizeTitle } from './text/formatting';
import { normalise, termsOf, type TaxonomyRegistry, type TermRow } from './terms';
import type { WpData } from './wp-handle';

/**
 * get_terms() / wp_count_terms() for one taxonomy as WP_Term_Query builds them, filters, order and paging in SQL:
 * two queries per page whatever the filters (the page and its total).
 *
 * WordPress's own quirks are kept: `include` wins over `exclude` and both only understand ids (`absint`); with
 * `hide_empty` a hierarchical taxonomy still lists an empty term when one of its descendants is used, while the
 * total (wp_count_terms) counts only the used terms; terms of one object (`objectId`) ignore `hide_empty`;
 * `orderby=term_order` without an object is a failing query in WordPress, so it finds nothing here.
 */

export interface TermQuery {
  /** One taxonomy, or several (wp/v2's search of terms; without `hideEmpty`). */
  taxonomy: string | readonly string[];
  /** Terms per page (`number`), at least 1. */
  number: number;
  offset: number;
  search?: string;
  /** Raw values, parsed with wp_parse_id_list(). */
  include?: unknown;
  exclude?: unknown;
  /** One slug, or several (wp/v2's `slug`, matched with `slug__in`). */
  slug?: string | readonly string[];
  parent?: number;
  /** Only the terms of this object (wp_get_object_terms). */
  objectId?: number;
  hideEmpty: boolean;
  /** Raw `order` / `orderby` values; absent means `name ASC`. */
  order?: string;
  orderby?: string;
}

export interface TermPage {
  terms: TermRow[];
  /** Matching terms without paging (wp_count_terms). */
  total: number;
}

/** PHP's empty() on a request value. */

/** PHP intval() of a string or number, made positive (absint). */
function absint(v: unknown): number {
  const n = typeof v === 'number' ? Math.trunc(v) : Number.parseInt(String(v).trim().match(/^[+-]?\d+/)?.[0] ?? '0', 10);
  return Number.isFinite(n) ? Math.abs(n) : 0;
}

/** wp_parse_id_list(): a list or a comma/space separated string, each item absint()'d, duplicates dropped. */
export function parseIdList(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : String(value ?? '').split(/[\s,]+/).filter((s) => s !== '');
  return [...new Set(items.map(absint))];
}

/** WP_Term_Query::parse_order(): ASC only when asked for (any case); anything else is DESC. */
function parseOrder(order: string | undefined): 'asc' | 'desc' {
  if (order === undefined) return 'asc';
  return order.toUpperCase() === 'ASC' ? 'asc' : 'desc';
}

type OrderBy = { column: string } | { include: number[] } | { slugs: string[] } | { termOrder: true } | { none: true };

/** WP_Term_Query::parse_orderby(), with the REST controller's `include_slugs` → `slug__in` mapping. */
export function parseOrderBy(orderby: string | undefined, include: number[], slugs: readonly string[] = []): OrderBy {
  const raw = (orderby ?? 'name') === 'include_slugs' ? 'slug__in' : (orderby ?? 'name');
  const value = raw.toLowerCase();
  if (value === 'slug__in' && slugs.length > 0) return { slugs: [...slugs] };
  if (['term_id', 'name', 'slug', 'term_group'].includes(value)) return { column: `t.${value}` };
  if (['count', 'parent', 'taxonomy', 'term_taxonomy_id', 'description'].includes(value)) return { column: `tt.${value}` };
  if (value === 'term_order') return { termOrder: true };
  if (value === 'include' && include.length > 0) return { include };
  if (value === 'none') return { none: true };
  if (value === '' || value === 'id') return { column: 't.term_id' };
  // `slug__in` without a list of slugs falls back to the name, as the rest.
  return { column: 't.name' };
}

export async function queryTerms(wp: WpData, registry: TaxonomyRegistry, q: TermQuery): Promise<TermPage> {
  const includeGiven = !phpEmpty(q.include);
  const include = includeGiven ? parseIdList(q.include) : [];
  const slugs = Array.isArray(q.slug) ? (q.slug as readonly string[]).map((s) => sanitizeTitle(s)) : undefined;
  const orderBy = parseOrderBy(q.orderby, include, slugs);
  if ('termOrder' in orderBy && !q.objectId) return { terms: [], total: 0 };

  const filtered = (): Knex.QueryBuilder => {
    const query = termsOf(wp).whereIn('tt.taxonomy', typeof q.taxonomy === 'string' ? [q.taxonomy] : [...q.taxonomy]);
    if (q.objectId) query.join({ tr: wp.t.term_relationships }, 'tr.term_taxonomy_id', 'tt.term_taxonomy_id').where('tr.object_id', q.objectId);
    // "0" (every item absint'd to 0) is empty to PHP, so it filters nothing.
    if (includeGiven && include.join(',') !== '0') query.whereIn('t.term_id', include);
    if (!includeGiven && !phpEmpty(q.exclude)) query.whereNotIn('t.term_id', parseIdList(q.exclude));
    if (slugs && slugs.length > 0) query.whereIn('t.slug', slugs);
    else if (typeof q.slug === 'string' && !phpEmpty(q.slug)) query.where('t.slug', sanitizeTitle(q.slug));
    if (q.parent !== undefined) query.where('tt.parent', q.parent);
    if (q.search !== undefined && !phpEmpty(q.search)) {
      const like = `%${q.search.replace(/[!%_]/g, '!$&')}%`;
      query.where((w) => w.whereRaw("?? LIKE ? ESCAPE '!'", ['t.name', like]).orWhereRaw("?? LIKE ? ESCAPE '!'", ['t.slug', like]));
    }
    return query;
  };
  const hideEmpty = q.hideEmpty && !q.objectId && typeof q.taxonomy === 'string';
  const hierarchical = typeof q.taxonomy === 'string' && registry.hierarchical(q.taxonomy);

  const counted = filtered().clearSelect();
  if (hideEmpty) counted.where('tt.count', '>', 0);
  const countRow = (await counted.count({ n: '*' }).first()) as { n: number | string } | undefined;

  const page = filtered();
  if (hideEmpty && !hierarchical) page.where('tt.count', '>', 0);
  if (hideEmpty && hierarchical) {
    // A term is shown when it is used or when one of its descendants is: the used terms and all their ancestors.
    page
      .withRecursive('visible', ['term_id', 'parent'], (v) => {
        v.select('term_id', 'parent')
          .from(wp.t.term_taxonomy)
          .where('taxonomy', q.taxonomy)
          .andWhere('count', '>', 0)
          .union((up) => {
            up.select('p.term_id', 'p.parent').from({ p: wp.t.term_taxonomy }).join('visible', 'visible.parent', 'p.term_id').where('p.taxonomy', q.taxonomy);
          });
      })
      .whereIn('t.term_id', wp.knex.select('term_id').from('visible'));
  }
  applyOrder(page, orderBy, parseOrder(q.order));
  const rows: Array<Record<string, unknown>> = await page.limit(sqlCount(q.number)).offset(sqlCount(q.offset));
  return { terms: rows.map(normalise), total: Number(countRow?.n ?? 0) };
}

/** ORDER BY as WordPress writes it; ties, which WordPress leaves to the database, go by term id. */
function applyOrder(query: Knex.QueryBuilder, orderBy: OrderBy, direction: 'asc' | 'desc'): void {
  if ('none' in orderBy) return;
  if ('column' in orderBy) query.orderBy(orderBy.column, direction);
  else if ('termOrder' in orderBy) query.orderBy('tr.term_order', direction);
  else if ('slugs' in orderBy) {
    // MySQL's FIELD(t.slug, …), written portably.
    const cases = orderBy.slugs.map(() => 'WHEN ? THEN ?').join(' ');
    query.orderByRaw(`CASE ?? ${cases} ELSE 0 END ${direction}`, ['t.slug', ...orderBy.slugs.flatMap((slug, i) => [slug, i + 1])]);
  } else {
    // MySQL's FIELD(t.term_id, …), written portably: the position of the id in the `include` list.
    const cases = orderBy.include.map(() => 'WHEN ? THEN ?').join(' ');
    const bindings = orderBy.include.flatMap((id, i) => [id, i + 1]);
    query.orderByRaw(`CASE ?? ${cases} ELSE 0 END ${direction}`, ['t.term_id', ...bindings]);
  }
  if (!('column' in orderBy && orderBy.column === 't.term_id')) query.orderBy('t.term_id', 'asc');
}

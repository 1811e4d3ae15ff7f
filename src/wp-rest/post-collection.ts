import { errorCatalogue, entry, RestError, type ParamProblem } from '../http/errors';
import { localToUtc, utcToLocal } from '../php/date-time';
import { type PostFilter, type TaxClause } from '../wp/post-query';
import { fieldOrder, metaOrder, type OrderTerm } from '../wp/post-pages';
import type { WpData } from '../wp/wp-handle';
import type { TermFilter } from './post-args';
import type { RestPostType } from './post-type';

/**
 * WP_REST_Posts_Controller::get_items() up to the query: the collection arguments as WP_Query arguments (statuses,
 * dates, ids, authors, slugs, search, tax_query, order), the status check of sanitize_post_statuses(), and the
 * paging answer (the page-number error, X-WP-Total, X-WP-TotalPages and the `prev`/`next` links).
 */

export const postsError = errorCatalogue({
  rest_post_invalid_page_number: entry(400, 'The page number requested is larger than the number of pages available.'),
  rest_no_search_term_defined: entry(400, 'You need to define a search term to order by relevance.'),
  rest_post_invalid_id: entry(404, 'Invalid post ID.'),
  rest_post_incorrect_password: entry(403, 'Incorrect post password.'),
});

/** rest_forbidden_context of a list (the type) or of one post. */
export function forbiddenContext(item: boolean, status: number): RestError {
  const message = item ? 'Sorry, you are not allowed to edit this post.' : 'Sorry, you are not allowed to edit posts in this post type.';
  return new RestError('rest_forbidden_context', message, status);
}

/**
 * sanitize_post_statuses(): the route's default status (`publish`; media's `inherit`) for anyone; any other status
 * needs the type's edit_posts, then must be one of the argument's enum (`allowed`).
 */
export function statusProblem(statuses: readonly string[], canEdit: boolean, loggedIn: boolean, allowed: readonly string[], defaultStatus = 'publish'): ParamProblem | undefined {
  for (const status of statuses) {
    if (status === defaultStatus) continue;
    if (!canEdit) return { message: 'Status is forbidden.', error: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: loggedIn ? 403 : 401 } } };
    if (!allowed.includes(status)) {
      // Each status is validated alone, as a list of one: the index is always 0.
      const message = `status[0] is not one of ${allowed.slice(0, -1).join(', ')}, and ${allowed.at(-1)}.`;
      return { message, error: { code: 'rest_not_in_enum', message, data: null } };
    }
  }
  return undefined;
}

/** The statuses `any` leaves out (exclude_from_search). */
const NOT_SEARCHED = ['trash', 'auto-draft'];

export interface CollectionArgs {
  page: number;
  per_page: number;
  offset?: number;
  search?: string;
  search_semantics?: string;
  search_columns: string[];
  after?: string;
  before?: string;
  modified_after?: string;
  modified_before?: string;
  author: number[];
  author_exclude: number[];
  include: number[];
  exclude: number[];
  slug?: string[];
  status: string[];
  order: 'asc' | 'desc';
  orderby: string;
  tax_relation?: 'AND' | 'OR';
  [taxonomyFilter: string]: unknown;
}

export interface CollectionOptions {
  type: RestPostType;
  loggedIn: boolean;
  siteZone: string;
  /** The term_taxonomy ids of the terms of a filter (and of their descendants when asked). */
  termTaxonomyIds(taxonomy: string, filter: TermFilter): Promise<number[]>;
  /** A plugin's own order of `include` and `include_slugs` lists: by a meta key, ascending. */
  includeOrderMeta?: string;
  /** How the dialect leaves ties (post-query.ts newestFirst()). */
  tiesAsWordPressShowsThem: boolean;
}

/** A date argument in the site's time: a zone given converts, none means site time already. */
export function siteTime(value: string, zone: string): string {
  const wall = `${value.slice(0, 10)} ${value.slice(11, 19)}`;
  const offset = /([Zz]|[+-]\d{2}:?\d{2}|[+-]\d{2})$/.exec(value.slice(19));
  if (!offset) return wall;
  const instant = new Date(`${value.slice(0, 10)}T${value.slice(11, 19)}${offset[1]!.length === 3 ? `${offset[1]}:00` : offset[1]!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`);
  if (Number.isNaN(instant.getTime())) return localToUtc(wall, zone);
  return utcToLocal(instant.toISOString().slice(0, 19).replace('T', ' '), zone);
}

const COLUMN: Record<string, string> = { date: 'p.post_date', id: 'p.ID', title: 'p.post_title', slug: 'p.post_name', modified: 'p.post_modified', author: 'p.post_author', parent: 'p.post_parent' };

function orderOf(wp: WpData, args: CollectionArgs, options: CollectionOptions): OrderTerm[] {
  if ((args.orderby === 'include' && args.include.length > 0) || (args.orderby === 'include_slugs' && args.slug && args.slug.length > 0)) {
    if (options.includeOrderMeta) return [metaOrder(wp, options.includeOrderMeta, 'asc'), { column: 'p.ID', direction: 'asc' }];
    return args.orderby === 'include' ? [fieldOrder('p.ID', args.include)] : [fieldOrder('p.post_name', args.slug!)];
  }
  if (args.orderby === 'relevance' && args.search) return relevanceOrder(args.search);
  const column = COLUMN[args.orderby] ?? 'p.post_date';
  const order: OrderTerm[] = [{ column, direction: args.order }];
  // WordPress orders by the one column and leaves ties to the engine. A date order walks the date index (its ties
  // are left to the dialect, as in newestFirst()); a sort on another column keeps the rows in id order, which the
  // site showed (authors' and parents' ties by ascending id), and which is written out here for both dialects.
  const byDate = column === 'p.post_date' || column === 'p.post_modified';
  if (column !== 'p.ID' && (!byDate || !options.tiesAsWordPressShowsThem)) order.push({ column: 'p.ID', direction: byDate ? args.order : 'asc' });
  return order;
}

/** WP_Query's order of a search by relevance: the posts whose title holds the search first, then the newest. */
export function relevanceOrder(search: string): OrderTerm[] {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return [{ column: 'p.post_title', direction: 'desc', raw: { sql: 'CASE WHEN p.post_title LIKE ? THEN 1 ELSE 0 END', bindings: [like] } }, { column: 'p.post_date', direction: 'desc' }];
}

/** The WP_Query the request asks for, as a filter on the posts and an order. */
export async function collectionQuery(wp: WpData, args: CollectionArgs, options: CollectionOptions): Promise<{ filter: PostFilter; order: OrderTerm[] }> {
  const { type } = options;
  const statuses = args.status.length > 0 ? args.status : ['publish'];
  const filter: PostFilter = {
    postType: type.postType,
    status: statuses.includes('any') ? { notIn: NOT_SEARCHED } : { in: statuses },
    ids: args.include.length > 0 ? args.include : undefined,
    idsNotIn: args.exclude,
    authors: args.author,
    authorsNotIn: args.author_exclude,
    slugs: args.slug,
  };
  const dates: NonNullable<PostFilter['dates']>[number][] = [];
  if (args.after !== undefined || args.before !== undefined) dates.push({ column: 'post_date', after: args.after && siteTime(args.after, options.siteZone), before: args.before && siteTime(args.before, options.siteZone) });
  if (args.modified_after !== undefined || args.modified_before !== undefined) {
    dates.push({ column: 'post_modified', after: args.modified_after && siteTime(args.modified_after, options.siteZone), before: args.modified_before && siteTime(args.modified_before, options.siteZone) });
  }
  if (dates.length > 0) filter.dates = dates;
  if (args.search !== undefined && args.search !== '') {
    filter.search = { text: args.search, excludeProtected: !options.loggedIn, columns: args.search_columns, exact: args.search_semantics === 'exact' };
  }
  const clauses: TaxClause[] = [];
  for (const { taxonomy, restBase } of type.restTaxonomies) {
    const include = args[restBase] as TermFilter | undefined;
    const exclude = args[`${restBase}_exclude`] as TermFilter | undefined;
    if (include && include.terms.length > 0) clauses.push({ ttIds: await options.termTaxonomyIds(taxonomy, include), operator: include.operator === 'AND' ? 'AND' : 'IN' });
    if (exclude && exclude.terms.length > 0) clauses.push({ ttIds: await options.termTaxonomyIds(taxonomy, exclude), operator: 'NOT IN' });
  }
  if (clauses.length > 0) filter.taxQuery = { relation: args.tax_relation ?? 'AND', clauses };
  return { filter, order: orderOf(wp, args, options) };
}

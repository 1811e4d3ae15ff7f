import { z } from 'zod';
import { parseList, typeIssue, wpArray, wpBoolean, wpEnum, wpInteger, wpString } from '../http/wp-types';
import type { RestPostType } from './post-type';

/**
 * The arguments of WordPress's posts controller (WP_REST_Posts_Controller::get_collection_params(), the item routes'
 * `context` and `password`), with WordPress's messages. `status` is kept as sent: whether a status may be asked for
 * depends on the caller (sanitize_post_statuses(), post-collection.ts).
 */

export const CONTEXTS = ['view', 'embed', 'edit'] as const;
export const context = () => wpEnum(CONTEXTS).default('view');

/** rest_parse_date(): an RFC 3339 date-time, with or without a zone; a date alone is refused. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

export function wpDateTime() {
  return wpString()
    .transform((v, ctx) => (RFC3339.test(v) && !Number.isNaN(Date.parse(`${v.slice(0, 10)}T${v.slice(11, 19)}Z`)) ? v : typeIssue(ctx, 'Invalid date.', 'rest_invalid_date')))
    .meta({ type: 'string', format: 'date-time' });
}

export const ids = () => wpArray(wpInteger()).default([]);

export const ORDERBY = ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'] as const;
export const SEARCH_COLUMNS = ['post_title', 'post_content', 'post_excerpt'] as const;

/** A taxonomy filter: term ids (`=2,3`, `[]=2`), or `{terms, include_children, operator}` (rest_base of the taxonomy). */
export interface TermFilter {
  terms: number[];
  includeChildren: boolean;
  operator: 'OR' | 'AND';
}

function termFilter(hierarchical: boolean, exclude: boolean) {
  return z
    .unknown()
    .transform((value, ctx): TermFilter => {
      const object = value !== null && typeof value === 'object' && !Array.isArray(value) && !Object.keys(value).every((k) => /^\d+$/.test(k)) ? (value as Record<string, unknown>) : undefined;
      const list = parseList(object ? (object.terms ?? []) : value) ?? [];
      const terms: number[] = [];
      for (const [i, term] of list.entries()) {
        const n = typeof term === 'number' ? term : typeof term === 'string' && /^\s*-?\d+\s*$/.test(term) ? Number(term) : NaN;
        if (!Number.isInteger(n)) return typeIssue(ctx, `{param} is not a valid Term ID List. Reason: {param}[${i}] is not of type integer.`, 'rest_no_matching_schema', 'sanitize', { position: 0 });
        terms.push(n);
      }
      const children = object && hierarchical ? wpBoolean().safeParse(object.include_children) : undefined;
      const operator = object && !exclude && object.operator === 'AND' ? 'AND' : 'OR';
      return { terms, includeChildren: children?.success === true && children.data, operator };
    })
    .optional()
    .meta({ type: ['object', 'array'] });
}

/** GET /wp/v2/<rest_base>. */
export function collectionArgs(type: RestPostType, hierarchical: (taxonomy: string) => boolean) {
  const taxonomies = Object.fromEntries(
    type.restTaxonomies.flatMap(({ taxonomy, restBase }) => [
      [restBase, termFilter(hierarchical(taxonomy), false)],
      [`${restBase}_exclude`, termFilter(hierarchical(taxonomy), true)],
    ]),
  );
  return {
    context: context(),
    page: wpInteger({ minimum: 1 }).default(1),
    per_page: wpInteger({ minimum: 1, maximum: 100 }).default(10),
    search: wpString().optional(),
    after: wpDateTime().optional(),
    modified_after: wpDateTime().optional(),
    author: ids(),
    author_exclude: ids(),
    before: wpDateTime().optional(),
    modified_before: wpDateTime().optional(),
    exclude: ids(),
    include: ids(),
    search_semantics: wpEnum(['exact']).optional(),
    offset: wpInteger().optional(),
    order: wpEnum(['asc', 'desc']).default('desc'),
    orderby: wpEnum(ORDERBY).default('date'),
    search_columns: wpArray(wpEnum(SEARCH_COLUMNS)).default([]),
    slug: wpArray(wpString()).optional(),
    status: wpArray(wpString()).default(['publish']),
    ...(type.restTaxonomies.length > 0 ? { tax_relation: wpEnum(['AND', 'OR']).optional() } : {}),
    ...taxonomies,
  };
}

/** GET /wp/v2/<rest_base>/<id>. */
export const itemReadArgs = () => ({ id: wpInteger(), context: context(), password: wpString().optional() });

/** DELETE /wp/v2/<rest_base>/<id>. */
export const itemDeleteArgs = () => ({ id: wpInteger(), force: wpBoolean().default(false) });

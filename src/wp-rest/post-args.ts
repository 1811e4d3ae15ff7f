import { z } from 'zod';
import { parseList, registered, typeIssue, wpArray, wpBoolean, wpEnum, wpInteger, wpString } from '../http/wp-types';
import { REGISTERED_POST_STATUSES } from '../wp/posts';
import { contextArg, idListArg, offsetArg, pageArg, perPageArg, searchArg } from './core-args';
import { supports, type RestPostType } from './post-type';

/**
 * The arguments of WordPress's posts controller (WP_REST_Posts_Controller::get_collection_params(), the item routes'
 * `context` and `password`), with WordPress's messages, descriptions and keyword order (what OPTIONS and the index
 * list). `status` is kept as sent: whether a status may be asked for depends on the caller (sanitize_post_statuses(),
 * post-collection.ts).
 */

/** rest_parse_date(): an RFC 3339 date-time, with or without a zone; a date alone is refused. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

export function wpDateTime() {
  return wpString()
    .transform((v, ctx) => (RFC3339.test(v) && !Number.isNaN(Date.parse(`${v.slice(0, 10)}T${v.slice(11, 19)}Z`)) ? v : typeIssue(ctx, 'Invalid date.', 'rest_invalid_date')))
    .meta({ type: 'string', format: 'date-time' });
}

export const ids = () => wpArray(wpInteger()).default([]);

const ORDERBY = ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'] as const;
export const SEARCH_COLUMNS = ['post_title', 'post_content', 'post_excerpt'] as const;

/** A taxonomy filter: term ids (`=2,3`, `[]=2`), or `{terms, include_children, operator}` (rest_base of the taxonomy). */
export interface TermFilter {
  terms: number[];
  includeChildren: boolean;
  operator: 'OR' | 'AND';
}

/** prepare_tax_query()'s schema of a taxonomy filter: a list of ids, or an object (WordPress's descriptions). */
function termFilterSchema(restBase: string, hierarchical: boolean, exclude: boolean) {
  const properties: Record<string, unknown> = { terms: { description: 'Term IDs.', type: 'array', items: { type: 'integer' }, default: [] } };
  if (hierarchical) properties.include_children = { description: 'Whether to include child terms in the terms limiting the result set.', type: 'boolean', default: false };
  if (!exclude) properties.operator = { description: 'Whether items must be assigned all or any of the specified terms.', type: 'string', enum: ['AND', 'OR'], default: 'OR' };
  const description = exclude ? `Limit result set to items except those with specific terms assigned in the ${restBase} taxonomy.` : `Limit result set to items with specific terms assigned in the ${restBase} taxonomy.`;
  return registered('description, type, oneOf', description, {
    type: ['object', 'array'],
    oneOf: [
      { title: 'Term ID List', description: 'Match terms with the listed IDs.', type: 'array', items: { type: 'integer' } },
      { title: 'Term ID Taxonomy Query', description: 'Perform an advanced term query.', type: 'object', properties, additionalProperties: false },
    ],
  });
}

function termFilter(restBase: string, hierarchical: boolean, exclude: boolean) {
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
    .meta({ type: ['object', 'array'], ...termFilterSchema(restBase, hierarchical, exclude) });
}

const d = registered;
const dateArg = (description: string) => wpDateTime().optional().meta(d('description, type, format', description));

/** GET /wp/v2/<rest_base>; `statuses` are the site's registered ones (the `status` enum, `any` added). */
export function collectionArgs(type: RestPostType, hierarchical: (taxonomy: string) => boolean, statuses: readonly string[] = REGISTERED_POST_STATUSES) {
  const taxonomies = Object.fromEntries(
    type.restTaxonomies.flatMap(({ taxonomy, restBase }) => [
      [restBase, termFilter(restBase, hierarchical(taxonomy), false)],
      [`${restBase}_exclude`, termFilter(restBase, hierarchical(taxonomy), true)],
    ]),
  );
  return {
    context: contextArg(),
    page: pageArg(),
    per_page: perPageArg(),
    search: searchArg(),
    after: dateArg('Limit response to posts published after a given ISO8601 compliant date.'),
    modified_after: dateArg('Limit response to posts modified after a given ISO8601 compliant date.'),
    author: idListArg('Limit result set to posts assigned to specific authors.'),
    author_exclude: idListArg('Ensure result set excludes posts assigned to specific authors.'),
    before: dateArg('Limit response to posts published before a given ISO8601 compliant date.'),
    modified_before: dateArg('Limit response to posts modified before a given ISO8601 compliant date.'),
    exclude: idListArg('Ensure result set excludes specific IDs.'),
    include: idListArg('Limit result set to specific IDs.'),
    search_semantics: wpEnum(['exact']).optional().meta(d('description, type, enum', 'How to interpret the search input.')),
    offset: offsetArg(),
    order: wpEnum(['asc', 'desc']).default('desc').meta(d('description, type, default, enum', 'Order sort attribute ascending or descending.')),
    orderby: wpEnum(ORDERBY).default('date').meta(d('description, type, default, enum', 'Sort collection by post attribute.')),
    search_columns: wpArray(wpEnum(SEARCH_COLUMNS))
      .default([])
      .meta(d('default, description, type, items', 'Array of column names to be searched.', { items: { enum: [...SEARCH_COLUMNS], type: 'string' } })),
    slug: wpArray(wpString()).optional().meta(d('description, type, items', 'Limit result set to posts with one or more specific slugs.')),
    status: wpArray(wpString())
      .default(['publish'])
      .meta(d('default, description, type, items', 'Limit result set to posts assigned one or more statuses.', { default: 'publish', items: { enum: [...statuses, 'any'], type: 'string' } })),
    ...(type.restTaxonomies.length > 0 ? { tax_relation: wpEnum(['AND', 'OR']).optional().meta(d('description, type, enum', 'Limit result set based on relationship between multiple taxonomies.')) } : {}),
    ...taxonomies,
  };
}

const idArg = () => wpInteger().optional().meta(d('description, type', 'Unique identifier for the post.'));

/**
 * GET /wp/v2/<rest_base>/<id>; `excerpt_length` for a type whose objects have an excerpt (given the type: media's
 * route, which calls it without one, keeps its arguments).
 */
export const itemReadArgs = (type?: RestPostType) => ({
  id: idArg(),
  context: contextArg(),
  ...(type && supports(type, 'excerpt') ? { excerpt_length: wpInteger().optional().meta(d('description, type', 'Override the default excerpt length.')) } : {}),
  password: wpString().optional().meta(d('description, type', 'The password for the post if it is password protected.')),
});

/** DELETE /wp/v2/<rest_base>/<id>. */
export const itemDeleteArgs = () => ({ id: idArg(), force: wpBoolean().default(false).meta(d('type, default, description', 'Whether to bypass Trash and force deletion.')) });

import { z } from 'zod';
import { entry, errorCatalogue, RestError, type ErrorOptions } from '../http/errors';
import { typeIssue, wpArray, wpEnum, wpInteger, wpString } from '../http/wp-types';
import { itemDeleteArgs, wpDateTime } from './post-args';
import { argFromProperty, postSchemaProperties } from './post-schema';
import type { RestPostType } from './post-type';

/**
 * The write arguments of WordPress's posts controller (the item schema's writable fields: POST on the collection,
 * POST|PUT|PATCH and DELETE on one post) and the errors its write steps answer.
 */

/** The statuses a write may set: WordPress's public and internal ones an author picks, then Event Aggregator's. */
export const WRITE_STATUSES = [
  'publish', 'future', 'draft', 'pending', 'private',
  'in-progress', 'failed', 'tribe-ea-success', 'tribe-ea-failed', 'tribe-ea-schedule', 'tribe-ea-pending', 'tribe-ea-draft', 'tribe-ignored',
] as const;

/** title, content, excerpt: a string, or an object whose `raw` is used. */
export function rawText() {
  return z
    .unknown()
    .transform((v, ctx) => {
      if (typeof v === 'string') return v;
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
        const raw = (v as Record<string, unknown>).raw;
        return typeof raw === 'string' ? raw : '';
      }
      return typeIssue(ctx, '{param} is not of type object.');
    })
    .optional()
    .meta({ type: 'object' });
}

/** The writable fields of the type's schema, each validated by its zod type and described as the schema describes it. */
export function createArgs(type: RestPostType) {
  const shape = {
    date: wpDateTime().optional(),
    date_gmt: wpDateTime().optional(),
    slug: wpString().optional(),
    status: wpEnum(WRITE_STATUSES).optional(),
    password: wpString().optional(),
    title: rawText(),
    content: rawText(),
    author: wpInteger().optional(),
    excerpt: rawText(),
    featured_media: wpInteger().optional(),
    meta: z.unknown().optional().meta({ type: 'object' }),
    // check_template(): a template the theme offers the type, or none.
    template: wpString()
      .transform((v, ctx) => (v === '' || (type.templates ?? []).includes(v) ? v : typeIssue(ctx, `template is not one of ${(type.templates ?? []).join(', ')}.`, 'rest_invalid_param', 'validate')))
      .optional(),
    ...Object.fromEntries(type.restTaxonomies.map(({ restBase }) => [restBase, wpArray(wpInteger()).optional()])),
  };
  // get_endpoint_args_for_item_schema(): the schema's writable properties (the fields the type has), with its keywords.
  const properties = postSchemaProperties({ type, statuses: WRITE_STATUSES });
  const fields = shape as Record<string, z.ZodType>;
  for (const name of Object.keys(fields)) {
    const property = properties[name];
    if (property && property.readonly !== true) fields[name] = fields[name]!.meta(argFromProperty(property));
    else delete fields[name];
  }
  return shape;
}

export const updateArgs = (type: RestPostType) => ({ id: itemDeleteArgs().id, ...createArgs(type) });
export const deleteArgs = itemDeleteArgs;

const catalogue = errorCatalogue({
  rest_post_exists: entry(400, 'Cannot create existing post.'),
  rest_cannot_create: entry(401, 'Sorry, you are not allowed to create posts as this user.'),
  rest_cannot_edit_others_create: entry(401, 'Sorry, you are not allowed to create posts as this user.'),
  rest_cannot_edit_others_update: entry(401, 'Sorry, you are not allowed to update posts as this user.'),
  rest_cannot_edit: entry(401, 'Sorry, you are not allowed to edit this post.'),
  rest_cannot_delete: entry(401, 'Sorry, you are not allowed to delete this post.'),
  rest_cannot_assign_term: entry(401, 'Sorry, you are not allowed to assign the provided terms.'),
  rest_cannot_publish: entry(403, 'Sorry, you are not allowed to publish posts in this post type.'),
  rest_cannot_publish_private: entry(403, 'Sorry, you are not allowed to create private posts in this post type.'),
  rest_invalid_author: entry(400, 'Invalid author ID.'),
  empty_content: entry(400, 'Content, title, and excerpt are empty.'),
  rest_already_trashed: entry(410, 'The post has already been deleted.'),
  rest_invalid_type: entry(400, (message: string) => message),
});

/** Codes that differ on the wire only by their message. */
const WIRE_CODES: Record<string, string> = {
  rest_cannot_edit_others_create: 'rest_cannot_edit_others',
  rest_cannot_edit_others_update: 'rest_cannot_edit_others',
  rest_cannot_publish_private: 'rest_cannot_publish',
};

type WriteErrorCode = Parameters<typeof catalogue>[0];

/** The catalogued error under its wire code. */
export function writeError(code: WriteErrorCode, options: ErrorOptions<never[]> & { args?: string[] } = {}): RestError {
  const e = catalogue(code, options as never);
  return new RestError(WIRE_CODES[code] ?? code, e.message, e.status, e.data, e.shape);
}

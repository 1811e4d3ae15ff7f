import { z } from 'zod';
import { parseArgs } from '../http/args';
import { entry, errorCatalogue, RestError, type ParamProblem } from '../http/errors';
import { registered, wpArray, wpEnum, wpInteger, wpString } from '../http/wp-types';
import { ATTACHMENT_TYPE } from './attachment-object';
import { idListArg } from './core-args';
import { mediaSchemaProperties } from './media-schema';
import { collectionArgs, itemDeleteArgs, itemReadArgs, wpDateTime } from './post-args';
import { argFromProperty } from './post-schema';
import { rawText, WRITE_STATUSES } from './post-write-args';

/**
 * The list arguments of WordPress's attachments controller: the posts controller's, then `parent`,
 * `parent_exclude`, `media_type` and `mime_type` (WP_REST_Attachments_Controller::get_collection_params()).
 */

const MEDIA_TYPES = ['image', 'video', 'text', 'application', 'audio'] as const;

/** The statuses a media list may ask for (the attachments controller's `status` enum); `inherit` by default. */
export const MEDIA_LIST_STATUSES = ['inherit', 'private', 'trash'] as const;

const d = registered;

export const mediaCollectionArgs = () => {
  // `parent` and `parent_exclude` come after `orderby`, as WordPress lists them for a hierarchical-like type.
  const posts = Object.entries({
    ...collectionArgs(ATTACHMENT_TYPE, () => false),
    status: wpArray(wpString())
      .default(['inherit'])
      .meta(d('default, description, type, items', 'Limit result set to posts assigned one or more statuses.', { default: 'inherit', items: { enum: [...MEDIA_LIST_STATUSES], type: 'string' } })),
  });
  const parents = [
    ['parent', idListArg('Limit result set to items with particular parent IDs.')],
    ['parent_exclude', idListArg('Limit result set to all items except those of a particular parent ID.')],
  ] as const;
  const at = posts.findIndex(([name]) => name === 'orderby') + 1;
  return {
    ...(Object.fromEntries([...posts.slice(0, at), ...parents, ...posts.slice(at)]) as ReturnType<typeof collectionArgs> & Record<(typeof parents)[number][0], ReturnType<typeof idListArg>>),
    media_type: wpArray(wpEnum(MEDIA_TYPES))
      .optional()
      .meta(d('default, description, type, items', 'Limit result set to attachments of a particular media type or media types.', { default: null, items: { type: 'string', enum: [...MEDIA_TYPES] } })),
    mime_type: wpArray(wpString())
      .optional()
      .meta(d('default, description, type, items', 'Limit result set to attachments of a particular MIME type or MIME types.', { default: null, items: { type: 'string' } })),
  };
};

/** One attachment's read arguments: the id and the context (an attachment has no password). */
export const mediaItemArgs = () => ({ id: itemDeleteArgs().id, context: itemReadArgs().context });

export interface MediaFilterArgs {
  parent?: number[];
  parent_exclude?: number[];
  media_type?: string[];
  mime_type?: string[];
}

/**
 * The write arguments of the attachments controller (POST on the collection, POST|PUT|PATCH on one attachment), in
 * its schema's order: the posts controller's writable fields an attachment has, then `alt_text`, `caption`,
 * `description` and `post`, each described as the schema describes it (get_endpoint_args_for_item_schema()).
 * `metaSchema`: the meta keys registered for attachments.
 */
export const mediaWriteArgs = (metaSchema: Record<string, Record<string, unknown>>) => {
  const shape = {
    date: wpDateTime().optional(),
    date_gmt: wpDateTime().optional(),
    slug: wpString().optional(),
    // check_status() lets through the attachment's own status (`inherit`) beside the enum: mediaStatusProblems().
    status: wpEnum([...WRITE_STATUSES, 'inherit']).optional(),
    title: rawText(),
    author: wpInteger().optional(),
    featured_media: wpInteger().optional(),
    comment_status: wpEnum(['open', 'closed'] as const).optional(),
    ping_status: wpEnum(['open', 'closed'] as const).optional(),
    meta: z.unknown().optional().meta({ type: 'object' }),
    template: wpString().optional(),
    alt_text: wpString().optional(),
    caption: rawText(),
    description: rawText(),
    post: wpInteger().optional(),
  };
  const properties = mediaSchemaProperties({ metaSchema, statuses: WRITE_STATUSES });
  const fields = shape as Record<string, z.ZodType>;
  for (const name of Object.keys(fields)) fields[name] = fields[name]!.meta(argFromProperty(properties[name]!));
  return shape;
};

/**
 * check_status(), the status argument's validate callback: a status outside the enum passes only when it is the
 * attachment's current one (`current`; none on an upload), so a client may send back the `inherit` it read.
 */
export function mediaStatusProblems(status: string | undefined, current: string | undefined): Map<string, ParamProblem> | undefined {
  if (status === undefined || status === current || (WRITE_STATUSES as readonly string[]).includes(status)) return undefined;
  const parsed = parseArgs({ status: wpEnum(WRITE_STATUSES) }, { status });
  return 'error' in parsed ? parsed.failing?.problems : undefined;
}

/** POST /media/<id>/post-process: the action to run (the only one WordPress has). */
export const mediaPostProcessArgs = () => ({
  id: wpInteger().optional().meta(d('description, type', 'Unique identifier for the attachment.')),
  action: wpEnum(['create-image-subsizes'] as const).meta(d('type, enum')),
});

export const mediaUpdateArgs = (metaSchema: Record<string, Record<string, unknown>>) => ({ id: itemDeleteArgs().id, ...mediaWriteArgs(metaSchema) });

export interface MediaWriteArgs {
  date?: string;
  date_gmt?: string;
  slug?: string;
  status?: string;
  title?: string;
  author?: number;
  comment_status?: string;
  ping_status?: string;
  alt_text?: string;
  caption?: string;
  description?: string;
  post?: number;
}

/** The errors of the attachments controller's writes, as WordPress 7.0 answers them. */
const catalogue = errorCatalogue({
  rest_upload_no_data: entry(400, 'No data supplied.'),
  rest_upload_no_content_type: entry(400, 'No Content-Type supplied.'),
  rest_upload_no_content_disposition: entry(400, 'No Content-Disposition supplied.'),
  rest_upload_invalid_disposition: entry(400, 'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.'),
  rest_upload_unknown_error: entry(500, 'Specified file failed upload test.'),
  rest_upload_sideload_error: entry(500, (message: string) => message),
  // wp_handle_upload()'s refusals of a multipart file come under the unknown error's code.
  rest_upload_form_error: entry(500, (message: string) => message),
  rest_cannot_edit_parent: entry(401, 'Sorry, you are not allowed to upload media to this post.'),
  rest_invalid_parent_type: entry(400, 'Invalid parent type.'),
  rest_trash_not_supported: entry(501, "The post does not support trashing. Set 'force=true' to delete."),
  // The edit of an image (edit_media_item()).
  rest_cannot_edit_image: entry(401, 'Sorry, you are not allowed to upload media on this site.'),
  rest_unknown_attachment: entry(404, 'Unable to get meta information for file.'),
  rest_cannot_edit_file_type: entry(400, 'This type of file cannot be edited.'),
  rest_image_not_edited: entry(400, 'The image was not edited. Edit the image before applying the changes.'),
});

const WIRE_CODES: Record<string, string> = { rest_upload_form_error: 'rest_upload_unknown_error', rest_cannot_edit_parent: 'rest_cannot_edit', rest_invalid_parent_type: 'rest_invalid_param' };

export function mediaError(code: Parameters<typeof catalogue>[0], options: { status?: number; args?: string[] } = {}): RestError {
  const e = catalogue(code, options as never);
  return new RestError(WIRE_CODES[code] ?? code, e.message, e.status, e.data, e.shape);
}

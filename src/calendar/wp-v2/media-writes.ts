import { hasCap } from '../../auth/principal';
import { restRoot } from '../../http/context';
import { RestResponse } from '../../http/response';
import { phpUnserialize } from '../../php/php-serialize';
import { formatWallClock } from '../../php/date-time';
import { removeAttachmentFiles, storeUpload, UploadRefused, type StoredUpload } from '../../media/stored-upload';
import { deleteAttachmentRows } from '../../wp/attachments';
import { addPostMeta, loadPostMeta, updatePostMeta } from '../../wp/postmeta';
import { insertPost, updatePost, type PostChanges } from '../../wp/post-writer';
import { getPost, type PostRow } from '../../wp/posts';
import { mediaError, type MediaWriteArgs } from '../../wp-rest/media-args';
import { writeError } from '../../wp-rest/post-write-args';
import { sanitizeTitle } from '../../wp/text/formatting';
import { WP_META } from '../registry/meta-keys';
import type { CalendarEnv } from '../site/calendar-env';
import { envOf, type Req } from '../post-resource/request';
import { withCorePermalinks } from './post-view';
import { requestDates } from './post-writer';
import { addressed, libraryOf, mediaObjects, subject } from './media-view';
import { uploadedFile } from './media-upload-input';

/**
 * The writes of WordPress's attachments controller (docs/compat/wp-v2.md §6): the upload (create_item(): the file
 * stored by media/stored-upload.ts, then the attachment's post and meta in one transaction), the update of its
 * fields and alt text, and the delete (never to the trash: attachments do not support it), each answering the
 * attachment in the edit context.
 */

const authStatus = (env: CalendarEnv) => (env.ctx.isLoggedIn() ? 403 : 401);
const present = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== 0 && value !== '0';

/** Setting another author needs edit_others_posts. */
const othersAuthor = (env: CalendarEnv, author: unknown) => present(author) && Number(author) !== env.ctx.principal.userId && !env.can('edit_others', subject);

/** Attaching to a post needs edit_post on it (a missing post cannot be edited either). */
async function mayAttachTo(env: CalendarEnv, parentId: unknown): Promise<void> {
  if (!present(parentId)) return;
  const parent = await getPost(env.ctx.wp, Number(parentId));
  if (!parent || !env.can('edit', { postType: parent.post_type }, parent)) throw mediaError('rest_cannot_edit_parent', { status: authStatus(env) });
}

/** create_item_permissions_check(): the posts controller's checks (an attachment's create_posts is upload_files), then the parent's. */
export async function mayUpload(req: Req): Promise<boolean> {
  const env = await envOf(req);
  const status = { status: authStatus(env) };
  if (present(req.params.id)) throw writeError('rest_post_exists');
  if (othersAuthor(env, req.params.author)) throw writeError('rest_cannot_edit_others_create', status);
  if (!hasCap(env.ctx.principal, 'upload_files')) throw writeError('rest_cannot_create', status);
  await mayAttachTo(env, req.params.post);
  return true;
}

export async function mayUpdateMedia(req: Req): Promise<boolean> {
  const { env, rights } = await addressed(req);
  const status = { status: authStatus(env) };
  if (!rights.edit) throw writeError('rest_cannot_edit', status);
  if (othersAuthor(env, req.params.author)) throw writeError('rest_cannot_edit_others_update', status);
  return true;
}

export async function mayDeleteMedia(req: Req): Promise<boolean> {
  const { env, rights } = await addressed(req);
  if (!rights.delete) throw writeError('rest_cannot_delete', { status: authStatus(env) });
  return true;
}

/** The parent a write names: a revision or another attachment cannot be one. */
async function parentFor(env: CalendarEnv, args: MediaWriteArgs): Promise<PostRow | undefined> {
  if (!present(args.post)) return undefined;
  const parent = await getPost(env.ctx.wp, Number(args.post));
  if (parent && (parent.post_type === 'revision' || parent.post_type === 'attachment')) throw mediaError('rest_invalid_parent_type');
  return parent;
}

/** The attachment in the edit context, as the write's answer shows it. */
export async function editObject(env: CalendarEnv, id: number, req: Req): Promise<Record<string, unknown>> {
  const [object] = mediaObjects(env, await libraryOf(env, [id]), [id], 'edit', req.params._fields);
  return object!;
}

/** wp_generate_attachment_metadata() for what was stored: an image's dimensions, sizes and (empty) EXIF, or the size alone. */
function metadataOf(stored: StoredUpload): Record<string, unknown> {
  if (!stored.image) return { filesize: stored.filesize };
  const { width, height, sizes, original } = stored.image;
  return { width, height, file: stored.file, filesize: stored.filesize, sizes, image_meta: stored.image.meta, ...(original ? { original_image: original } : {}) };
}

/** insert_attachment(): an image's EXIF title names it when the request gives none (not a title that slugs to a number). */
function exifTitle(stored: StoredUpload): string | undefined {
  const title = stored.image?.meta.title ?? '';
  return title.trim() !== '' && !/^\d+(\.\d+)?$/.test(sanitizeTitle(title)) ? title : undefined;
}

/** wp_insert_post() keeps an attachment `private` when asked, and `inherit` for every other status. */
const attachmentStatus = (status: string | undefined) => (status === undefined ? undefined : status === 'private' ? 'private' : 'inherit');

/** The post fields a write's arguments set (prepare_item_for_database()). */
function postChanges(env: CalendarEnv, args: MediaWriteArgs, parent: PostRow | undefined): PostChanges {
  return {
    post_status: attachmentStatus(args.status),
    post_title: args.title,
    post_content: args.description,
    post_excerpt: args.caption,
    post_name: args.slug,
    post_author: args.author,
    ...requestDates(env, args),
    comment_status: args.comment_status,
    ping_status: args.ping_status,
    ...(args.post !== undefined ? { post_parent: parent?.ID ?? 0 } : {}),
    slashed: true,
  };
}

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export async function uploadMedia(req: Req): Promise<RestResponse> {
  const env = withCorePermalinks(await envOf(req));
  const args = req.args as MediaWriteArgs;
  const parent = await parentFor(env, args);
  const { data, filename, fromForm } = uploadedFile(req);
  const media = env.ctx.media;
  // wp_upload_dir(): the month of the post it is attached to, else of now (the site's wall clock).
  const time = parent && parent.post_date.slice(0, 4) > '0000' ? parent.post_date : formatWallClock(env.ctx.now, env.siteZone);
  const folder = `${time.slice(0, 4)}/${time.slice(5, 7)}`;
  if (!media) throw mediaError('rest_upload_sideload_error', { args: [`Unable to create directory wp-content/uploads/${folder}. Is its parent directory writable by the server?`] });
  let stored: StoredUpload;
  try {
    stored = await storeUpload(data, filename, media, folder);
  } catch (error) {
    if (error instanceof UploadRefused) throw mediaError(fromForm ? 'rest_upload_form_error' : 'rest_upload_sideload_error', { args: [error.message] });
    throw error;
  }
  let id: number;
  try {
    id = await env.ctx.wp.transaction(async (wp) => {
      const post = await insertPost(wp, env.write, {
        ...defined(postChanges(env, args, parent)),
        post_type: 'attachment',
        post_status: attachmentStatus(args.status) ?? 'inherit',
        post_title: present(args.title) ? args.title : (exifTitle(stored) ?? args.title ?? stored.name),
        ...(present(args.caption) || !stored.image?.meta.caption.trim() ? {} : { post_excerpt: stored.image.meta.caption }),
        post_author: args.author ?? env.ctx.principal.userId,
        post_mime_type: stored.mime,
        comment_status: args.comment_status ?? 'open',
        ping_status: args.ping_status ?? 'closed',
        guid: `${env.site.uploadsUrl}/${stored.uploaded}`,
      });
      await addPostMeta(wp, post.ID, WP_META.attachedFile, stored.file);
      if (args.alt_text !== undefined) await updatePostMeta(wp, post.ID, WP_META.imageAlt, args.alt_text);
      await addPostMeta(wp, post.ID, WP_META.attachmentMetadata, metadataOf(stored));
      return post.ID;
    });
  } catch (error) {
    await removeAttachmentFiles(media, stored.file, [...Object.values(stored.image?.sizes ?? {}).map((s) => s.file), ...(stored.image?.original ? [stored.image.original] : [])]);
    throw error;
  }
  const object = await editObject(env, id, req);
  return new RestResponse(object, 201, { Location: `${restRoot(env.site)}wp/v2/media/${id}` });
}

export async function updateMedia(req: Req): Promise<Record<string, unknown>> {
  const { post } = await addressed(req);
  const env = withCorePermalinks(await envOf(req));
  const args = req.args as MediaWriteArgs;
  const parent = await parentFor(env, args);
  await env.ctx.wp.transaction(async (wp) => {
    await updatePost(wp, env.write, post.ID, defined(postChanges(env, args, parent)));
    if (args.alt_text !== undefined) await updatePostMeta(wp, post.ID, WP_META.imageAlt, args.alt_text);
  });
  return editObject(env, post.ID, req);
}

/** The files of an attachment: its own, each intermediate size's and an edited image's original. */
export function sizeFiles(rawMetadata: string | null | undefined): string[] {
  const meta = rawMetadata ? phpUnserialize(rawMetadata) : undefined;
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return [];
  const record = meta as Record<string, unknown>;
  const sizes = record.sizes && typeof record.sizes === 'object' ? Object.values(record.sizes as Record<string, { file?: unknown }>) : [];
  const files = sizes.map((s) => s?.file).filter((f): f is string => typeof f === 'string' && f !== '');
  return typeof record.original_image === 'string' ? [...files, record.original_image] : files;
}

export async function deleteMedia(req: Req): Promise<Record<string, unknown>> {
  const { post } = await addressed(req);
  const env = withCorePermalinks(await envOf(req));
  if (req.args.force !== true) throw mediaError('rest_trash_not_supported');
  // The answer's `previous` is the attachment as it was, without its links.
  const { _links: _gone, ...previous } = await editObject(env, post.ID, req);
  const meta = await loadPostMeta(env.ctx.wp, [post.ID], [WP_META.attachedFile, WP_META.attachmentMetadata]);
  await env.ctx.wp.transaction((wp) => deleteAttachmentRows(wp, env.registry.terms, post.ID));
  const file = meta.first(post.ID, WP_META.attachedFile);
  if (file && env.ctx.media) await removeAttachmentFiles(env.ctx.media, file, sizeFiles(meta.first(post.ID, WP_META.attachmentMetadata)));
  return { deleted: true, previous };
}

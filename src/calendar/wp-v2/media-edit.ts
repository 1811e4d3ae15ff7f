import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hasCap } from '../../auth/principal';
import { restRoot } from '../../http/context';
import { RestResponse } from '../../http/response';
import { phpUnserialize } from '../../php/php-serialize';
import { formatWallClock } from '../../php/date-time';
import { editImage } from '../../media/image-edit';
import { imageFacts, storeImageFiles, uploadsFolder, type StoredImageFiles } from '../../media/uploads';
import { editedName } from '../../wp/image-edits';
import type { ImageMeta } from '../../wp/image-meta';
import { addPostMeta, loadPostMeta } from '../../wp/postmeta';
import { insertPost } from '../../wp/post-writer';
import { mediaError } from '../../wp-rest/media-args';
import { requestedModifiers, type MediaEditArgs } from '../../wp-rest/media-edit-args';
import { WP_META } from '../registry/meta-keys';
import { envOf, type Req } from '../post-resource/request';
import { addressed, libraryOf, mediaObjects } from './media-view';
import { mayUpdateMedia } from './media-writes';
import { restContext } from '../../wp-rest/response-fields';
import { withCorePermalinks } from './post-view';

/**
 * `POST /wp/v2/media/<id>/edit` (edit_media_item()): the attachment's image, flipped, rotated and cropped as asked,
 * becomes a new attachment `<name>-edited.<ext>` in this month's folder with WordPress's sizes; it takes the
 * original's title, caption, description and alternative text unless the request gives its own, and its metadata
 * names the image it was made of (`parent_image`). The original stays as it is.
 */

const EDITABLE = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'];

/** edit_media_item_permissions_check(): upload_files, then what an update of the attachment needs. */
export async function mayEditMedia(req: Req): Promise<boolean> {
  const env = await envOf(req);
  if (!hasCap(env.ctx.principal, 'upload_files')) throw mediaError('rest_cannot_edit_image', { status: env.ctx.isLoggedIn() ? 403 : 401 });
  return mayUpdateMedia(req);
}

type Metadata = { file?: unknown; original_image?: unknown; sizes?: Record<string, { file?: unknown }>; image_meta?: Partial<ImageMeta> };

/** wp_image_file_matches_image_meta(): the URL names the attachment's file, its original or one of its sizes. */
function srcMatches(src: string, meta: Metadata): boolean {
  const location = src.split('?')[0]!.split('#')[0]!;
  const file = typeof meta.file === 'string' ? meta.file : '';
  if (file.length <= 4) return false;
  if (location.endsWith(file)) return true;
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  const names = [meta.original_image, ...Object.values(meta.sizes ?? {}).map((s) => s?.file)].filter((n): n is string => typeof n === 'string');
  return names.some((name) => location.endsWith(`${dir}${name}`));
}

/** The original's EXIF values where the edited image has none (its orientation then upright). */
function mergedImageMeta(edited: ImageMeta, original: Partial<ImageMeta> | undefined): ImageMeta {
  const out: ImageMeta = { ...edited };
  for (const [key, value] of Object.entries(original ?? {}) as Array<[keyof ImageMeta, unknown]>) {
    const empty = (v: unknown) => v === undefined || v === '' || v === '0' || v === 0 || (Array.isArray(v) && v.length === 0);
    if (!empty(value) && empty(out[key])) (out as unknown as Record<string, unknown>)[key] = value;
  }
  if (out.orientation && out.orientation !== '0') out.orientation = 1;
  return out;
}

/** The edited image stored under the first free `-edited` name of this month's folder. */
async function storeEdited(uploadsDir: string, folder: string, name: string, image: Buffer): Promise<StoredImageFiles> {
  const facts = await imageFacts(image);
  if (!facts) throw mediaError('rest_cannot_edit_file_type');
  const dir = await uploadsFolder(uploadsDir, folder);
  for (let n = 0; ; n++) {
    try {
      return await storeImageFiles(image, facts, dir, n === 0 ? name : `${name}-${n}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

export async function editMedia(req: Req): Promise<RestResponse> {
  const { post } = await addressed(req);
  const env = withCorePermalinks(await envOf(req));
  const media = env.ctx.media;
  const a = req.args as unknown as MediaEditArgs;
  const stored = await loadPostMeta(env.ctx.wp, [post.ID], [WP_META.attachedFile, WP_META.attachmentMetadata, WP_META.imageAlt]);
  const raw = stored.first(post.ID, WP_META.attachmentMetadata);
  const meta = (raw ? phpUnserialize(raw) : undefined) as Metadata | undefined;
  const attached = stored.first(post.ID, WP_META.attachedFile) ?? '';
  const original = meta && typeof meta.original_image === 'string' ? `${attached.slice(0, attached.lastIndexOf('/') + 1)}${meta.original_image}` : attached;
  if (!media || !meta || typeof meta !== 'object' || !attached || !srcMatches(a.src, meta)) throw mediaError('rest_unknown_attachment');
  if (!EDITABLE.includes(post.post_mime_type)) throw mediaError('rest_cannot_edit_file_type');
  const modifiers = requestedModifiers(a);
  if (modifiers.length === 0) throw mediaError('rest_image_not_edited');
  const source = await readFile(join(media.uploadsDir, original)).catch(() => undefined);
  if (!source) throw mediaError('rest_unknown_attachment');
  const edited = await editImage(source, modifiers);
  const now = formatWallClock(env.ctx.now, env.siteZone);
  const folder = `${now.slice(0, 4)}/${now.slice(5, 7)}`;
  const base = original.slice(original.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  const files = await storeEdited(media.uploadsDir, folder, editedName(base), edited);
  const file = `${folder}/${files.main}`;
  const alt = a.alt_text ?? stored.first(post.ID, WP_META.imageAlt) ?? '';
  const id = await env.ctx.wp.transaction(async (wp) => {
    const created = await insertPost(wp, env.write, {
      post_type: 'attachment',
      post_status: 'inherit',
      post_mime_type: post.post_mime_type,
      guid: `${env.site.uploadsUrl}/${file}`,
      post_title: a.title ?? post.post_title,
      post_content: a.description ?? post.post_content,
      post_excerpt: a.caption ?? post.post_excerpt,
      post_author: env.ctx.principal.userId,
      post_parent: a.post ?? 0,
      comment_status: 'open',
      ping_status: 'closed',
    });
    await addPostMeta(wp, created.ID, WP_META.attachedFile, file);
    if (alt !== '') await addPostMeta(wp, created.ID, WP_META.imageAlt, alt);
    const { width, height, filesize, sizes } = files;
    await addPostMeta(wp, created.ID, WP_META.attachmentMetadata, {
      width,
      height,
      file,
      filesize,
      sizes,
      image_meta: mergedImageMeta(files.meta, meta.image_meta),
      parent_image: { attachment_id: String(post.ID), file: original },
    });
    return created.ID;
  });
  const [object] = mediaObjects(env, await libraryOf(env, [id]), [id], restContext(req.params.context), req.params._fields);
  return new RestResponse(object, 201, { Location: `${restRoot(env.site)}wp/v2/media/${id}` });
}

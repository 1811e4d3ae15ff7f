import { findAttachmentByUrl as findByUrl } from '../../wp/attachments';
import { addPostMeta } from '../../wp/postmeta';
import { insertPost } from '../../wp/post-writer';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import { WP_META } from '../registry/meta-keys';
import type { StoredImage } from '../../media/uploads';
import type { WritePreparation } from './write-preparation';

/** Image URLs given to the plugin's `image` arguments, and the attachments they become. */

/** An existing attachment for an image URL: by guid, or by the URL TEC's importer recorded. */
export function findAttachmentByUrl(wp: WpData, url: string): Promise<number | undefined> {
  return findByUrl(wp, url, WP_META.importerOriginalUrl);
}

const MIME_BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', jpe: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', bmp: 'image/bmp', ico: 'image/x-icon', tif: 'image/tiff', tiff: 'image/tiff', heic: 'image/heic' };

/**
 * The attachment for an image URL: an existing one, or a new media-library entry pointing at the URL, marked
 * with `_tribe_importer_original_url` as the plugin's uploader marks sideloaded images. A URL the request's
 * validation downloaded becomes an attachment of the stored file; without downloads (fixtures, imports, or no
 * uploads folder configured) the remote URL is recorded as the attachment's file URL.
 */
export async function attachmentForUrl(env: CalendarEnv, wp: WpData, url: string, parentId: number, prepared: WritePreparation): Promise<number> {
  const existing = await findAttachmentByUrl(wp, url);
  if (existing) return existing;
  const stored = prepared.images.get(url);
  if (stored) return insertImportedImage(env, wp, url, stored);
  const file = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? 'image');
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
  const post = await insertPost(wp, env.write, {
    post_type: 'attachment',
    post_status: 'inherit',
    post_title: file.replace(/\.[^.]+$/, ''),
    post_parent: parentId,
    post_author: env.ctx.principal.userId,
    post_mime_type: MIME_BY_EXTENSION[extension] ?? 'image/jpeg',
    guid: url,
  });
  await addPostMeta(wp, post.ID, WP_META.importerOriginalUrl, url);
  return post.ID;
}

/**
 * The attachment media_handle_sideload() writes for a downloaded image, as The Events Calendar 6.17.2 leaves it:
 * no parent, comments open, the uploads URL as guid, the file and its metadata, and the URL it came from.
 */
async function insertImportedImage(env: CalendarEnv, wp: WpData, url: string, stored: StoredImage): Promise<number> {
  const post = await insertPost(wp, env.write, {
    post_type: 'attachment',
    post_status: 'inherit',
    post_title: stored.name,
    post_name: stored.name,
    post_author: env.ctx.principal.userId,
    post_mime_type: stored.mime,
    comment_status: 'open',
    guid: `${env.site.uploadsUrl}/${stored.original ? `${stored.file.slice(0, stored.file.lastIndexOf('/') + 1)}${stored.original}` : stored.file}`,
  });
  await addPostMeta(wp, post.ID, WP_META.attachedFile, stored.file);
  const { width, height, file, filesize, sizes, original } = stored;
  await addPostMeta(wp, post.ID, WP_META.attachmentMetadata, { width, height, file, filesize, sizes, image_meta: stored.meta, ...(original ? { original_image: original } : {}) });
  await addPostMeta(wp, post.ID, WP_META.importerOriginalUrl, url);
  return post.ID;
}

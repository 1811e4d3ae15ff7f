import { phpUnserialize } from '../../php/php-serialize';
import { storeMissingSizes } from '../../media/uploads';
import { EMPTY_IMAGE_META } from '../../wp/image-meta';
import { missingImageSizes } from '../../wp/image-sizes';
import { loadPostMeta, updatePostMeta } from '../../wp/postmeta';
import { WP_META } from '../registry/meta-keys';
import type { CalendarEnv } from '../site/calendar-env';
import type { PostRow } from '../../wp/posts';
import { envOf, type Req } from '../post-resource/request';
import { addressed } from './media-view';
import { editObject } from './media-writes';
import { withCorePermalinks } from './post-view';

/**
 * `POST /wp/v2/media/{id}/post-process` with `action=create-image-subsizes` (wp_update_image_subsizes()): the sizes
 * an image's metadata lacks — sizes registered after it was uploaded, or those a failed upload did not make — are
 * made from its file and added to `_wp_attachment_metadata`, after the ones it has. WordPress answers the attachment
 * whatever happened (a file it cannot read, an attachment that is no image): so does the service.
 */
async function createImageSubsizes(env: CalendarEnv, post: PostRow): Promise<void> {
  const media = env.ctx.media;
  if (!media || !post.post_mime_type.startsWith('image/')) return;
  const meta = await loadPostMeta(env.ctx.wp, [post.ID], [WP_META.attachedFile, WP_META.attachmentMetadata]);
  const file = meta.first(post.ID, WP_META.attachedFile);
  if (!file) return;
  const raw = meta.first(post.ID, WP_META.attachmentMetadata);
  const parsed = raw ? phpUnserialize(raw) : undefined;
  const stored = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  const missing = missingImageSizes(stored);
  if (missing.length === 0) return;
  const made = await storeMissingSizes(media.uploadsDir, file, missing);
  if (!made) return;
  // Metadata lost (a failed upload): wp_create_image_subsizes() describes the image anew.
  const metadata = stored ?? { width: made.width, height: made.height, file, filesize: made.filesize, sizes: {}, image_meta: EMPTY_IMAGE_META };
  const sizes = metadata.sizes !== null && typeof metadata.sizes === 'object' ? (metadata.sizes as Record<string, unknown>) : {};
  await env.ctx.wp.transaction((wp) => updatePostMeta(wp, post.ID, WP_META.attachmentMetadata, { ...metadata, sizes: { ...sizes, ...made.sizes } }));
}

/** post_process_item(): the action, then the attachment in the edit context. */
export async function postProcessMedia(req: Req): Promise<Record<string, unknown>> {
  const { post } = await addressed(req);
  const env = withCorePermalinks(await envOf(req));
  if (req.args.action === 'create-image-subsizes') await createImageSubsizes(env, post);
  return editObject(env, post.ID, req);
}

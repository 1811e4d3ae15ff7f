import { phpUnserialize, type PhpValue } from '../../php/php-serialize';
import type { PostSet } from '../../wp/post-set';
import type { z } from 'zod';
import type { Image } from '../schemas/parts';

/**
 * The featured-image object TEC returns (Tribe__Events__REST__V1__Post_Repository::get_featured_image): url, id,
 * extension, then the attachment metadata without `file` and `image_meta`, each size with its own URL. `false` when
 * there is none.
 */

export type ImageObject = z.output<typeof Image> | false;

/** wp_get_attachment_url(): the uploads URL of `_wp_attached_file`, else the guid. */
export function attachmentUrl(attachments: PostSet, id: number, uploadsUrl: string): string {
  const file = attachments.meta.first(id, '_wp_attached_file');
  if (file) {
    if (/^https?:\/\//.test(file)) return file;
    const marker = file.indexOf('wp-content/uploads/');
    return `${uploadsUrl}/${marker >= 0 ? file.slice(marker + 'wp-content/uploads/'.length) : file.replace(/^\/+/, '')}`;
  }
  return attachments.posts.get(id)?.guid ?? '';
}

const isFalsy = (v: unknown) => v === false || v === null || v === undefined || v === '' || v === 0 || v === '0' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

export function imageObject(attachments: PostSet, thumbnailId: string | null | undefined, uploadsUrl: string): ImageObject {
  const id = Number(thumbnailId);
  if (!thumbnailId || !Number.isSafeInteger(id) || id <= 0) return false;
  const url = attachmentUrl(attachments, id, uploadsUrl);
  const file = attachments.meta.first(id, '_wp_attached_file') ?? url;
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.split('?')[0] ?? '')?.[1] ?? '';
  const data = { url, id, extension };
  const rawMeta = attachments.meta.first(id, '_wp_attachment_metadata');
  const metadata = rawMeta ? phpUnserialize(rawMeta) : false;
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return data;
  const m = metadata as Record<string, PhpValue>;
  if (!('image_meta' in m) || !('file' in m) || !('sizes' in m)) return data;
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  const out: Record<string, unknown> = { ...data };
  for (const [key, value] of Object.entries(m)) {
    if (key === 'file' || key === 'image_meta') continue;
    if (key === 'sizes' && value && typeof value === 'object') {
      const sizes: Record<string, unknown> = {};
      for (const [name, size] of Object.entries(value as Record<string, PhpValue>)) {
        if (!size || typeof size !== 'object' || Array.isArray(size)) continue;
        const { file: sizeFile, ...rest } = size as Record<string, PhpValue>;
        sizes[name] = { ...rest, url: typeof sizeFile === 'string' && sizeFile ? `${base}${sizeFile}` : null };
      }
      out.sizes = Array.isArray(value) && Object.keys(sizes).length === 0 ? [] : sizes;
      continue;
    }
    out[key] = value;
  }
  // array_filter() on the merged array: falsy top-level entries (an empty sizes list) disappear. The metadata's keys
  // are what WordPress stored (width, height, filesize as numbers): taken as the Image schema declares them.
  return Object.fromEntries(Object.entries(out).filter(([, v]) => !isFalsy(v))) as z.output<typeof Image>;
}

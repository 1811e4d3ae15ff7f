import { randomInt } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FetchRefused, safeFetch, type FetchLimits } from './safe-fetch';

/**
 * media_sideload_image() without WordPress: the image is fetched (safe-fetch.ts), checked to be an image, stored
 * under the uploads folder as `YYYY/MM/<name>-<6 random characters>.<ext>` (download_url()'s temporary name) with
 * WordPress's default intermediate sizes, and described as wp_generate_attachment_metadata() describes it.
 */

export interface MediaSettings extends FetchLimits {
  /** The folder served at /wp-content/uploads/. */
  uploadsDir: string;
}

export interface SizeEntry {
  file: string;
  width: number;
  height: number;
  'mime-type': string;
  filesize: number;
}

export interface StoredImage {
  /** Relative to the uploads folder (`_wp_attached_file`). */
  file: string;
  /** The file name without extension: the attachment's title. */
  name: string;
  mime: string;
  width: number;
  height: number;
  filesize: number;
  sizes: Record<string, SizeEntry>;
}

const FORMATS: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  gif: { mime: 'image/gif', ext: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp' },
  avif: { mime: 'image/avif', ext: 'avif' },
};

/** WordPress's default image sizes, in registration order: name, width, height, crop. */
const SIZES: ReadonlyArray<[string, number, number, boolean]> = [
  ['thumbnail', 150, 150, true],
  ['medium', 300, 300, false],
  ['medium_large', 768, 0, false],
  ['large', 1024, 1024, false],
  ['1536x1536', 1536, 1536, false],
  ['2048x2048', 2048, 2048, false],
];

/** image_resize_dimensions(): the size a resize would give, or undefined when the image is not larger. */
export function resizeDimensions(width: number, height: number, maxW: number, maxH: number, crop: boolean): [number, number] | undefined {
  let w: number;
  let h: number;
  if (crop) {
    w = Math.min(maxW || width, width);
    h = Math.min(maxH || height, height);
  } else {
    // wp_constrain_dimensions(): fit inside the box, a 0 side unconstrained.
    const ratios = [maxW ? maxW / width : Infinity, maxH ? maxH / height : Infinity];
    const ratio = Math.min(...ratios, 1);
    w = Math.max(1, Math.round(width * ratio));
    h = Math.max(1, Math.round(height * ratio));
  }
  return w >= width && h >= height ? undefined : [w, h];
}

const RANDOM_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomSuffix = () => Array.from({ length: 6 }, () => RANDOM_CHARS[randomInt(RANDOM_CHARS.length)]).join('');

/** sanitize_file_name(), for the characters a URL's last segment may hold. */
function fileBase(url: URL): string {
  let last = url.pathname.split('/').pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // keep it encoded
  }
  const base = last.replace(/\.[^.]*$/, '').replace(/[\s+]+/g, '-').replace(/[^A-Za-z0-9._-]/g, '').replace(/^[.\-_]+|[.\-_]+$/g, '');
  return base || 'image';
}

export async function importImage(url: string, settings: MediaSettings, now: Date): Promise<StoredImage> {
  const { body, finalUrl } = await safeFetch(url, settings);
  // Loaded on the first image, not at start: most processes never download one.
  const { default: sharp } = await import('sharp');
  const meta = await sharp(body)
    .metadata()
    .catch(() => undefined);
  const format = meta?.format ? FORMATS[meta.format] : undefined;
  if (!meta || !format || !meta.width || !meta.height) throw new FetchRefused('not an image');
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  await mkdir(join(settings.uploadsDir, folder), { recursive: true });
  const name = `${fileBase(new URL(url)) || fileBase(finalUrl)}-${randomSuffix()}`;
  const file = `${folder}/${name}.${format.ext}`;
  await writeFile(join(settings.uploadsDir, file), body, { flag: 'wx' });
  const sizes: Record<string, SizeEntry> = {};
  for (const [size, maxW, maxH, crop] of SIZES) {
    const dims = resizeDimensions(meta.width, meta.height, maxW, maxH, crop);
    if (!dims) continue;
    const sizeFile = `${name}-${dims[0]}x${dims[1]}.${format.ext}`;
    const path = join(settings.uploadsDir, folder, sizeFile);
    await sharp(body).resize(dims[0], dims[1], { fit: crop ? 'cover' : 'fill' }).toFile(path);
    sizes[size] = { file: sizeFile, width: dims[0], height: dims[1], 'mime-type': format.mime, filesize: (await stat(path)).size };
  }
  return { file, name, mime: format.mime, width: meta.width, height: meta.height, filesize: body.length, sizes };
}

/** Removes a stored image and its sizes: a download whose write did not happen leaves no file behind. */
export async function removeStoredImage(stored: StoredImage, settings: MediaSettings): Promise<void> {
  const folder = dirname(stored.file);
  const files = [stored.file, ...Object.values(stored.sizes).map((size) => join(folder, size.file))];
  for (const file of files) await rm(join(settings.uploadsDir, file), { force: true });
}

/** wp_read_image_metadata()'s answer for an image without EXIF or IPTC data. */
export const EMPTY_IMAGE_META = { aperture: '0', credit: '', camera: '', caption: '', created_timestamp: '0', copyright: '', focal_length: '0', iso: '0', shutter_speed: '0', title: '', orientation: '0', keywords: [], alt: '' };

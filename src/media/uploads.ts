import { randomInt } from 'node:crypto';
import { mkdir, open, readFile, realpath, rm } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, isAbsolute } from 'node:path';
import { FetchRefused, safeFetch, type FetchLimits } from './safe-fetch';
import { resizedImages, type ResizedImage } from './image-resize';
import { SIZES } from '../wp/image-sizes';
import { imageMeta, type ImageMeta } from '../wp/image-meta';
import { readImageTags } from './image-exif';

/**
 * media_sideload_image() without WordPress: the image is fetched (safe-fetch.ts), checked to be an image, stored
 * under the uploads folder as `YYYY/MM/<name>-<6 random characters>.<ext>` (download_url()'s temporary name) with
 * WordPress's default intermediate sizes, and described as wp_generate_attachment_metadata() describes it. Every size
 * is made before anything is written, and a write that fails removes what it wrote: a failed import leaves no file.
 * Nothing is written through a symbolic link leading out of the uploads folder.
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
  /** What WordPress reads of its EXIF tags (`image_meta`). */
  meta: ImageMeta;
  /** The downloaded file, when an upright copy of it is the attachment's (`original_image`). */
  original?: string;
}

const FORMATS: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  gif: { mime: 'image/gif', ext: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp' },
  avif: { mime: 'image/avif', ext: 'avif' },
};

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

/** Whether `path` is `root` or below it (both real paths). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The real path of `folder` (`YYYY/MM`) under the uploads folder, made one level at a time: a level that is a
 * symbolic link leading out of the folder is refused before anything is made through it.
 */
export async function uploadsFolder(uploadsDir: string, folder: string): Promise<string> {
  await mkdir(uploadsDir, { recursive: true });
  const root = await realpath(uploadsDir);
  let dir = root;
  for (const part of folder.split('/')) {
    await mkdir(join(dir, part)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    dir = await realpath(join(dir, part));
    if (!isInside(root, dir)) throw new FetchRefused(`${folder} leads out of the uploads folder`);
  }
  return dir;
}

/** Writes a new file (never over an existing one or through a link), noting it in `written` once it exists. */
export async function writeNewFile(path: string, data: Buffer, written: string[]): Promise<void> {
  const handle = await open(path, 'wx');
  written.push(path);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/** What sharp reads of an image's header: its format (one WordPress makes sizes of) and dimensions. */
export interface ImageFacts {
  format: { mime: string; ext: string };
  width: number;
  height: number;
}

export async function imageFacts(body: Buffer): Promise<ImageFacts | undefined> {
  // Loaded on the first image, not at start: most processes never store one.
  const { default: sharp } = await import('sharp');
  const meta = await sharp(body)
    .metadata()
    .catch(() => undefined);
  const format = meta?.format ? FORMATS[meta.format] : undefined;
  return meta && format && meta.width && meta.height ? { format, width: meta.width, height: meta.height } : undefined;
}

/** An image stored as WordPress stores an upload: the file, an upright copy where it needs one, and its sizes. */
export interface StoredImageFiles {
  /** The file the attachment names (`_wp_attached_file`): the image, or its upright copy `<name>-rotated.<ext>`. */
  main: string;
  /** The file as it came, when an upright copy was made (the metadata's `original_image`). */
  original?: string;
  /** The main file's dimensions and byte count. */
  width: number;
  height: number;
  filesize: number;
  sizes: Record<string, SizeEntry>;
  /** What WordPress reads of its EXIF tags (`image_meta`); an upright copy's orientation is then 1. */
  meta: ImageMeta;
}

/**
 * wp_create_image_subsizes() without WordPress: the image stored as `<name>.<ext>` with WordPress's intermediate sizes
 * beside it as `<name>-<w>x<h>.<ext>`. A JPEG whose EXIF orientation is not upright also gets an upright copy,
 * `<name>-rotated.<ext>`, which the attachment then names and the sizes are made of (wp_maybe_exif_rotate()). Every
 * size is made before any file is written: the whole image is decoded here (the header alone made the facts), so a
 * truncated body fails (FetchRefused) before any write. The sizes are listed by WordPress's priority.
 */
export async function storeImageFiles(body: Buffer, facts: ImageFacts, dir: string, name: string): Promise<StoredImageFiles> {
  const { default: sharp } = await import('sharp');
  const meta = imageMeta(...(await readImageTags(body, facts.format.mime)));
  const orientation = Number(meta.orientation);
  const rotate = facts.format.mime === 'image/jpeg' && orientation >= 2 && orientation <= 8;
  let resized: ResizedImage[];
  let upright = body;
  // Orientations 5 to 8 turn the image a quarter: its sides swap.
  const [width, height] = rotate && orientation >= 5 ? [facts.height, facts.width] : [facts.width, facts.height];
  try {
    if (rotate) upright = await sharp(body).rotate().toBuffer();
    resized = await resizedImages(upright, width, height, SIZES.map(([size]) => size));
    if (resized.length === 0) await sharp(body).stats();
  } catch {
    throw new FetchRefused('not a readable image');
  }
  const { ext } = facts.format;
  const written: string[] = [];
  try {
    await writeNewFile(join(dir, `${name}.${ext}`), body, written);
    if (rotate) await writeNewFile(join(dir, `${name}-rotated.${ext}`), upright, written);
    const sizes = await writeSizes(resized, dir, name, facts.format, written);
    if (!rotate) return { main: `${name}.${ext}`, width, height, filesize: body.length, sizes, meta };
    return { main: `${name}-rotated.${ext}`, original: `${name}.${ext}`, width, height, filesize: upright.length, sizes, meta: { ...meta, orientation: 1 } };
  } catch (error) {
    for (const path of written) await rm(path, { force: true });
    throw error;
  }
}

/** Each resized image stored as `<name>-<w>x<h>.<ext>` beside the original, described as the metadata lists it. */
async function writeSizes(resized: readonly ResizedImage[], dir: string, name: string, format: { ext: string; mime: string }, written: string[]): Promise<Record<string, SizeEntry>> {
  const sizes: Record<string, SizeEntry> = {};
  for (const { size, width, height, data } of resized) {
    const file = `${name}-${width}x${height}.${format.ext}`;
    await writeNewFile(join(dir, file), data, written);
    sizes[size] = { file, width, height, 'mime-type': format.mime, filesize: data.length };
  }
  return sizes;
}

/**
 * _wp_make_subsizes(): the sizes `missing` of a stored image (`file`, relative to the uploads folder) made from it
 * and written beside it, replacing a file of the same name as WordPress's image editor does. Undefined when the file
 * is no image this service can read; else the image's dimensions and byte count, and the sizes made.
 */
export async function storeMissingSizes(uploadsDir: string, file: string, missing: readonly string[]): Promise<{ width: number; height: number; filesize: number; sizes: Record<string, SizeEntry> } | undefined> {
  const root = await realpath(uploadsDir).catch(() => undefined);
  const dir = await realpath(join(uploadsDir, dirname(file))).catch(() => undefined);
  if (!root || !dir || !isInside(root, dir)) return undefined;
  const body = await readFile(join(dir, basename(file))).catch(() => undefined);
  const facts = body && (await imageFacts(body));
  const resized = body && facts && (await resizedImages(body, facts.width, facts.height, missing).catch(() => undefined));
  if (!facts || !resized) return undefined;
  const written: string[] = [];
  const name = basename(file, extname(file));
  // A file of a size's name is replaced (removed first: nothing is written through a link).
  for (const { width, height } of resized) await rm(join(dir, `${name}-${width}x${height}${extname(file)}`), { force: true });
  const sizes = await writeSizes(resized, dir, name, { ext: extname(file).slice(1), mime: facts.format.mime }, written);
  return { width: facts.width, height: facts.height, filesize: body.length, sizes };
}

/** `YYYY/MM` of a time, as wp_upload_dir() names the folder of an upload. */
const monthFolder = (time: Date): string => `${time.getUTCFullYear()}/${String(time.getUTCMonth() + 1).padStart(2, '0')}`;

export async function importImage(url: string, settings: MediaSettings, now: Date): Promise<StoredImage> {
  const { body, finalUrl } = await safeFetch(url, settings);
  const facts = await imageFacts(body);
  if (!facts) throw new FetchRefused('not an image');
  const folder = monthFolder(now);
  const dir = await uploadsFolder(settings.uploadsDir, folder);
  const name = `${fileBase(new URL(url)) || fileBase(finalUrl)}-${randomSuffix()}`;
  const stored = await storeImageFiles(body, facts, dir, name);
  const { width, height, filesize, sizes, meta, original } = stored;
  return { file: `${folder}/${stored.main}`, name, mime: facts.format.mime, width, height, filesize, sizes, meta, ...(original ? { original } : {}) };
}

/** Removes a stored image and its sizes: a download whose write did not happen leaves no file behind. */
export async function removeStoredImage(stored: StoredImage, settings: MediaSettings): Promise<void> {
  const folder = dirname(stored.file);
  const files = [stored.file, ...[...Object.values(stored.sizes).map((size) => size.file), ...(stored.original ? [stored.original] : [])].map((file) => join(folder, file))];
  for (const file of files) await rm(join(settings.uploadsDir, file), { force: true });
}


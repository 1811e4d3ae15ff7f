import { realpath, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { allowedMimeType } from './file-types';
import { FetchRefused } from './safe-fetch';
import { imageFacts, isInside, storeImageFiles, uploadsFolder, writeNewFile, type MediaSettings, type SizeEntry } from './uploads';
import type { ImageMeta } from '../wp/image-meta';

/**
 * A file uploaded through `POST /wp/v2/media`, stored as wp_handle_sideload() and wp_generate_attachment_metadata()
 * store it: the name sanitized, its extension checked against the allowed types (an image's corrected to its real
 * format), made unique in the month's folder (`poster.jpg`, `poster-1.jpg`…), and an image's intermediate sizes beside
 * it (uploads.ts, the same code as the images the calendar downloads).
 */

/** A refused upload, with WordPress's message (answered as rest_upload_sideload_error). */
export class UploadRefused extends Error {}

const NOT_ALLOWED_TYPE = 'Sorry, you are not allowed to upload this file type.';

export interface StoredUpload {
  /** Relative to the uploads folder (`_wp_attached_file`). */
  file: string;
  /** The stored file's name without extension: the attachment's default title. */
  name: string;
  mime: string;
  filesize: number;
  /**
   * An image's dimensions, its intermediate sizes, what WordPress reads of its EXIF tags (`image_meta`) and, when
   * `file` is an upright copy of it, the file as uploaded (`original_image`).
   */
  image?: { width: number; height: number; sizes: Record<string, SizeEntry>; meta: ImageMeta; original?: string };
  /** The file as uploaded, relative to the uploads folder: the attachment's guid names it. */
  uploaded: string;
}

/** sanitize_file_name(): the characters WordPress removes, blanks as dashes, no leading or trailing dots and dashes. */
function sanitizeFileName(name: string): string {
  const cleaned = name
    .replace(/[?[\]/\\=<>:;,'"&$#*()|~`!{}%+’«»”“\u0000]/g, '')
    .replace(/[\s\u00a0]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.\-_]+|[.\-_]+$/g, '');
  return cleaned;
}

const IMAGE_MIME = /^image\//;

export async function storeUpload(data: Buffer, filename: string, settings: MediaSettings, folder: string): Promise<StoredUpload> {
  const clean = sanitizeFileName(filename);
  const dot = clean.lastIndexOf('.');
  let ext = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  const base = dot > 0 ? clean.slice(0, dot) : clean;
  let mime = allowedMimeType(ext);
  if (!mime || !base) throw new UploadRefused(NOT_ALLOWED_TYPE);
  // wp_check_filetype_and_ext(): a file named as an image must be one; its real format names the extension.
  const facts = IMAGE_MIME.test(mime) ? await imageFacts(data) : undefined;
  if (IMAGE_MIME.test(mime) && !facts) throw new UploadRefused(NOT_ALLOWED_TYPE);
  if (facts) ({ ext, mime } = facts.format);
  const dir = await uploadsFolder(settings.uploadsDir, folder);
  for (let n = 0; ; n++) {
    const name = n === 0 ? base : `${base}-${n}`;
    try {
      if (facts) {
        const { main, original, width, height, filesize, sizes, meta } = await storeImageFiles(data, facts, dir, name);
        return { file: `${folder}/${main}`, uploaded: `${folder}/${name}.${ext}`, name, mime, filesize, image: { width, height, sizes, meta, ...(original ? { original } : {}) } };
      }
      await writeNewFile(join(dir, `${name}.${ext}`), data, []);
      return { file: `${folder}/${name}.${ext}`, uploaded: `${folder}/${name}.${ext}`, name, mime, filesize: data.length };
    } catch (error) {
      // wp_unique_filename(): a taken name tries the next number.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      if (error instanceof FetchRefused) throw new UploadRefused(NOT_ALLOWED_TYPE);
      throw error;
    }
  }
}

/**
 * wp_delete_attachment_files(): the file, its intermediate sizes and the original an edited image keeps, each only
 * when it lies inside the uploads folder.
 */
export async function removeAttachmentFiles(settings: MediaSettings, file: string, others: readonly string[]): Promise<void> {
  const root = await realpath(settings.uploadsDir).catch(() => undefined);
  if (!root || /^https?:\/\//.test(file)) return;
  const folder = dirname(file);
  for (const path of [file, ...others.map((name) => join(folder, name))]) {
    const full = join(root, path);
    if (isInside(root, full)) await rm(full, { force: true });
  }
}

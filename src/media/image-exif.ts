import type { ExifTags, IptcTags } from '../wp/image-meta';

/**
 * The EXIF tags and IPTC datasets WordPress reads of an uploaded image (src/wp/image-meta.ts), read with exifr.
 * WordPress reads EXIF of JPEG and TIFF files only (wp_read_image_metadata_types), IPTC of JPEGs.
 */

const READ_TYPES = ['image/jpeg', 'image/tiff'];

/** The tags by number: exif_read_data()'s names for them. */
const TAGS: Record<number, keyof ExifTags> = {
  270: 'ImageDescription',
  272: 'Model',
  274: 'Orientation',
  315: 'Artist',
  33432: 'Copyright',
  33434: 'ExposureTime',
  33437: 'FNumber',
  34855: 'ISOSpeedRatings',
  36868: 'DateTimeDigitized',
  37386: 'FocalLength',
  37510: 'UserComment',
};

/** A UserComment: 8 bytes naming its character code, then the text (ASCII or UTF-8 read as such; Unicode as UCS-2). */
function userComment(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!(value instanceof Uint8Array) || value.length < 8) return undefined;
  const code = Buffer.from(value.subarray(0, 8)).toString('latin1').replace(/\0+$/, '');
  const body = Buffer.from(value.subarray(8));
  return (code === 'UNICODE' ? body.swap16().toString('utf16le') : body.toString('utf8')).replace(/\0+$/, '');
}

/** The IPTC datasets by number (record 2). */
const DATASETS: Record<number, keyof IptcTags> = {
  5: 'ObjectName',
  25: 'Keywords',
  55: 'DateCreated',
  60: 'TimeCreated',
  80: 'Byline',
  105: 'Headline',
  110: 'Credit',
  116: 'Copyright',
  120: 'Caption',
};

/** The image's EXIF tags and IPTC datasets, each undefined where the file has none WordPress reads. */
export async function readImageTags(data: Buffer, mime: string): Promise<[ExifTags | undefined, IptcTags | undefined]> {
  if (!READ_TYPES.includes(mime)) return [undefined, undefined];
  // Loaded on the first photo, not at start.
  const { default: exifr } = await import('exifr');
  const raw = (await exifr
    .parse(data, { tiff: true, exif: true, gps: false, iptc: mime === 'image/jpeg', xmp: false, icc: false, jfif: false, ihdr: false, mergeOutput: false, translateKeys: false, translateValues: false, reviveValues: false })
    .catch(() => undefined)) as Record<string, Record<number, unknown>> | undefined;
  if (!raw) return [undefined, undefined];
  const tiff = { ...raw.ifd0, ...raw.exif };
  const exif: Record<string, unknown> = {};
  for (const [id, name] of Object.entries(TAGS)) {
    const value = tiff[Number(id)];
    if (value !== undefined) exif[name] = name === 'UserComment' ? userComment(value) : value;
  }
  const iptc: Record<string, unknown> = {};
  for (const [id, name] of Object.entries(DATASETS)) if (raw.iptc?.[Number(id)] !== undefined) iptc[name] = raw.iptc[Number(id)];
  return [Object.keys(exif).length > 0 ? (exif as ExifTags) : undefined, Object.keys(iptc).length > 0 ? (iptc as IptcTags) : undefined];
}

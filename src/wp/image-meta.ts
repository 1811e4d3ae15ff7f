import { phpFloatString, phpTrim } from '../php/builtins';
import { wpKses } from './text/kses';

/**
 * wp_read_image_metadata(): the `image_meta` of an image's `_wp_attachment_metadata`, from the EXIF tags of a JPEG or
 * TIFF (exif_read_data()'s names; IPTC is not read). Every value ends as a string, as wp_kses_post_deep() leaves
 * them; the caller reads the tags (src/media/image-exif.ts).
 */

export interface ExifTags {
  ImageDescription?: string;
  UserComment?: string;
  Artist?: string;
  Copyright?: string;
  Model?: string;
  DateTimeDigitized?: string;
  /** Rationals as the numbers they stand for (wp_exif_frac2dec()). */
  FNumber?: number;
  FocalLength?: number;
  ExposureTime?: number;
  ISOSpeedRatings?: number | readonly number[];
  Orientation?: number;
}

export interface ImageMeta {
  aperture: string;
  credit: string;
  camera: string;
  caption: string;
  created_timestamp: string;
  copyright: string;
  focal_length: string;
  iso: string;
  shutter_speed: string;
  title: string;
  /** A string as read; the number 1 once WordPress has made an upright copy of the image. */
  orientation: string | number;
  keywords: string[];
  alt: string;
}

/** What an image without any of these tags (or no image) gets. */
export const EMPTY_IMAGE_META: Readonly<ImageMeta> = {
  aperture: '0',
  credit: '',
  camera: '',
  caption: '',
  created_timestamp: '0',
  copyright: '',
  focal_length: '0',
  iso: '0',
  shutter_speed: '0',
  title: '',
  orientation: '0',
  keywords: [],
  alt: '',
};

/** PHP's empty() of a tag: absent, '', '0' or 0. */
const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '' && value !== '0' && value !== 0;
const text = (value: unknown): string => phpTrim(String(value));
/** A rational as a string: NaN (0/0) is 0, as wp_exif_frac2dec() answers a zero denominator. */
const decimal = (value: number, places?: number): string => {
  const n = Number.isFinite(value) ? value : 0;
  return phpFloatString(places === undefined ? n : Math.round(n * 10 ** places) / 10 ** places);
};

/** wp_exif_date2ts(): `Y:m:d H:i:s` read in UTC (WordPress runs PHP in UTC). */
function exifTimestamp(value: string): string {
  const [date = '', time = ''] = value.split(' ');
  const seconds = Date.parse(`${date.replaceAll(':', '-')}T${time || '00:00:00'}Z`) / 1000;
  return Number.isFinite(seconds) ? String(seconds) : '0';
}

export function imageMeta(exif: ExifTags | undefined): ImageMeta {
  const meta: ImageMeta = { ...EMPTY_IMAGE_META, keywords: [] };
  if (!exif) return meta;
  if (given(exif.ImageDescription)) {
    const description = text(exif.ImageDescription);
    // A short description is taken for the title, and for the caption unless a comment gives one.
    if (Buffer.byteLength(String(exif.ImageDescription)) < 80) meta.title = description;
    meta.caption = given(exif.UserComment) ? text(exif.UserComment) : description;
  }
  if (given(exif.Artist)) meta.credit = text(exif.Artist);
  if (given(exif.Copyright)) meta.copyright = text(exif.Copyright);
  if (given(exif.FNumber)) meta.aperture = decimal(exif.FNumber!, 2);
  if (given(exif.Model)) meta.camera = text(exif.Model);
  if (given(exif.DateTimeDigitized)) meta.created_timestamp = exifTimestamp(exif.DateTimeDigitized!);
  if (given(exif.FocalLength)) meta.focal_length = decimal(exif.FocalLength!);
  if (given(exif.ISOSpeedRatings)) meta.iso = text(Array.isArray(exif.ISOSpeedRatings) ? exif.ISOSpeedRatings[0] : exif.ISOSpeedRatings);
  if (given(exif.ExposureTime)) meta.shutter_speed = decimal(exif.ExposureTime!);
  if (given(exif.Orientation)) meta.orientation = String(exif.Orientation);
  // wp_kses_post_deep(): markup in a tag is filtered as a post's content is.
  for (const key of ['credit', 'camera', 'caption', 'copyright', 'title'] as const) meta[key] = wpKses(meta[key], 'post');
  return meta;
}

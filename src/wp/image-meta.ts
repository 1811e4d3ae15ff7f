import { phpFloatString, phpTrim } from '../php/builtins';
import { wpKses } from './text/kses';

/**
 * wp_read_image_metadata(): the `image_meta` of an image's `_wp_attachment_metadata`, from the IPTC datasets of a JPEG
 * and the EXIF tags of a JPEG or TIFF (exif_read_data()'s names). Every value but the keywords ends as a string, as
 * wp_kses_post_deep() leaves them; the caller reads the tags (src/media/image-exif.ts).
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

/** The IPTC datasets WordPress reads (iptcparse()'s `2#…` records; a repeated dataset as a list). */
export interface IptcTags {
  /** 2#005 Object Name, 2#105 Headline. */
  ObjectName?: string | readonly string[];
  Headline?: string | readonly string[];
  /** 2#120 Caption/Abstract. */
  Caption?: string | readonly string[];
  /** 2#110 Credit, 2#080 By-line. */
  Credit?: string | readonly string[];
  Byline?: string | readonly string[];
  /** 2#055 Date Created (`YYYYMMDD`), 2#060 Time Created (`HHMMSS±HHMM`). */
  DateCreated?: string | readonly string[];
  TimeCreated?: string | readonly string[];
  /** 2#116 Copyright Notice. */
  Copyright?: string | readonly string[];
  /** 2#025 Keywords. */
  Keywords?: string | readonly string[];
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

/** The first value of a dataset (iptcparse() lists every one). */
const first = (value: string | readonly string[] | undefined): string | undefined => (typeof value === 'string' ? value : value?.[0]);

/** strtotime() of IPTC's `YYYYMMDD HHMMSS[±HHMM]`, in UTC where no offset is given. */
function iptcTimestamp(date: string, time: string): string {
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(date.trim());
  const t = /^(\d{2})(\d{2})(\d{2})([+-]\d{2})?(\d{2})?$/.exec(time.trim());
  if (!d || !t) return '0';
  const seconds = Date.parse(`${d[1]}-${d[2]}-${d[3]}T${t[1]}:${t[2]}:${t[3]}${t[4] ? `${t[4]}:${t[5] ?? '00'}` : 'Z'}`) / 1000;
  return Number.isFinite(seconds) ? String(seconds) : '0';
}

/** The IPTC part, read first: EXIF then fills only what it left empty. */
function readIptc(meta: ImageMeta, iptc: IptcTags): void {
  const headline = first(iptc.Headline) ?? first(iptc.ObjectName);
  if (given(headline)) meta.title = text(headline);
  const caption = first(iptc.Caption);
  if (given(caption)) {
    // A short caption is taken for the title when there is none.
    if (meta.title === '' && Buffer.byteLength(text(caption)) < 80) meta.title = text(caption);
    meta.caption = text(caption);
  }
  const credit = first(iptc.Credit) ?? first(iptc.Byline);
  if (given(credit)) meta.credit = text(credit);
  const [date, time] = [first(iptc.DateCreated), first(iptc.TimeCreated)];
  if (given(date) && given(time)) meta.created_timestamp = iptcTimestamp(date!, time!);
  if (given(first(iptc.Copyright))) meta.copyright = text(first(iptc.Copyright));
  if (iptc.Keywords !== undefined) meta.keywords = typeof iptc.Keywords === 'string' ? [iptc.Keywords] : [...iptc.Keywords];
}

export function imageMeta(exif: ExifTags | undefined, iptc?: IptcTags): ImageMeta {
  const meta: ImageMeta = { ...EMPTY_IMAGE_META, keywords: [] };
  if (iptc) readIptc(meta, iptc);
  if (exif) readExif(meta, exif);
  // wp_kses_post_deep(): markup in a tag is filtered as a post's content is.
  for (const key of ['credit', 'camera', 'caption', 'copyright', 'title'] as const) meta[key] = wpKses(meta[key], 'post');
  meta.keywords = meta.keywords.map((keyword) => wpKses(keyword, 'post'));
  return meta;
}

function readExif(meta: ImageMeta, exif: ExifTags): void {
  if (given(exif.ImageDescription)) {
    const description = text(exif.ImageDescription);
    // A short description is taken for the title, and for the caption unless a comment gives one.
    if (meta.title === '' && Buffer.byteLength(String(exif.ImageDescription)) < 80) meta.title = description;
    if (meta.caption === '') meta.caption = given(exif.UserComment) ? text(exif.UserComment) : description;
  }
  if (meta.credit === '' && given(exif.Artist)) meta.credit = text(exif.Artist);
  if (meta.copyright === '' && given(exif.Copyright)) meta.copyright = text(exif.Copyright);
  if (given(exif.FNumber)) meta.aperture = decimal(exif.FNumber!, 2);
  if (given(exif.Model)) meta.camera = text(exif.Model);
  if (meta.created_timestamp === '0' && given(exif.DateTimeDigitized)) meta.created_timestamp = exifTimestamp(exif.DateTimeDigitized!);
  if (given(exif.FocalLength)) meta.focal_length = decimal(exif.FocalLength!);
  if (given(exif.ISOSpeedRatings)) meta.iso = text(Array.isArray(exif.ISOSpeedRatings) ? exif.ISOSpeedRatings[0] : exif.ISOSpeedRatings);
  if (given(exif.ExposureTime)) meta.shutter_speed = decimal(exif.ExposureTime!);
  if (given(exif.Orientation)) meta.orientation = String(exif.Orientation);
}

// The subpath alone: the package's index loads all of date-fns, a tenth of a second of CPU at every start.
import { getTimezoneOffset } from 'date-fns-tz/getTimezoneOffset';
import type { StampedCache } from '../db/stamped-cache';
import { getOptionsAndTables, type OptionsAndTables } from './options';
import type { PhpValue } from '../php/php-serialize';
import type { WpData } from './wp-handle';

/**
 * The site's settings as WordPress reads them from the options table, loaded in one query. WordPress itself may
 * change an option at any moment: rows are kept across requests only under a stamp that moves with it (KeptSiteRows).
 */

const SITE_OPTIONS = [
  'siteurl', 'home', 'blogname', 'blogdescription', 'timezone_string', 'gmt_offset', 'permalink_structure',
  'posts_per_page', 'date_format', 'time_format', 'page_for_posts', 'page_on_front', 'show_on_front',
  'site_icon', 'site_logo', 'blog_charset', 'start_of_week', 'upload_path', 'upload_url_path',
  'thumbnail_size_w', 'thumbnail_size_h', 'medium_size_w', 'medium_size_h', 'medium_large_size_w', 'medium_large_size_h', 'large_size_w', 'large_size_h',
] as const;

/** What every request may need to know about the site (the REST index, URLs, time zone). */
export interface SiteFacts {
  name: string;
  description: string;
  /** siteurl option (no trailing slash), moved with home by the SITE_URL override. */
  url: string;
  /** home option, or the SITE_URL override (no trailing slash). */
  home: string;
  /** A string as stored when read from gmt_offset, a number when derived from timezone_string. */
  gmtOffset: string | number;
  timezoneString: string;
  pageForPosts: number;
  pageOnFront: number;
  showOnFront: string;
  siteIcon: number;
  siteLogo: number;
  /** permalink_structure option; empty means plain links (`?rest_route=`, `?post_type=…`). */
  permalinkStructure: string;
}

/** The site's settings: its facts plus what the calendar's reads and writes need. */
export interface SiteSettings extends SiteFacts {
  postsPerPage: number;
  dateFormat: string;
  timeFormat: string;
  /** Public URL of the uploads folder (wp_upload_dir()['baseurl']). */
  uploadsUrl: string;
  /** The bounds of the intermediate image sizes (`thumbnail_size_w`…; 0 when the option is missing). */
  imageSizes: Record<'thumbnail' | 'medium' | 'medium_large' | 'large', readonly [number, number]>;
  /** Every option that was asked for, unserialized (extra names come from the caller). */
  options: Map<string, PhpValue | false>;
  /** Whether each table the caller asked about (`tables`) exists, read in the same statement as the options. */
  tables: ReadonlyMap<string, boolean>;
  /** Equal for two requests whose settings are equal: the options as stored, the override and the zone's offset. */
  fingerprint: string;
}

const str = (v: PhpValue | false | undefined, fallback = ''): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : fallback);
const int = (v: PhpValue | false | undefined, fallback = 0): number => {
  const n = Number.parseInt(str(v), 10);
  return Number.isFinite(n) ? n : fallback;
};

/** gmt_offset as WordPress reports it: the zone's current offset in hours when timezone_string is set. */
function effectiveGmtOffset(timezoneString: string, storedOffset: string, now: Date): string | number {
  if (!timezoneString) return storedOffset;
  // Since 2000 offsets change only on whole minutes: each minute's offset is read once (every request asks).
  const minute = Math.floor(now.getTime() / 60_000);
  const key = minute >= MINUTE_KEYED_FROM ? `${timezoneString}\u0000${minute}` : undefined;
  let ms = key === undefined ? undefined : ZONE_OFFSETS.get(key);
  if (ms === undefined) {
    ms = getTimezoneOffset(timezoneString, key === undefined ? now : new Date(minute * 60_000));
    if (key !== undefined) {
      if (ZONE_OFFSETS.size >= 1000) ZONE_OFFSETS.clear();
      ZONE_OFFSETS.set(key, ms);
    }
  }
  if (Number.isNaN(ms)) return storedOffset;
  return Math.round((ms / 3600000) * 100) / 100;
}

/** 2000-01-01 00:00 UTC, in minutes. */
const MINUTE_KEYED_FROM = 946_684_800 / 60;
/** Offsets in ms by zone and minute (effectiveGmtOffset). */
const ZONE_OFFSETS = new Map<string, number>();

/** wp_upload_dir()['baseurl'] for a single site: upload_url_path, else the upload_path under siteurl. */
function uploadsUrl(siteurl: string, uploadPath: string, uploadUrlPath: string): string {
  if (uploadUrlPath) return uploadUrlPath.replace(/\/+$/, '');
  const path = uploadPath && uploadPath !== 'wp-content/uploads' && !uploadPath.startsWith('/') ? uploadPath : 'wp-content/uploads';
  return `${siteurl}/${path.replace(/\/+$/, '')}`;
}

/**
 * Options and tables read, kept under a stamp that moves with every write of the options (their change stamp family)
 * and every statement that can add or remove a table (the schema mark): the object cache WordPress keeps its
 * autoloaded options in, for a service that may share its database with other writers.
 */
export interface KeptSiteRows {
  cache: StampedCache<OptionsAndTables>;
  /** The stamp and the schema mark of the request, joined; undefined when either is unknown (nothing is kept). */
  stamp: Promise<string | undefined>;
}

export async function loadSiteSettings(
  wp: WpData,
  options: { homeOverride?: string; now: Date; extraOptions?: readonly string[]; tables?: readonly string[]; kept?: KeptSiteRows },
): Promise<SiteSettings> {
  const names = [...SITE_OPTIONS, ...(options.extraOptions ?? [])];
  const read = () => getOptionsAndTables(wp, names, options.tables ?? []);
  const kept = options.kept;
  const key = `${wp.prefix}\u0000${names.join(',')}\u0000${(options.tables ?? []).join(',')}`;
  const { options: values, tables, stored } = kept ? await kept.stamp.then((stamp) => kept.cache.through(stamp, key, read)) : await read();
  const get = (name: string) => values.get(name);
  const storedHome = str(get('home'), 'http://localhost').replace(/\/+$/, '');
  const home = (options.homeOverride ?? storedHome).replace(/\/+$/, '');
  // The override moves siteurl with home (WordPress in a subfolder keeps its folder): every URL the API writes,
  // the uploads' included, is under it.
  const rebase = (url: string) => (options.homeOverride === undefined ? url : url.startsWith(storedHome) ? `${home}${url.slice(storedHome.length)}` : home);
  const siteurl = rebase(str(get('siteurl'), storedHome).replace(/\/+$/, ''));
  const uploadUrlPath = str(get('upload_url_path'));
  const timezoneString = str(get('timezone_string'));
  const gmtOffset = effectiveGmtOffset(timezoneString, str(get('gmt_offset'), '0'), options.now);
  return {
    name: str(get('blogname')),
    description: str(get('blogdescription')),
    url: siteurl,
    home,
    gmtOffset,
    timezoneString,
    pageForPosts: int(get('page_for_posts')),
    pageOnFront: int(get('page_on_front')),
    showOnFront: str(get('show_on_front'), 'posts'),
    siteIcon: int(get('site_icon')),
    siteLogo: int(get('site_logo')),
    permalinkStructure: str(get('permalink_structure')),
    postsPerPage: int(get('posts_per_page'), 10),
    dateFormat: str(get('date_format'), 'F j, Y'),
    timeFormat: str(get('time_format'), 'g:i a'),
    uploadsUrl: uploadsUrl(siteurl, str(get('upload_path')), uploadUrlPath && options.homeOverride !== undefined && uploadUrlPath.startsWith(storedHome) ? rebase(uploadUrlPath) : uploadUrlPath),
    imageSizes: {
      thumbnail: [int(get('thumbnail_size_w')), int(get('thumbnail_size_h'))],
      medium: [int(get('medium_size_w')), int(get('medium_size_h'))],
      medium_large: [int(get('medium_large_size_w')), int(get('medium_large_size_h'))],
      large: [int(get('large_size_w')), int(get('large_size_h'))],
    },
    options: values,
    tables,
    fingerprint: `${home}\u0000${gmtOffset}\u0000${stored}`,
  };
}

import { phpUnserialize, type PhpValue } from '../../php/php-serialize';
import { urlEncode } from '../../php/url-encoding';
import { EMPTY_POST_SET, type PostSet } from '../post-set';
import type { PostRow } from '../posts';
import { escHtml, ksesNormalizeEntities } from './formatting';
import { badProtocol } from './kses';

/**
 * What WordPress's media shortcodes read besides the content: the attachments a page's content names (media-needs.ts
 * says which, src/wp/attachments.ts loads them in a fixed number of queries), the site's URLs and image sizes, and the
 * counters WordPress keeps per request (`audio-0-1`, `#gallery-2`). With helpers every media shortcode shares:
 * wp_check_filetype(), esc_url(), add_query_arg(), wp_get_attachment_url() and get_attachment_link().
 */

export interface MediaLibrary {
  /** The attachments named by id, the unattached ones of each type, and the featured images of playlist tracks. */
  attachments: PostSet;
  /** Attachments without a parent (post_parent 0), by type: what `[gallery]` and `[playlist]` without ids list in a REST answer. */
  unattached: ReadonlyMap<'image' | 'audio' | 'video', readonly number[]>;
  /** The posts the attachments are attached to (their links hang under the parent's permalink). */
  parents: ReadonlyMap<number, PostRow>;
}

export const EMPTY_MEDIA: MediaLibrary = { attachments: EMPTY_POST_SET, unattached: new Map(), parents: new Map() };

/**
 * What the_content remembers between the posts of one request: the counters of wp_audio_shortcode(),
 * wp_video_shortcode(), gallery_shortcode() and wp_playlist_shortcode(), and whether block content has been rendered
 * (do_blocks() then re-adds wpautop after shortcode_unautop, so later classic content keeps its shortcodes in
 * paragraphs).
 */
export interface ShortcodeCounters {
  audio: number;
  video: number;
  gallery: number;
  playlist: number;
  wpautopLast: boolean;
}

export const newCounters = (): ShortcodeCounters => ({ audio: 0, video: 0, gallery: 0, playlist: 0, wpautopLast: false });

/** An intermediate image size's bounds (thumbnail_size_w/h and the others); 0 for no bound. */
export type SizeBounds = Readonly<Record<'thumbnail' | 'medium' | 'medium_large' | 'large', readonly [number, number]>>;

export interface MediaContext {
  media: MediaLibrary;
  counters: ShortcodeCounters;
  /** home_url(), siteurl (includes_url()'s base), wp_upload_dir()['baseurl'], without trailing slashes. */
  home: string;
  siteUrl: string;
  uploadsUrl: string;
  /** A permalink structure is set (pretty links). */
  pretty: boolean;
  sizes: SizeBounds;
  /** The permalink of an attachment's parent post. */
  permalink(post: PostRow): string;
}

/** wp_get_mime_types() for the media WordPress's shortcodes know, in its order (the first matching pattern wins). */
const MEDIA_MIMES: ReadonlyArray<[string, string]> = [
  ['jpg|jpeg|jpe', 'image/jpeg'], ['gif', 'image/gif'], ['png', 'image/png'], ['bmp', 'image/bmp'], ['tiff|tif', 'image/tiff'],
  ['webp', 'image/webp'], ['avif', 'image/avif'], ['ico', 'image/x-icon'], ['heic', 'image/heic'], ['heif', 'image/heif'],
  ['asf|asx', 'video/x-ms-asf'], ['wmv', 'video/x-ms-wmv'], ['wmx', 'video/x-ms-wmx'], ['wm', 'video/x-ms-wm'], ['avi', 'video/avi'],
  ['divx', 'video/divx'], ['flv', 'video/x-flv'], ['mov|qt', 'video/quicktime'], ['mpeg|mpg|mpe', 'video/mpeg'], ['mp4|m4v', 'video/mp4'],
  ['ogv', 'video/ogg'], ['webm', 'video/webm'], ['mkv', 'video/x-matroska'], ['3gp|3gpp', 'video/3gpp'], ['3g2|3gp2', 'video/3gpp2'],
  ['mp3|m4a|m4b', 'audio/mpeg'], ['aac', 'audio/aac'], ['ra|ram', 'audio/x-realaudio'], ['wav|x-wav', 'audio/wav'], ['ogg|oga', 'audio/ogg'],
  ['flac', 'audio/flac'], ['mid|midi', 'audio/midi'], ['wma', 'audio/x-ms-wma'], ['wax', 'audio/x-ms-wax'], ['mka', 'audio/x-matroska'],
];

export const AUDIO_EXTENSIONS = ['mp3', 'ogg', 'flac', 'm4a', 'wav'];
export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'webm', 'ogv', 'flv'];

/** wp_check_filetype(): the extension as written and its MIME type, by the first pattern the name ends with. */
export function checkFiletype(filename: string): { ext: string | false; type: string | false } {
  for (const [exts, type] of MEDIA_MIMES) {
    const m = new RegExp(`\\.(${exts})$`, 'i').exec(filename);
    if (m) return { ext: m[1]!, type };
  }
  return { ext: false, type: false };
}

export const escAttr = escHtml;

/**
 * esc_url() in display context: invalid characters dropped, `&` and `'` as entities, unknown schemes refused; in `db`
 * context (esc_url_raw(), what WordPress stores) without the entities.
 */
export function escUrl(input: string, context: 'display' | 'db' = 'display'): string {
  if (input === '') return '';
  let url = input.replace(/^\s+/, '').replace(/ /g, '%20');
  url = url.replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\x80-\uffff]/gi, '');
  if (url === '') return '';
  if (!/^mailto:/i.test(url)) for (let prev = ''; prev !== url; ) [prev, url] = [url, url.replace(/%0[da]/gi, '')];
  url = url.replace(/;\/\//g, '://');
  if (!url.includes(':') && !['/', '#', '?'].includes(url[0]!) && !/^[a-z0-9-]+?\.php/i.test(url)) url = `http://${url}`;
  if (context === 'display') url = ksesNormalizeEntities(url).replace(/&amp;/g, '&#038;').replace(/'/g, '&#039;');
  if (url.includes('[') || url.includes(']')) {
    const m = /^((?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*)?(.*)$/is.exec(url)!;
    url = `${m[1] ?? ''}${m[2]!.replace(/\[/g, '%5B').replace(/\]/g, '%5D')}`;
  }
  if (url[0] === '/') return url;
  const good = badProtocol(url);
  return good.toLowerCase() === url.toLowerCase() ? good : '';
}

/** add_query_arg($key, $value, $url) for a URL whose own query has simple pairs: those re-encoded, the new pair last. */
export function addQueryArg(key: string, value: string, url: string): string {
  const hash = url.indexOf('#');
  const frag = hash >= 0 ? url.slice(hash) : '';
  const rest = hash >= 0 ? url.slice(0, hash) : url;
  const q = rest.indexOf('?');
  const base = q >= 0 ? rest.slice(0, q) : rest;
  const pairs = new Map<string, string>();
  if (q >= 0) {
    for (const part of rest.slice(q + 1).split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      const k = decode(eq >= 0 ? part.slice(0, eq) : part);
      pairs.set(k, eq >= 0 ? decode(part.slice(eq + 1)) : '');
    }
  }
  pairs.set(key, value);
  const query = [...pairs].map(([k, v]) => `${urlEncode(k)}=${urlEncode(v)}`).join('&').replace(/=(&|$)/g, '$1');
  return `${base}?${query}${frag}`.replace(/\?$/, '').replace('?#', '#');
}

/** An attachment's `_wp_attachment_metadata`, unserialized (undefined when missing or not an array). */
export function attachmentMetadata(ctx: MediaContext, id: number): Record<string, PhpValue> | undefined {
  const raw = ctx.media.attachments.meta.first(id, '_wp_attachment_metadata');
  const value = raw ? phpUnserialize(raw) : false;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, PhpValue>) : undefined;
}

export const attachmentRow = (ctx: MediaContext, id: number): PostRow | undefined => {
  const row = ctx.media.attachments.posts.get(id);
  return row && row.post_type === 'attachment' ? row : undefined;
};

/** wp_get_attachment_url(): the uploads URL of `_wp_attached_file`, else the guid; false for no attachment. */
export function attachmentUrl(ctx: MediaContext, id: number): string | false {
  const row = attachmentRow(ctx, id);
  if (!row) return false;
  const file = ctx.media.attachments.meta.first(id, '_wp_attached_file');
  let url = '';
  if (file) {
    const marker = file.indexOf('wp-content/uploads');
    if (marker >= 0) {
      const relative = file.slice(marker + 'wp-content/uploads'.length).replace(/^\/+/, '');
      const dir = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '';
      url = `${ctx.uploadsUrl}/${dir ? `${dir}/` : ''}${relative.split('/').pop()}`;
    } else {
      url = `${ctx.uploadsUrl}/${file}`;
    }
  }
  return url || row.guid || false;
}

/** get_attachment_link(): under the parent's permalink, at the site root for an unattached one, or `?attachment_id=`. */
export function attachmentLink(ctx: MediaContext, id: number): string {
  const row = attachmentRow(ctx, id)!;
  const parent = row.post_parent ? ctx.media.parents.get(row.post_parent) : undefined;
  const parentValid = !row.post_parent || (row.post_parent !== row.ID && parent !== undefined);
  // wp_force_plain_post_permalink(): an attachment takes its parent's status, and only a public one gets a pretty link.
  const status = row.post_status === 'inherit' && parent ? parent.post_status : row.post_status === 'inherit' ? 'publish' : row.post_status;
  let link = '';
  if (ctx.pretty && parentValid && status === 'publish') {
    if (parent) {
      const parentLink = ctx.permalink(parent);
      const name = /^\d+$/.test(row.post_name) ? `attachment/${row.post_name}` : row.post_name;
      if (!parentLink.includes('?')) link = `${parentLink.replace(/\/+$/, '')}/${name}/`;
    } else {
      link = `${ctx.home}/${row.post_name}/`;
    }
  }
  return link || `${ctx.home}/?attachment_id=${row.ID}`;
}

/** wp_mime_type_icon($id, '.svg') for audio and video attachments (the playlist's track images). */
export function mimeTypeIcon(ctx: MediaContext, id: number): string {
  const mime = attachmentRow(ctx, id)?.post_mime_type ?? '';
  const kind = mime.startsWith('audio/') ? 'audio' : mime.startsWith('video/') ? 'video' : 'default';
  return `${ctx.siteUrl}/wp-includes/images/media/${kind}.svg`;
}

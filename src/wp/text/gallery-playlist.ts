import type { PhpValue } from '../../php/php-serialize';
import type { PostRow } from '../posts';
import { attachmentImage, attachmentLinkHtml, imageDownsize } from './attachment-image';
import { attachmentMetadata, attachmentRow, attachmentUrl, checkFiletype, escAttr, mimeTypeIcon, type MediaContext } from './media';
import { sanitizeHtmlClass } from './media-shortcodes';
import { shortcodeAtts, type ShortcodeAtts } from './shortcodes';
import { wptexturize } from './texturize';

/**
 * [gallery] and [playlist] as WordPress renders them with no theme (gallery_shortcode(), wp_playlist_shortcode()):
 * the attachments named by `ids`/`include` in their order, or those of the post (in a REST answer, post 0: the
 * unattached ones), a gallery of `<dl>` items with WordPress's default style block, a playlist's MediaElement markup
 * with its JSON track list.
 */

/** The ids of a list attribute as wp_parse_id_list() reads them. */
const idList = (value: string) => [...new Set(value.split(/[\s,]+/).map((v) => Math.abs(Number.parseInt(v, 10) || 0)).filter((n) => n > 0))];

/** WP_Query's orderby for these lists: the named columns (`post__in` keeps the given order), each in `order`. */
function ordered(rows: PostRow[], orderby: string, order: string, givenIds: number[]): PostRow[] {
  const desc = order.toUpperCase() === 'DESC';
  const keys = orderby.split(/[\s,]+/).filter(Boolean);
  if (keys.includes('post__in')) return [...rows].sort((a, b) => givenIds.indexOf(a.ID) - givenIds.indexOf(b.ID));
  const value = (row: PostRow, key: string): string | number => {
    switch (key) {
      case 'menu_order': return row.menu_order;
      case 'title': case 'post_title': return row.post_title;
      case 'name': case 'post_name': return row.post_name;
      case 'date': case 'post_date': return row.post_date;
      case 'modified': case 'post_modified': return row.post_modified;
      default: return row.ID;
    }
  };
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => {
    for (const key of keys.length > 0 ? keys : ['date']) {
      const c = cmp(value(a, key), value(b, key));
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  });
}

/** The attachments a gallery or playlist lists: by ids (include), or post 0's children less `exclude`. */
function listAttachments(ctx: MediaContext, type: 'image' | 'audio' | 'video', a: { include: string | number | boolean; exclude: string | number | boolean; orderby: string | number | boolean; order: string | number | boolean }): PostRow[] {
  const ofType = (row: PostRow | undefined): row is PostRow => row !== undefined && row.post_status === 'inherit' && row.post_mime_type.startsWith(`${type}/`);
  const include = String(a.include || '');
  if (include) {
    const ids = idList(include);
    return ordered(ids.map((id) => attachmentRow(ctx, id)).filter(ofType), String(a.orderby), String(a.order), ids);
  }
  const excluded = new Set(idList(String(a.exclude || '')));
  const children = (ctx.media.unattached.get(type) ?? []).filter((id) => !excluded.has(id)).map((id) => attachmentRow(ctx, id)).filter(ofType);
  return ordered(children, String(a.orderby), String(a.order), []);
}

/** gallery_shortcode() without HTML5 support. */
export function galleryShortcode(ctx: MediaContext, atts: ShortcodeAtts): string {
  const instance = ++ctx.counters.gallery;
  const attr = { ...atts };
  if (attr.ids) {
    attr.orderby ||= 'post__in';
    attr.include = attr.ids;
  }
  const a = shortcodeAtts({ order: 'ASC', orderby: 'menu_order ID', id: 0, itemtag: 'dl', icontag: 'dt', captiontag: 'dd', columns: 3, size: 'thumbnail', include: '', exclude: '', link: '' }, attr);
  // A REST answer renders outside any post: the gallery of post 0, whose children are the unattached images.
  if (Number.parseInt(String(a.id), 10) || 0) return '';
  const attachments = listAttachments(ctx, 'image', a);
  if (attachments.length === 0) return '';
  const tag = (name: unknown, fallback: string) => {
    const safe = String(name).replace(/[^a-zA-Z0-9-_:]/g, '').toLowerCase();
    return POST_TAGS.has(safe) ? safe : fallback;
  };
  const [itemtag, captiontag, icontag] = [tag(a.itemtag, 'dl'), tag(a.captiontag, 'dd'), tag(a.icontag, 'dt')];
  const columns = Number.parseInt(String(a.columns), 10) || 0;
  const itemwidth = columns > 0 ? Math.floor(100 / columns) : 100;
  const selector = `gallery-${instance}`;
  const size = String(a.size);
  let output =
    `\n\t\t<style>\n\t\t\t#${selector} {\n\t\t\t\tmargin: auto;\n\t\t\t}\n\t\t\t#${selector} .gallery-item {\n\t\t\t\tfloat: left;\n\t\t\t\tmargin-top: 10px;\n\t\t\t\ttext-align: center;\n\t\t\t\twidth: ${itemwidth}%;\n\t\t\t}\n` +
    `\t\t\t#${selector} img {\n\t\t\t\tborder: 2px solid #cfcfcf;\n\t\t\t}\n\t\t\t#${selector} .gallery-caption {\n\t\t\t\tmargin-left: 0;\n\t\t\t}\n\t\t\t/* see gallery_shortcode() in wp-includes/media.php */\n\t\t</style>\n\t\t` +
    `<div id='${selector}' class='gallery galleryid-0 gallery-columns-${columns} gallery-size-${sanitizeHtmlClass(size)}'>`;
  let i = 0;
  for (const attachment of attachments) {
    const id = attachment.ID;
    const hasCaption = attachment.post_excerpt.trim() !== '';
    const extra: Record<string, string> = hasCaption ? { 'aria-describedby': `${selector}-${id}` } : {};
    const image =
      a.link === 'file' ? attachmentLinkHtml(ctx, id, size, false, extra) : a.link === 'none' ? attachmentImage(ctx, id, size, extra) : attachmentLinkHtml(ctx, id, size, true, extra);
    const meta = attachmentMetadata(ctx, id);
    const orientation = meta && 'height' in meta && 'width' in meta ? (Number(meta.height) > Number(meta.width) ? 'portrait' : 'landscape') : '';
    output += `<${itemtag} class='gallery-item'>\n\t\t\t<${icontag} class='gallery-icon ${orientation}'>\n\t\t\t\t${image}\n\t\t\t</${icontag}>`;
    if (captiontag && hasCaption) {
      output += `\n\t\t\t\t<${captiontag} class='wp-caption-text gallery-caption' id='${selector}-${id}'>\n\t\t\t\t${wptexturize(attachment.post_excerpt)}\n\t\t\t\t</${captiontag}>`;
    }
    output += `</${itemtag}>`;
    if (columns > 0 && ++i % columns === 0) output += '<br style="clear: both" />';
  }
  if (columns > 0 && i % columns !== 0) output += "\n\t\t\t<br style='clear: both' />";
  return `${output}\n\t\t</div>\n`;
}

/** Elements wp_kses_allowed_html('post') knows, which the gallery's tag attributes may name. */
const POST_TAGS = new Set(
  ('address a abbr acronym area article aside audio b bdo big blockquote br button caption cite code col colgroup del dd dfn details div dl dt em fieldset ' +
    'figure figcaption font footer h1 h2 h3 h4 h5 h6 header hgroup hr i img ins kbd label legend li main map mark menu nav object p pre q rb rp rt rtc ruby s samp span section small strike strong sub summary sup table tbody td textarea tfoot th thead title tr track tt u ul ol var video').split(' '),
);

/** wp_json_encode($data, JSON_HEX_TAG | JSON_UNESCAPED_SLASHES). */
const jsonHexTag = (value: unknown) =>
  JSON.stringify(value)
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/</g, '\\u003C')
    .replace(/>/g, '\\u003E');

const truthy = (value: unknown) => (typeof value === 'boolean' ? value : typeof value === 'string' && value.toLowerCase() === 'false' ? false : Boolean(value) && value !== '0');

/** wp_playlist_shortcode() with no `$content_width`: 640 wide. */
export function playlistShortcode(ctx: MediaContext, atts: ShortcodeAtts): string {
  ++ctx.counters.playlist;
  const attr = { ...atts };
  if (attr.ids) {
    attr.orderby ||= 'post__in';
    attr.include = attr.ids;
  }
  const a = shortcodeAtts({ type: 'audio', order: 'ASC', orderby: 'menu_order ID', id: 0, include: '', exclude: '', style: 'light', tracklist: true, tracknumbers: true, images: true, artists: true }, attr);
  const type = a.type === 'audio' ? 'audio' : 'video';
  if (!a.include && (Number.parseInt(String(a.id), 10) || 0)) return '';
  const attachments = listAttachments(ctx, type, a);
  if (attachments.length === 0) return '';
  const width = 640;
  let themeHeight = 360;
  const data: Record<string, unknown> = { type, tracklist: truthy(a.tracklist), tracknumbers: truthy(a.tracknumbers), images: truthy(a.images), artists: truthy(a.artists) };
  const tracks = attachments.map((attachment) => {
    const url = attachmentUrl(ctx, attachment.ID) || '';
    const track: Record<string, unknown> = { src: url, type: checkFiletype(url).type, title: attachment.post_title, caption: attachment.post_excerpt, description: attachment.post_content };
    const meta = attachmentMetadata(ctx, attachment.ID);
    const trackMeta: Record<string, PhpValue> = {};
    if (meta) {
      for (const key of ['artist', 'album', 'genre', 'year', 'length_formatted']) if (meta[key] && meta[key] !== '0') trackMeta[key] = meta[key]!;
    }
    track.meta = Object.keys(trackMeta).length > 0 ? trackMeta : [];
    if (meta && type === 'video') {
      const [w, h] = meta.width && meta.height ? [Number(meta.width), Number(meta.height)] : [640, 360];
      if (meta.width && meta.height) themeHeight = Math.round((h * width) / w);
      track.dimensions = { original: { width: meta.width && meta.height ? meta.width : 640, height: meta.width && meta.height ? meta.height : 360 }, resized: { width, height: themeHeight } };
    }
    if (a.images && a.images !== '0') {
      const thumbId = Number(ctx.media.attachments.meta.first(attachment.ID, '_thumbnail_id') ?? 0);
      const full = thumbId > 0 ? imageDownsize(ctx, thumbId, 'full') : false;
      if (thumbId > 0) {
        const thumb = imageDownsize(ctx, thumbId, 'thumbnail');
        if (full) track.image = { src: full[0], width: full[1], height: full[2] };
        if (thumb) track.thumb = { src: thumb[0], width: thumb[1], height: thumb[2] };
      } else {
        const icon = { src: mimeTypeIcon(ctx, attachment.ID), width: 48, height: 64 };
        track.image = icon;
        track.thumb = icon;
      }
    }
    return track;
  });
  data.tracks = tracks;
  const safeType = escAttr(type);
  const items = attachments.map((attachment) => `<li>${attachmentLinkHtml(ctx, attachment.ID, 'thumbnail', false)}</li>`).join('');
  return (
    `<div class="wp-playlist wp-${safeType}-playlist wp-playlist-${escAttr(String(a.style))}">\n\t` +
    (type === 'audio' ? '\t\t<div class="wp-playlist-current-item"></div>\n\t' : '') +
    `\t<${safeType} controls="controls" preload="none" width="${width}"\n\t\t${type === 'video' ? ` height="${themeHeight}"` : ''}\t></${safeType}>\n` +
    '\t<div class="wp-playlist-next"></div>\n\t<div class="wp-playlist-prev"></div>\n\t<noscript>\n\t<ol>\n\t\t' +
    `${items}\t</ol>\n\t</noscript>\n\t<script type="application/json" class="wp-playlist-script">${jsonHexTag(data)}</script>\n</div>\n\t`
  );
}

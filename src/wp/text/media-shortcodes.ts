import { phpTrim } from '../../php/builtins';
import { escHtml } from './formatting';
import { wpKses } from './kses';
import { addQueryArg, AUDIO_EXTENSIONS, checkFiletype, escAttr, escUrl, VIDEO_EXTENSIONS, type MediaContext } from './media';
import { shortcodeAtts, type ShortcodeAtts } from './shortcodes';

/**
 * [caption], [audio] and [video] as WordPress renders them with no theme (img_caption_shortcode(),
 * wp_audio_shortcode(), wp_video_shortcode()): no HTML5 caption support (a `<div>` 10px wider than the image, a
 * `<p>` caption), no `$content_width` (videos 640×360 unless told), MediaElement's markup, and the post id 0 of a
 * REST answer (`audio-0-1`; no attached media to fall back on).
 */

/** sanitize_html_class(). */
export const sanitizeHtmlClass = (name: string) => name.replace(/%[a-fA-F0-9]{2}/g, '').replace(/[^A-Za-z0-9_-]/g, '');

/** wp_validate_boolean(). */
const validateBoolean = (value: string | number | boolean) => (typeof value === 'boolean' ? value : typeof value === 'string' && value.toLowerCase() === 'false' ? false : Boolean(value) && value !== '0');

/** The elements wp_kses_allowed_html('post') keeps in a caption given as an attribute, with their attributes. */
const CAPTION_HTML: Record<string, readonly string[]> = {
  a: ['href', 'rel', 'rev', 'name', 'target', 'download', 'referrerpolicy', 'class', 'id', 'style', 'title', 'role', 'lang', 'xml:lang', 'dir'],
  b: [], br: [], em: ['class', 'id', 'style'], i: ['class', 'id', 'style'], strong: ['class', 'id', 'style'], span: ['class', 'id', 'style', 'dir', 'lang', 'title', 'align'],
  img: ['alt', 'align', 'border', 'height', 'hspace', 'loading', 'longdesc', 'vspace', 'src', 'usemap', 'width', 'class', 'id', 'style', 'title'],
};

/** img_caption_shortcode(): `render` runs the shortcodes of the content (do_shortcode()). */
export function captionShortcode(atts: ShortcodeAtts, content: string | null, render: (text: string) => string): string {
  let body = content ?? '';
  const attr = { ...atts };
  if (!Object.hasOwn(attr, 'caption')) {
    const m = /^([\s\S]*?)((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(body);
    if (m) {
      body = m[2]!;
      attr.caption = phpTrim(m[3]!);
    }
  } else if (attr.caption!.includes('<')) {
    attr.caption = wpKses(attr.caption!, CAPTION_HTML);
  }
  const a = shortcodeAtts({ id: '', caption_id: '', align: 'alignnone', width: '', caption: '', class: '' }, attr);
  const width = Number.parseInt(String(a.width), 10) || 0;
  if (width < 1 || a.caption === '' || a.caption === '0') return body;
  let id = '';
  let captionId = String(a.caption_id);
  if (a.id) {
    a.id = sanitizeHtmlClass(String(a.id));
    id = `id="${escAttr(String(a.id))}" `;
  }
  if (captionId) captionId = sanitizeHtmlClass(captionId);
  else if (a.id) captionId = `caption-${String(a.id).replace(/_/g, '-')}`;
  const captionIdAttr = captionId ? `id="${escAttr(captionId)}" ` : '';
  const describedBy = captionId ? `aria-describedby="${escAttr(captionId)}" ` : '';
  const className = phpTrim(`wp-caption ${a.align} ${a.class}`);
  const style = `style="width: ${10 + width}px" `;
  return `<div ${id}${style}class="${escAttr(className)}">${render(body).split('<img ').join(`<img ${describedBy}`)}<p ${captionIdAttr}class="wp-caption-text">${a.caption}</p></div>`;
}

/** The `<source>` elements and the fallback link of a player, from the attributes holding a URL. */
function sources(types: string[], atts: Record<string, unknown>, instance: number, typeOf: (key: string, url: string) => string | false): { html: string; fileurl: string } {
  let html = '';
  let fileurl = '';
  for (const key of types) {
    const url = String(atts[key] ?? '');
    if (url === '' || url === '0') continue;
    fileurl ||= url;
    html += `<source type="${typeOf(key, url) || ''}" src="${escUrl(addQueryArg('_', String(instance), url))}" />`;
  }
  return { html, fileurl };
}

/** The boolean and preload attributes as wp_audio_shortcode() and wp_video_shortcode() write them. */
function playerAttributes(entries: Array<[string, unknown]>, keepEmpty: boolean): string {
  const out: string[] = [];
  for (const [name, value] of entries) {
    if (['loop', 'autoplay', 'muted', 'preload', 'poster'].includes(name) && (value === false || value === '' || value === '0' || value === 0)) continue;
    if (['loop', 'autoplay', 'muted'].includes(name) && value === true) out.push(escAttr(name));
    else if (name === 'preload') {
      if (['none', 'metadata', 'auto'].includes(String(value))) out.push(`${escAttr(name)}="${escAttr(String(value))}"`);
    } else if (keepEmpty || (value !== '' && value !== 0 && value !== '0')) out.push(`${escAttr(name)}="${escAttr(String(value))}"`);
  }
  return out.join(' ');
}

/** wp_audio_shortcode(). */
export function audioShortcode(ctx: MediaContext, atts: ShortcodeAtts): string {
  const instance = ++ctx.counters.audio;
  const defaults: Record<string, string> = { src: '', loop: '', autoplay: '', muted: 'false', preload: 'none', class: 'wp-audio-shortcode', style: 'width: 100%;' };
  for (const ext of AUDIO_EXTENSIONS) defaults[ext] = '';
  const a = shortcodeAtts(defaults, atts) as Record<string, string>;
  const types = [...AUDIO_EXTENSIONS];
  let primary = false;
  if (a.src) {
    const ext = checkFiletype(a.src).ext;
    if (!ext || !AUDIO_EXTENSIONS.includes(ext.toLowerCase())) return `<a class="wp-embedded-audio" href="${escUrl(a.src)}">${escHtml(a.src)}</a>`;
    primary = true;
    types.unshift('src');
  } else {
    for (const ext of AUDIO_EXTENSIONS) if (a[ext] && String(checkFiletype(a[ext]!).ext).toLowerCase() === ext) primary = true;
  }
  // The post's attached audio would be the fallback; a REST answer renders outside any post.
  if (!primary) return '';
  const attributes = playerAttributes(
    [['class', a.class], ['id', `audio-0-${instance}`], ['loop', validateBoolean(a.loop!)], ['autoplay', validateBoolean(a.autoplay!)], ['muted', validateBoolean(a.muted!)], ['preload', a.preload], ['style', a.style]],
    true,
  );
  const { html, fileurl } = sources(types, a, instance, (_key, url) => checkFiletype(url).type);
  return `<audio ${attributes} controls="controls">${html}<a href="${escUrl(fileurl)}">${escUrl(fileurl)}</a></audio>`;
}

const YOUTUBE = /^https?:\/\/(?:www\.)?(?:youtube\.com\/watch|youtu\.be\/)/;
const VIMEO = /^https?:\/\/(.+\.)?vimeo\.com\/.*/;

/** wp_video_shortcode(). */
export function videoShortcode(ctx: MediaContext, atts: ShortcodeAtts, content: string | null): string {
  const instance = ++ctx.counters.video;
  const defaults: Record<string, string | number> = { src: '', poster: '', loop: '', autoplay: '', muted: 'false', preload: 'metadata', width: 640, height: 360, class: 'wp-video-shortcode' };
  for (const ext of VIDEO_EXTENSIONS) defaults[ext] = '';
  const a = shortcodeAtts(defaults, atts) as Record<string, string | number>;
  const types = [...VIDEO_EXTENSIONS];
  let primary = false;
  let youtube = false;
  let vimeo = false;
  const src = String(a.src);
  if (src) {
    vimeo = VIMEO.test(src);
    youtube = YOUTUBE.test(src);
    if (!youtube && !vimeo) {
      const ext = checkFiletype(src).ext;
      if (!ext || !VIDEO_EXTENSIONS.includes(ext.toLowerCase())) return `<a class="wp-embedded-video" href="${escUrl(src)}">${escHtml(src)}</a>`;
    }
    primary = true;
    types.unshift('src');
  } else {
    for (const ext of VIDEO_EXTENSIONS) if (a[ext] && String(checkFiletype(String(a[ext])).ext).toLowerCase() === ext) primary = true;
  }
  if (!primary) return '';
  if (youtube) a.src = src.replace(/([?&])feature=[^&#]*(&|$)/, (_m, p: string, n: string) => (n ? p : '')).replace(/[?&]$/, '').replace(/^http:/i, 'https:');
  else if (vimeo) {
    const u = /^https?:\/\/([^/?#]+)([^?#]*)/i.exec(src)!;
    a.src = `https://${u[1]}${u[2]}?loop=${a.loop ? '1' : '0'}`;
  }
  const width = Math.abs(Number.parseInt(String(a.width), 10) || 0);
  const height = Math.abs(Number.parseInt(String(a.height), 10) || 0);
  const attributes = playerAttributes(
    [['class', a.class], ['id', `video-0-${instance}`], ['width', width], ['height', height], ['poster', escUrl(String(a.poster))], ['loop', validateBoolean(a.loop!)], ['autoplay', validateBoolean(a.autoplay!)], ['muted', validateBoolean(a.muted!)], ['preload', a.preload]],
    false,
  );
  const typeOf = (key: string, url: string) => (key === 'src' && youtube ? 'video/youtube' : key === 'src' && vimeo ? 'video/vimeo' : checkFiletype(url).type);
  const { html, fileurl } = sources(types, a, instance, typeOf);
  let inner = html;
  if (content) inner += phpTrim(content.includes('\n') ? content.replace(/\r\n|\n|\t/g, '') : content);
  const widthRule = a.width ? `width: ${Number.parseInt(String(a.width), 10) || 0}px;` : '';
  return `<div style="${widthRule}" class="wp-video"><video ${attributes} controls="controls">${inner}<a href="${escUrl(fileurl)}">${escUrl(fileurl)}</a></video></div>`;
}

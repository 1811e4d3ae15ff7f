import { escHtml } from './formatting';
import { AUDIO_EXTENSIONS, escUrl, VIDEO_EXTENSIONS } from './media';
import { replaceInHtmlTags, ShortcodeRunner, type ShortcodeAtts } from './shortcodes';

/**
 * WP_Embed as the_content runs it (priority 8, before wpautop): `[embed]URL[/embed]` first, alone (run_shortcode()),
 * then every URL alone on its line or in its own paragraph (autoembed()). WordPress's own handlers apply: audio and
 * video files become `[audio src="…" /]` / `[video src="…" /]` for do_shortcode() to render later, a youtube.com/embed
 * URL becomes its watch URL. Any other URL would be asked of an oEmbed provider; the service asks none, and renders
 * what WordPress renders when the provider cannot be reached: a link for [embed], the URL as written for a bare one.
 * (WordPress also caches that failure in an `oembed_cache` post; a read here writes nothing.)
 */

const AUDIO_URL = new RegExp(`^https?://.+?\\.(${AUDIO_EXTENSIONS.join('|')})$`, 'i');
const VIDEO_URL = new RegExp(`^https?://.+?\\.(${VIDEO_EXTENSIONS.join('|')})$`, 'i');
const YOUTUBE_EMBED = /https?:\/\/(www\.)?youtube\.com\/(?:v|embed)\/([^/]+)/i;

/** urlencode() as PHP writes it. */
const urlencode = (text: string) => encodeURIComponent(text).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');

export class Embeds {
  /** WP_Embed::shortcode(): the handler's markup, or the failed provider's fallback (a link only for [embed]). */
  private embed(atts: ShortcodeAtts, content: string | null, linkUnknown: boolean): string {
    let url = content ?? '';
    if (url === '' && atts.src) url = atts.src;
    if (url === '' || url === '0') return '';
    url = url.replace(/&amp;/g, '&');
    const youtube = YOUTUBE_EMBED.exec(url);
    if (youtube) return this.autoembed(`https://youtube.com/watch?v=${urlencode(youtube[2]!)}`);
    if (AUDIO_URL.test(url)) return `[audio src="${escUrl(url)}" /]`;
    if (VIDEO_URL.test(url)) {
      const dimensions = atts.width && atts.width !== '0' && atts.height && atts.height !== '0' ? `width="${Number.parseInt(atts.width, 10) || 0}" height="${Number.parseInt(atts.height, 10) || 0}" ` : '';
      return `[video ${dimensions}src="${escUrl(url)}" /]`;
    }
    return linkUnknown ? `<a href="${escUrl(url)}">${escHtml(url)}</a>` : url;
  }

  /** WP_Embed::run_shortcode(): only [embed] runs, and never inside HTML tags. */
  runShortcode(content: string): string {
    return new ShortcodeRunner(new Map([['embed', (atts, inner) => this.embed(atts, inner, true)]])).run(content, true);
  }

  /** WP_Embed::autoembed(). */
  autoembed(input: string): string {
    let content = replaceInHtmlTags(input, '\n', '<!-- wp-line-break -->');
    if (/(^|\s|>)https?:\/\//i.test(content)) {
      const callback = (_m: string, before: string, url: string, after: string) => `${before}${this.embed({}, url, false)}${after}`;
      content = content.replace(/^(\s*)(https?:\/\/[^\s<>"]+)(\s*)$/gim, callback);
      content = content.replace(/(<p(?: [^>]*)?>\s*)(https?:\/\/[^\s<>"]+)(\s*<\/p>)/gi, callback);
    }
    return content.split('<!-- wp-line-break -->').join('\n');
  }
}

import { phpTrim } from '../php/builtins';
import { wpFilterKses, wpFilterPostKses, type KsesOptions } from './text/kses';
import { addSlashes, stripSlashes } from './text/slashes';

/**
 * sanitize_post($postarr, 'db') for the text fields wp_insert_post() stores, with WordPress's default filters:
 *   title    title_save_pre: trim, then wp_filter_kses (`$allowedtags`) for users without unfiltered_html;
 *   content  content_save_pre: convert_invalid_entities, then wp_filter_post_kses (`$allowedposttags`) likewise;
 *   excerpt  excerpt_save_pre: the same as the content.
 * The filters see the value slashed, as wp_insert_post() receives it, and wp_insert_post() unslashes it after them.
 * (balanceTags() is also hooked but does nothing while the `use_balanceTags` option is off, its default.)
 */

export interface SaveFilterOptions extends KsesOptions {
  /** The writing user has `unfiltered_html` (administrators and editors on a single site): no kses. */
  unfilteredHtml: boolean;
}

export type PostTextField = 'post_title' | 'post_content' | 'post_excerpt';

/** `slashed`: the value as wp_insert_post() is given it; an unslashed one (a stored value) is slashed first, as wp_update_post() does. */
export function postTextForDb(field: PostTextField, value: string, slashed: boolean, options: SaveFilterOptions): string {
  let text = slashed ? value : addSlashes(value);
  if (field === 'post_title') {
    text = phpTrim(text);
    if (!options.unfilteredHtml) text = addSlashes(wpFilterKses(stripSlashes(text), options));
  } else {
    text = convertInvalidEntities(text);
    if (!options.unfilteredHtml) text = addSlashes(wpFilterPostKses(stripSlashes(text), options));
  }
  return stripSlashes(text);
}

const WINDOWS_1252: Record<string, string> = {
  128: '&#8364;', 129: '', 130: '&#8218;', 131: '&#402;', 132: '&#8222;', 133: '&#8230;', 134: '&#8224;', 135: '&#8225;',
  136: '&#710;', 137: '&#8240;', 138: '&#352;', 139: '&#8249;', 140: '&#338;', 141: '', 142: '&#381;', 143: '', 144: '',
  145: '&#8216;', 146: '&#8217;', 147: '&#8220;', 148: '&#8221;', 149: '&#8226;', 150: '&#8211;', 151: '&#8212;',
  152: '&#732;', 153: '&#8482;', 154: '&#353;', 155: '&#8250;', 156: '&#339;', 157: '', 158: '&#382;', 159: '&#376;',
};

/** convert_invalid_entities(): `&#128;`…`&#159;` (Windows-1252 code points written as Unicode) become the characters meant. */
export function convertInvalidEntities(text: string): string {
  return text.includes('&#1') ? text.replace(/&#(12[89]|1[3-5][0-9]);/g, (_m, n: string) => WINDOWS_1252[n]!) : text;
}

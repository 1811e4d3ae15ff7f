import { escapeRegExp } from '../../php/builtins';

/**
 * WordPress's wptexturize() (wp-includes/formatting.php, default English translations), ported rule for rule:
 * smart quotes, apostrophes, primes, dashes, ellipsis, ™, × between numbers and lone `&` → `&#038;`. HTML tags,
 * comments and registered shortcodes are left alone, and nothing inside pre/code/kbd/style/script/tt is changed.
 *
 * PHP's possessive quantifiers and conditional groups have no JavaScript syntax; the expressions below are their
 * equivalents (atomic groups written as a lookahead capture plus back-reference).
 */

const OPENING_QUOTE = '&#8220;';
const CLOSING_QUOTE = '&#8221;';
const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const OPENING_SINGLE_QUOTE = '&#8216;';
const CLOSING_SINGLE_QUOTE = '&#8217;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';
const OPEN_Q_FLAG = '<!--oq-->';
const OPEN_SQ_FLAG = '<!--osq-->';
const APOS_FLAG = '<!--apos-->';

/**
 * The shortcodes a site with the plugin has registered: WordPress core's and TEC's own two (`tribe:event-details`,
 * which renders nothing in a REST answer, and `tec_event_qr`). Their brackets are not texturized, and
 * shortcode_unautop() unwraps them.
 */
export const CORE_SHORTCODES = ['wp_caption', 'caption', 'gallery', 'playlist', 'audio', 'video', 'embed', 'tribe:event-details', 'tec_event_qr'];
const NO_TEXTURIZE_TAGS = ['pre', 'code', 'kbd', 'style', 'script', 'tt'];
const NO_TEXTURIZE_SHORTCODES = ['code'];

/** wp_spaces_regexp(). */
export const SPACES = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)';

/** PHP's `\Z`: end of subject or before a final newline. */
const END = '\\n?$';

const COCKNEY = ["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"];
const STATIC_CHARACTERS = ['...', '``', "''", ' (tm)', ...COCKNEY];
const STATIC_REPLACEMENTS = ['&#8230;', OPENING_QUOTE, CLOSING_QUOTE, ' &#8482;', ...COCKNEY.map((w) => w.replace(/'/g, APOS))];

type Replacement = [RegExp, string];
const APOS_RULES: Replacement[] = [
  [new RegExp(`'(\\d\\d)'(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g'), `${APOS_FLAG}$1${CLOSING_SINGLE_QUOTE}`],
  [new RegExp(`'(\\d\\d)"(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g'), `${APOS_FLAG}$1${CLOSING_QUOTE}`],
  [new RegExp(`'(?=\\d\\d(?:${END}|(?![%\\d]|[.,]\\d)))`, 'g'), APOS_FLAG],
  [new RegExp(`(?<=^|${SPACES})'(\\d[.,\\d]*)'`, 'g'), `${OPEN_SQ_FLAG}$1${CLOSING_SINGLE_QUOTE}`],
  [new RegExp(`(?<=^|[([{"\\-]|&lt;|${SPACES})'`, 'g'), OPEN_SQ_FLAG],
  [new RegExp(`(?<!${SPACES})'(?!${END}|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SPACES})`, 'g'), APOS_FLAG],
];
const QUOTE_RULES: Replacement[] = [
  [new RegExp(`(?<=^|${SPACES})"(\\d[.,\\d]*)"`, 'g'), `${OPEN_Q_FLAG}$1${CLOSING_QUOTE}`],
  [new RegExp(`(?<=^|[([{\\-]|&lt;|${SPACES})"(?!${SPACES})`, 'g'), OPEN_Q_FLAG],
];
const DASH_RULES: Replacement[] = [
  [/---/g, EM_DASH],
  [new RegExp(`(?<=^|${SPACES})--(?=$|${SPACES})`, 'g'), EM_DASH],
  [/(?<!xn)--/g, EN_DASH],
  [new RegExp(`(?<=^|${SPACES})-(?=$|${SPACES})`, 'g'), EN_DASH],
];
/** Every character some texturize rule (or the tag/shortcode split) starts from. */
const UNTOUCHED_TRIGGERS = /['"`\-.(&<[]/;
const LONE_AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

const applyAll = (text: string, rules: Replacement[]) => rules.reduce((t, [re, to]) => t.replace(re, to), text);

/** wptexturize_primes(): closing quotes versus primes (9' 9") within each quotation. */
function texturizePrimes(haystack: string, needle: "'" | '"', prime: string, openQuote: string, closeQuote: string): string {
  const flag = '<!--wp-prime-or-quote-->';
  const quotePattern = new RegExp(`${needle}(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g');
  const primePattern = new RegExp(`(?<=\\d)${needle}`, 'g');
  const sentences = haystack.split(openQuote).map((sentence, key) => {
    if (!sentence.includes(needle)) return sentence;
    if (key !== 0 && !sentence.includes(closeQuote)) {
      const count = (sentence.match(quotePattern) ?? []).length;
      sentence = sentence.replace(quotePattern, flag);
      if (count > 1) {
        // Several closing-quote candidates: one not after a digit is the closing quote, else the rightmost.
        const noDigit = new RegExp(`(?<!\\d)${flag}`, 'g');
        const count2 = (sentence.match(noDigit) ?? []).length;
        sentence = sentence.replace(noDigit, closeQuote);
        if (count2 === 0) {
          const pos = sentence.includes(`${flag}.`) ? sentence.lastIndexOf(`${flag}.`) : sentence.lastIndexOf(flag);
          sentence = sentence.slice(0, pos) + closeQuote + sentence.slice(pos + flag.length);
        }
        sentence = sentence.replace(primePattern, prime);
        sentence = sentence.replace(new RegExp(`(?<=\\d)${flag}`, 'g'), prime);
        sentence = sentence.split(flag).join(closeQuote);
      } else if (count === 1) {
        sentence = sentence.split(flag).join(closeQuote).replace(primePattern, prime);
      } else {
        sentence = sentence.replace(primePattern, prime);
      }
    } else {
      sentence = sentence.replace(primePattern, prime).replace(quotePattern, closeQuote);
    }
    if (needle === '"' && sentence.includes('"')) sentence = sentence.split('"').join(closeQuote);
    return sentence;
  });
  return sentences.join(openQuote);
}

/** _wptexturize_pushpop_element(): tracks entering and leaving elements whose content is not texturized. */
function pushPop(text: string, stack: string[], disabled: readonly string[]): void {
  const opening = text.length > 1 && text[1] !== '/';
  if (!opening && stack.length === 0) return;
  const nameOffset = opening ? 1 : 2;
  const space = text.indexOf(' ');
  // PHP substr with a negative length (-1 when there is no space) drops the closing `>` or `]`.
  const tag = space === -1 ? text.slice(nameOffset, -1) : text.substr(nameOffset, space - nameOffset);
  if (!disabled.includes(tag)) return;
  if (opening) stack.push(tag);
  else if (stack[stack.length - 1] === tag) stack.pop();
}

/** The texturize split: HTML elements/comments, and shortcodes when any registered one appears in the text. */
function splitPattern(shortcodes: readonly string[], text: string): { split: RegExp; shortcode: RegExp | null } {
  const comment = '!(?:-(?!->)[^-]*)*(?:-->)?';
  const html = `<(?:(?=!--)${comment}|(?!!--)[^>]*>?)`;
  const named = [...text.matchAll(/\[\/?([^<>&/[\]\x00-\x20=]+)/g)].map((m) => m[1]);
  const tags = shortcodes.filter((tag) => named.includes(tag));
  if (tags.length === 0) return { split: new RegExp(html, 'g'), shortcode: null };
  // `(?=(…))\1` is an atomic group: PHP's possessive `(…)*+` that keeps a failed match from backtracking.
  const body = '(?=((?:[^\\[\\]<>]+|<[^\\[\\]>]*>)*))\\1';
  const shortcode = `\\[[/[]?(?:${tags.map(escapeRegExp).join('|')})(?=[\\s\\]/])${body}\\]\\]?`;
  return { split: new RegExp(`${html}|${shortcode}`, 'g'), shortcode: new RegExp(`^(?:${shortcode})$`) };
}

export function wptexturize(text: string, shortcodes: readonly string[] = CORE_SHORTCODES): string {
  if (text === '' || text === '0') return text;
  // Text with none of the characters any rule looks at comes back unchanged; most names and short fields are such.
  if (!UNTOUCHED_TRIGGERS.test(text) && !/\dx\d/.test(text)) return text;
  const { split, shortcode } = splitPattern(shortcodes, text);
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(split)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (match[0] !== '') parts.push(match[0]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));

  const tagStack: string[] = [];
  const shortcodeStack: string[] = [];
  return parts
    .map((curl) => {
      if (curl[0] === '<') {
        if (curl.startsWith('<!--')) return curl;
        const element = curl.replace(LONE_AMPERSAND, '&#038;');
        pushPop(element, tagStack, NO_TEXTURIZE_TAGS);
        return element;
      }
      if (curl.trim() === '') return curl;
      if (curl[0] === '[' && shortcode?.test(curl)) {
        if (!curl.startsWith('[[') && !curl.endsWith(']]')) pushPop(curl, shortcodeStack, NO_TEXTURIZE_SHORTCODES);
        return curl;
      }
      if (shortcodeStack.length > 0 || tagStack.length > 0) return curl;
      return texturizeText(curl);
    })
    .join('');
}

function texturizeText(input: string): string {
  let curl = STATIC_CHARACTERS.reduce((t, from, i) => t.split(from).join(STATIC_REPLACEMENTS[i]), input);
  if (curl.includes("'")) {
    curl = applyAll(curl, APOS_RULES);
    curl = texturizePrimes(curl, "'", PRIME, OPEN_SQ_FLAG, CLOSING_SINGLE_QUOTE);
    curl = curl.split(APOS_FLAG).join(APOS).split(OPEN_SQ_FLAG).join(OPENING_SINGLE_QUOTE);
  }
  if (curl.includes('"')) {
    curl = applyAll(curl, QUOTE_RULES);
    curl = texturizePrimes(curl, '"', DOUBLE_PRIME, OPEN_Q_FLAG, CLOSING_QUOTE);
    curl = curl.split(OPEN_Q_FLAG).join(OPENING_QUOTE);
  }
  if (curl.includes('-')) curl = applyAll(curl, DASH_RULES);
  // 9x9 (times), but never 0x9999.
  if (/(?<=\d)x\d/.test(curl)) curl = curl.replace(/\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g, '$1&#215;$2');
  return curl.replace(LONE_AMPERSAND, '&#038;');
}

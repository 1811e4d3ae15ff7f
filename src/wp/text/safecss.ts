import { phpEmpty, phpTrim } from '../../php/builtins';
import { badProtocol, ksesNoNull } from './kses-protocols';

/**
 * safecss_filter_attr() of WordPress 7.0: what kses keeps of a `style` attribute. Each `;`-separated declaration
 * stays only when its property is one WordPress allows (or a custom property) and its value, once `url()`s with
 * allowed protocols, gradients and `var()`/`calc()`-like functions are set aside, holds none of `\ ( & } =` or `/*`.
 */

const SAFE_STYLE_CSS = new Set(
  ('background background-color background-image background-position background-repeat background-size ' +
    'background-attachment background-blend-mode border border-radius border-width border-color border-style ' +
    'border-right border-right-color border-right-style border-right-width border-bottom border-bottom-color ' +
    'border-bottom-left-radius border-bottom-right-radius border-bottom-style border-bottom-width border-left ' +
    'border-left-color border-left-style border-left-width border-top border-top-color border-top-left-radius ' +
    'border-top-right-radius border-top-style border-top-width border-spacing border-collapse caption-side columns ' +
    'column-count column-fill column-gap column-rule column-span column-width display color filter font font-family ' +
    'font-size font-style font-variant font-weight letter-spacing line-height text-align text-decoration text-indent ' +
    'text-transform white-space height min-height max-height width min-width max-width margin margin-right ' +
    'margin-bottom margin-left margin-top margin-block-start margin-block-end margin-inline-start margin-inline-end ' +
    'padding padding-right padding-bottom padding-left padding-top padding-block-start padding-block-end ' +
    'padding-inline-start padding-inline-end flex flex-basis flex-direction flex-flow flex-grow flex-shrink flex-wrap ' +
    'gap row-gap grid-template-columns grid-auto-columns grid-column-start grid-column-end grid-column ' +
    'grid-column-gap grid-template-rows grid-auto-rows grid-row-start grid-row-end grid-row grid-row-gap grid-gap ' +
    'justify-content justify-items justify-self align-content align-items align-self clear cursor direction float ' +
    'list-style-type object-fit object-position opacity overflow vertical-align writing-mode position top right ' +
    'bottom left z-index box-shadow aspect-ratio container-type'
  ).split(' '),
);

/** Properties whose value may hold `url()`, and those that may hold a gradient. */
const URL_PROPERTIES = new Set(['background', 'background-image', 'cursor', 'filter', 'list-style', 'list-style-image']);
const GRADIENT_PROPERTIES = new Set(['background', 'background-image']);

const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient\(([^()]|rgba?\([^()]*\))*\)$/;

export function safecssFilterAttr(input: string): string {
  const css = ksesNoNull(input).replace(/[\n\r\t]/g, '');
  let out = '';
  for (const raw of phpTrim(css).split(';')) {
    if (raw === '') continue;
    const item = phpTrim(raw);
    let test = item;
    let found = false;
    let urlAttr = false;
    let gradientAttr = false;
    let value = '';
    if (!item.includes(':')) {
      found = true;
    } else {
      const colon = item.indexOf(':');
      const property = phpTrim(item.slice(0, colon));
      value = item.slice(colon + 1);
      const customVar = /^--[a-zA-Z0-9-_]+$/.test(property);
      if (SAFE_STYLE_CSS.has(property) || customVar) {
        found = true;
        urlAttr = URL_PROPERTIES.has(property);
        gradientAttr = GRADIENT_PROPERTIES.has(property);
      }
      if (customVar) {
        urlAttr = phpTrim(value).startsWith('url(');
        gradientAttr = phpTrim(value).includes('-gradient(');
      }
    }
    if (found && urlAttr) {
      for (const [match] of value.matchAll(/url\([^)]+\)/g)) {
        const pieces = /^url\(\s*(['"]?)(.*)(\1)\s*\)$/s.exec(match);
        const url = phpTrim(pieces?.[2] ?? '');
        if (phpEmpty(pieces?.[2] ?? '') || phpEmpty(url) || badProtocol(url) !== url) {
          found = false;
          break;
        }
        test = test.split(match).join('');
      }
    }
    if (found && gradientAttr) {
      const gradient = phpTrim(value);
      if (GRADIENT.test(gradient)) test = test.split(gradient).join('');
    }
    if (!found) continue;
    test = withoutCssFunctions(test);
    if (/[\\(&=}]|\/\*/.test(test)) continue;
    out += (out === '' ? '' : ';') + item;
  }
  return out;
}

/**
 * The value with every `var()`, `calc()`, `min()`, `max()`, `minmax()`, `clamp()` and `repeat()` removed, nested
 * parentheses and all (PCRE's recursive `\b(?:var|calc|…)(\((?:[^()]|(?1))*\))`); an unbalanced one stays.
 */
function withoutCssFunctions(text: string): string {
  const name = /\b(?:var|calc|min|max|minmax|clamp|repeat)\(/g;
  let out = '';
  let from = 0;
  for (let m = name.exec(text); m; m = name.exec(text)) {
    let depth = 0;
    let end = -1;
    for (let i = m.index + m[0].length - 1; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        end = i + 1;
        break;
      }
    }
    if (end === -1) continue;
    out += text.slice(from, m.index);
    from = end;
    name.lastIndex = end;
  }
  return out + text.slice(from);
}

/**
 * PHP 8's strip_tags() without allowed tags: a state machine over the text.
 *   text     `<` opens a tag unless whitespace follows it; NUL bytes go; a `>` outside tags stays, unless it closes
 *            an extra `<` seen inside the previous tag;
 *   tag      quotes hide `<` and `>`; each further `<` must be closed by its own `>`; `<!` starts a declaration,
 *            `<?` a PHP block;
 *   `<!…`    ends at `>` outside quotes; `<!--` starts a comment, which ends only at `-->`; `<!DOCTYPE` is a tag;
 *   `<?…`    ends at `?>` outside quotes and parentheses; `<?xml` is a tag.
 * An unterminated tag swallows the rest of the text.
 */

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f';

export function stripTags(text: string): string {
  let out = '';
  let state: 'text' | 'tag' | 'php' | 'bang' | 'comment' = 'text';
  let depth = 0;
  let inQuote = '';
  let lc = '';
  let parens = 0;
  let isXml = false;
  for (let p = 0; p < text.length; p++) {
    const c = text[p]!;
    const prev = (n: number) => (p - n >= 0 ? text[p - n] : undefined);
    switch (state) {
      case 'text':
        if (c === '\0') break;
        if (c === '<') {
          if (inQuote) break;
          if (isSpace(text[p + 1])) out += c;
          else {
            lc = '<';
            state = 'tag';
          }
        } else if (c === '>') {
          if (depth) depth--;
          else if (!inQuote) out += c;
        } else out += c;
        break;
      case 'tag':
        if (c === '<') {
          if (!inQuote && !isSpace(text[p + 1])) depth++;
        } else if (c === '>') {
          if (depth) depth--;
          else if (!inQuote) {
            lc = '>';
            if (isXml && prev(1) === '-') break;
            inQuote = '';
            isXml = false;
            state = 'text';
          }
        } else if (c === '"' || c === "'") {
          if (p !== 0 && (!inQuote || c === inQuote)) inQuote = inQuote ? '' : c;
        } else if (c === '!' && prev(1) === '<') {
          state = 'bang';
          lc = c;
        } else if (c === '?' && prev(1) === '<') {
          parens = 0;
          state = 'php';
        }
        break;
      case 'php':
        if (c === '(' || c === ')') {
          if (lc !== '"' && lc !== "'") {
            lc = c;
            parens += c === '(' ? 1 : -1;
          }
        } else if (c === '>') {
          if (depth) depth--;
          else if (!inQuote && !parens && lc !== '"' && prev(1) === '?') {
            inQuote = '';
            state = 'text';
          }
        } else if (c === '"' || c === "'") {
          if (p >= 1 && prev(1) !== '\\') {
            if (lc === c) lc = '';
            else if (lc !== '\\') lc = c;
          }
          if (p !== 0 && (!inQuote || c === inQuote)) inQuote = inQuote ? '' : c;
        } else if ((c === 'l' || c === 'L') && p > 4 && /^<\?xm$/i.test(text.slice(p - 4, p))) {
          state = 'tag';
          isXml = true;
        }
        break;
      case 'bang':
        if (c === '>') {
          if (depth) depth--;
          else if (!inQuote) state = 'text';
        } else if (c === '"' || c === "'") {
          if (p !== 0 && prev(1) !== '\\' && (!inQuote || c === inQuote)) inQuote = inQuote ? '' : c;
        } else if (c === '-' && prev(1) === '-' && prev(2) === '!') {
          state = 'comment';
        } else if ((c === 'E' || c === 'e') && p > 6 && /^doctyp$/i.test(text.slice(p - 6, p))) {
          state = 'tag';
        }
        break;
      case 'comment':
        if (c === '>' && !inQuote && prev(1) === '-' && prev(2) === '-') {
          inQuote = '';
          state = 'text';
        }
        break;
    }
  }
  return out;
}

import { ALLOWED_PROTOCOLS } from './kses-allowed-html';

/** kses's checks of URL values and of stray control characters (wp_kses_bad_protocol, wp_kses_no_null). */

/** wp_kses_no_null(). */
export function ksesNoNull(text: string, slashZero: 'remove' | 'keep' = 'remove'): string {
  const out = text.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '');
  return slashZero === 'remove' ? out.replace(/\\+0+/g, '') : out;
}

/** wp_kses_bad_protocol(): strips schemes WordPress does not allow, until the value is stable. */
export function badProtocol(value: string): string {
  let content = ksesNoNull(value);
  if (content.startsWith('https://') || content.startsWith('http://')) return content;
  let previous: string;
  let iterations = 0;
  do {
    previous = content;
    content = badProtocolOnce(content, 1);
  } while (previous !== content && ++iterations < 6);
  return previous !== content ? '' : content;
}

function badProtocolOnce(value: string, count: number): string {
  const content = value.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const split = /:|&#0*58;|&#x0*3a;|&colon;/i.exec(content);
  if (!split || content.slice(0, split.index).includes('/?')) return content;
  let rest = content.slice(split.index + split[0].length).replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
  const scheme = ksesNoNull(decodeNumericEntities(content.slice(0, split.index)).replace(/[ \t\n\x0B\f\r]/g, '')).toLowerCase();
  const protocol = ALLOWED_PROTOCOLS.has(scheme) ? `${scheme}:` : '';
  if (protocol === 'feed:') {
    if (count > 2) return '';
    rest = badProtocolOnce(rest, count + 1);
    if (rest === '' || rest === '0') return rest;
  }
  return protocol + rest;
}

/** wp_kses_decode_entities(): numeric entities only, each as PHP's chr() makes it (one byte: the number modulo 256). */
function decodeNumericEntities(text: string): string {
  return text
    .replace(/&#([0-9]+);/g, (_m, d: string) => String.fromCharCode(Number(BigInt(d) % 256n)))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (_m, h: string) => String.fromCharCode(Number(BigInt(`0x${h}`) % 256n)));
}

import { parse } from '@wordpress/block-serialization-default-parser';

/**
 * filter_block_content() (kses's `pre_kses` step wp_pre_kses_block_attributes): block comment attributes are
 * parsed, every string in them (keys included) is filtered like the content, and the blocks are serialized again
 * as serialize_block() writes them. Text without blocks comes back unchanged.
 */

type ParsedBlock = ReturnType<typeof parse>[number];
type Filter = (text: string) => string;

export function filterBlockContent(input: string, filter: Filter): string {
  let text = input;
  if (text.includes('<!--') && text.includes('--->')) text = text.replace(/<!--([^\n]*?)--->/g, (_m, inner: string) => `<!--${inner.replace(/-+$/, '')}-->`);
  return parse(text)
    .map((block) => serializeBlock(filterBlock(block, filter)))
    .join('');
}

function filterBlock(block: ParsedBlock, filter: Filter): ParsedBlock {
  return {
    ...block,
    attrs: filterValue(block.attrs, filter, block.blockName) as ParsedBlock['attrs'],
    innerBlocks: block.innerBlocks.map((inner) => filterBlock(inner, filter)),
  };
}

/** filter_block_kses_value(), with the template part's `tagName` limited to allowed tags by the caller's filter. */
function filterValue(value: unknown, filter: Filter, blockName: string | null): unknown {
  if (typeof value === 'string') return filter(value);
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => filterValue(v, filter, blockName));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    let filtered = filterValue(inner, filter, blockName);
    const filteredKey = filter(key);
    if (blockName === 'core/template-part' && filteredKey === 'tagName' && typeof filtered === 'string' && filtered !== '' && filtered !== '0') {
      // filter_block_core_template_part_attributes(): a tag name kses would drop is emptied.
      filtered = filter(`<${filtered}>`) === `<${filtered}>` ? filtered : '';
    }
    out[filteredKey] = filtered;
  }
  return out;
}

/** serialize_block() / get_comment_delimited_block_content(). */
function serializeBlock(block: ParsedBlock): string {
  let inner = 0;
  let content = '';
  for (const chunk of block.innerContent) content += chunk === null ? serializeBlock(block.innerBlocks[inner++]!) : chunk;
  if (block.blockName === null) return content;
  const name = block.blockName.startsWith('core/') ? block.blockName.slice(5) : block.blockName;
  const attrs = block.attrs && typeof block.attrs === 'object' && Object.keys(block.attrs).length > 0 ? `${serializeAttributes(block.attrs)} ` : '';
  return content === '' || content === '0' ? `<!-- wp:${name} ${attrs}/-->` : `<!-- wp:${name} ${attrs}-->${content}<!-- /wp:${name} -->`;
}

/** serialize_block_attributes(): PHP's json_encode (slashes and Unicode unescaped), then `-- < > & \"` escaped. */
function serializeAttributes(attrs: object): string {
  return phpJson(attrs)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

/**
 * json_encode() of a decoded JSON value as PHP holds it: an object that is empty or keyed 0, 1, 2… is an array.
 * (A whole float such as `1.0` reads as an integer here and is written `1`, where PHP writes `1.0`.)
 */
function phpJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(phpJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.every(([k], i) => k === String(i))) return `[${entries.map(([, v]) => phpJson(v)).join(',')}]`;
    return `{${entries.map(([k, v]) => `${phpString(k)}:${phpJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'string') return phpString(value);
  return JSON.stringify(value) ?? 'null';
}

const phpString = (s: string): string => JSON.stringify(s).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

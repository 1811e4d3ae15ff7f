import type { PhpValue } from '../../php/php-serialize';
import { stripTags } from './formatting';
import { attachmentLink, attachmentMetadata, attachmentRow, attachmentUrl, escAttr, escUrl, type MediaContext } from './media';

/**
 * Attachment images as WordPress writes them (wp-includes/media.php): image_downsize() picking a registered size
 * from the attachment's metadata (or the full image constrained to the size's bounds), wp_get_attachment_image()
 * with its srcset and sizes, wp_get_attachment_link(), and the srcset and dimension helpers the content filter
 * (content-tags.ts) shares. Inside the_content no loading or decoding attribute is added here: the content filter
 * adds them afterwards.
 */

type Meta = Record<string, PhpValue>;
type SizeData = { file: string; width: number; height: number };

const num = (v: PhpValue | undefined): number => (typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d/.test(v) ? parseInt(v, 10) : 0);
const basename = (path: string) => path.replace(/\/+$/, '').split('/').pop() ?? '';

function sizesOf(meta: Meta | undefined): Array<[string, SizeData]> {
  const sizes = meta?.sizes;
  if (!sizes || typeof sizes !== 'object') return [];
  return Object.entries(sizes as Record<string, PhpValue>)
    .filter(([, s]) => s && typeof s === 'object' && !Array.isArray(s))
    .map(([name, s]) => {
      const d = s as Meta;
      return [name, { file: String(d.file ?? ''), width: num(d.width), height: num(d.height) }];
    });
}

/** wp_constrain_dimensions(). */
function constrainDimensions(width: number, height: number, maxWidth = 0, maxHeight = 0): [number, number] {
  if (!maxWidth && !maxHeight) return [width, height];
  let widthRatio = 1;
  let heightRatio = 1;
  let didWidth = false;
  let didHeight = false;
  if (maxWidth > 0 && width > 0 && width > maxWidth) [widthRatio, didWidth] = [maxWidth / width, true];
  if (maxHeight > 0 && height > 0 && height > maxHeight) [heightRatio, didHeight] = [maxHeight / height, true];
  const smaller = Math.min(widthRatio, heightRatio);
  const larger = Math.max(widthRatio, heightRatio);
  const ratio = Math.round(width * larger) > maxWidth || Math.round(height * larger) > maxHeight ? smaller : larger;
  let w = Math.max(1, Math.round(width * ratio));
  let h = Math.max(1, Math.round(height * ratio));
  if (didWidth && w === maxWidth - 1) w = maxWidth;
  if (didHeight && h === maxHeight - 1) h = maxHeight;
  return [w, h];
}

/** image_constrain_size_for_editor() in display context, for the named sizes WordPress registers. */
function constrainForSize(ctx: MediaContext, width: number, height: number, size: string): [number, number] {
  if (size === 'thumb' || size === 'thumbnail') {
    const [w, h] = ctx.sizes.thumbnail;
    return constrainDimensions(width, height, ...(!w && !h ? ([128, 96] as const) : ([w, h] as const)));
  }
  if (size === 'medium' || size === 'medium_large' || size === 'large') return constrainDimensions(width, height, ...ctx.sizes[size]);
  return [width, height];
}

/** wp_attachment_is('image'): an image MIME type. */
const isImage = (ctx: MediaContext, id: number) => (attachmentRow(ctx, id)?.post_mime_type ?? '').startsWith('image/');

/** image_downsize(): [url, width, height] of a named size, or false for no image. */
export function imageDownsize(ctx: MediaContext, id: number, size: string): [string, number, number] | false {
  const url = attachmentUrl(ctx, id);
  const meta = attachmentMetadata(ctx, id);
  if (!isImage(ctx, id)) return false;
  let imgUrl = url || '';
  let width = 0;
  let height = 0;
  const intermediate = sizesOf(meta).find(([name]) => name === size)?.[1];
  if (intermediate && intermediate.file) {
    imgUrl = imgUrl.split(basename(imgUrl)).join(intermediate.file);
    width = intermediate.width;
    height = intermediate.height;
  }
  if (!width && !height && meta && 'width' in meta && 'height' in meta) [width, height] = [num(meta.width), num(meta.height)];
  if (!imgUrl) return false;
  return [imgUrl, ...constrainForSize(ctx, width, height, size)];
}

/** wp_image_matches_ratio(): the same shape within a pixel. */
function matchesRatio(sw: number, sh: number, tw: number, th: number): boolean {
  const [constrained, expected] = sw > tw ? [constrainDimensions(sw, sh, tw), [tw, th]] : [constrainDimensions(tw, th, sw), [sw, sh]];
  return Math.abs(constrained[0] - expected[0]!) <= 1 && Math.abs(constrained[1] - expected[1]!) <= 1;
}

/** wp_calculate_image_srcset(): the sizes of the same shape as `width`×`height`, the source first; false for fewer than two. */
export function imageSrcset(ctx: MediaContext, width: number, height: number, src: string, meta: Meta | undefined): string | false {
  const file = typeof meta?.file === 'string' ? meta.file : '';
  const sizes = sizesOf(meta);
  if (sizes.length === 0 || file.length < 4 || width < 1) return false;
  const candidates: SizeData[] = sizes.map(([, s]) => s);
  // The full image joins the candidates, unless the thumbnail is a GIF (an animated one would lose its frames).
  const thumbMime = (meta?.sizes as Record<string, Meta> | undefined)?.thumbnail?.['mime-type'];
  if (thumbMime !== 'image/gif') candidates.push({ file: basename(file), width: num(meta!.width), height: num(meta!.height) });
  else if (src.includes(file)) return false;
  const dir = file.includes('/') ? `${file.slice(0, file.lastIndexOf('/'))}/` : '';
  const baseUrl = `${ctx.uploadsUrl}/${dir}`;
  const edit = /-e[0-9]{13}/.exec(basename(src))?.[0];
  const sources = new Map<number, string>();
  let srcMatched = false;
  for (const image of candidates) {
    let isSrc = false;
    if (!srcMatched && src.includes(`${dir}${image.file}`)) [srcMatched, isSrc] = [true, true];
    if (edit && !image.file.includes(edit)) continue;
    if (image.width > 2048 && !isSrc) continue;
    if (!matchesRatio(width, height, image.width, image.height)) continue;
    const url = `${baseUrl}${image.file}`;
    if (isSrc) {
      const rest = [...sources].filter(([w]) => w !== image.width);
      sources.clear();
      sources.set(image.width, url);
      for (const [w, u] of rest) sources.set(w, u);
    } else {
      sources.set(image.width, url);
    }
  }
  if (!srcMatched || sources.size < 2) return false;
  return [...sources].map(([w, url]) => `${url.replace(/ /g, '%20')} ${w}w`).join(', ');
}

/** wp_calculate_image_sizes(). */
export const imageSizes = (width: number): string | false => (width ? `(max-width: ${width}px) 100vw, ${width}px` : false);

/** wp_image_src_get_dimensions(): the full image's size when the URL names its file, else the size it names. */
export function srcDimensions(src: string, meta: Meta | undefined): [number, number] | false {
  const file = typeof meta?.file === 'string' ? meta.file : undefined;
  if (file !== undefined && src.includes(basename(file))) return [num(meta!.width), num(meta!.height)];
  const match = sizesOf(meta).find(([, s]) => s.file === basename(src));
  return match ? [match[1].width, match[1].height] : false;
}

/** wp_get_attachment_image() while the_content runs: `<img width height src class alt [srcset sizes] … />`, or ''. */
export function attachmentImage(ctx: MediaContext, id: number, size: string, extra: Record<string, string> = {}): string {
  const image = imageDownsize(ctx, id, size);
  if (!image) return '';
  const [src, width, height] = image;
  const alt = ctx.media.attachments.meta.first(id, '_wp_attachment_image_alt') ?? '';
  const attr: Record<string, string> = { src, class: `attachment-${size} size-${size}`, alt: stripTags(alt).trim(), ...extra };
  const meta = attachmentMetadata(ctx, id);
  if (meta) {
    const srcset = imageSrcset(ctx, width, height, src, meta);
    const sizes = imageSizes(width);
    if (srcset && sizes) Object.assign(attr, { srcset, sizes });
  }
  const hw = `${width ? `width="${width}" ` : ''}${height ? `height="${height}" ` : ''}`;
  return `${`<img ${hw}`.trimEnd()}${Object.entries(attr).map(([name, value]) => ` ${name}="${escAttr(value)}"`).join('')} />`;
}

/** wp_get_attachment_link(): `<a href='…'>` the image of the size (or the title) `</a>`; to the file or the attachment page. */
export function attachmentLinkHtml(ctx: MediaContext, id: number, size: string, permalink: boolean, extra: Record<string, string> = {}): string {
  const row = attachmentRow(ctx, id);
  const url = row ? attachmentUrl(ctx, id) : false;
  if (!row || !url) return 'Missing Attachment';
  const href = permalink ? attachmentLink(ctx, id) : url;
  let text = size && size !== 'none' ? attachmentImage(ctx, id, size, extra) : '';
  if (text.trim() === '') text = row.post_title;
  if (text.trim() === '') text = escAttr((ctx.media.attachments.meta.first(id, '_wp_attached_file') ?? '').split('/').pop()!.replace(/\.[^.]*$/, ''));
  return `<a href='${escUrl(href)}'>${text}</a>`;
}

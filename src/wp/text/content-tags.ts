import { imageSizes, imageSrcset, srcDimensions } from './attachment-image';
import { attachmentMetadata, escAttr, type MediaContext } from './media';

/**
 * wp_filter_content_tags() as it runs on the_content and the_excerpt of a REST answer (priority 12): each `<img>`
 * of a media-library image (`wp-image-ID`) gets its missing width and height and its srcset and sizes; every
 * `<img>` gets `decoding="async"`, and `loading="lazy"` when it has a width and a height (outside the main loop no
 * image counts as above the fold), with `auto, ` before its sizes; an `<iframe>` with a width and a height gets
 * `loading="lazy"`.
 */

function withWidthAndHeight(ctx: MediaContext, image: string, id: number): string {
  const src = (/src="([^"]+)"/.exec(image)?.[1] ?? '').split('?')[0]!;
  if (!src) return image;
  const size = srcDimensions(src, attachmentMetadata(ctx, id));
  if (!size || !size[0] || !size[1]) return image;
  const style = /style="width:\s*(\d+)px;"/.exec(image);
  let [width, height] = size;
  if (style && Number(style[1])) [width, height] = [Number(style[1]), Math.round((height * Number(style[1])) / width)];
  return image.replace('<img', `<img width="${width}" height="${height}"`);
}

/** wp_image_add_srcset_and_sizes(). */
function withSrcset(ctx: MediaContext, image: string, id: number): string {
  const meta = attachmentMetadata(ctx, id);
  const sizes = meta?.sizes;
  if (!meta || !sizes || typeof sizes !== 'object' || Object.keys(sizes).length === 0) return image;
  const src = (/src="([^"]+)"/.exec(image)?.[1] ?? '').split('?')[0]!;
  if (!src) return image;
  const edit = typeof meta.file === 'string' ? /-e[0-9]{13}/.exec(meta.file)?.[0] : undefined;
  if (edit && !src.split('/').pop()!.includes(edit)) return image;
  const width = Number(/ width="([0-9]+)"/.exec(image)?.[1] ?? 0);
  const height = Number(/ height="([0-9]+)"/.exec(image)?.[1] ?? 0);
  const size = width && height ? ([width, height] as [number, number]) : srcDimensions(src, meta);
  if (!size) return image;
  const srcset = imageSrcset(ctx, size[0], size[1], src, meta);
  if (!srcset) return image;
  const hasSizes = image.indexOf(' sizes=') > 0;
  const computed = hasSizes ? true : imageSizes(size[0]);
  if (!computed) return image;
  const attr = ` srcset="${escAttr(srcset)}"${typeof computed === 'string' ? ` sizes="${escAttr(computed)}"` : ''}`;
  return image.replace(/<img ([^>]+?)[/ ]*>/, (_m, inner: string) => `<img ${inner}${attr} />`);
}

/** wp_img_tag_add_loading_optimization_attrs() outside the loop, then wp_img_tag_add_auto_sizes(). */
function withLoadingAttributes(image: string): string {
  let out = image;
  if (!out.includes(' src="')) return out;
  if (!/ decoding=["'][A-Za-z]+["']/.test(out)) out = out.replace('<img', '<img decoding="async"');
  if (!out.includes(' width="') || !out.includes(' height="')) return out;
  const hasWidth = / width=["'][0-9]+["']/.test(image);
  const hasHeight = / height=["'][0-9]+["']/.test(image);
  const loading = / loading=["']([A-Za-z]+)["']/.exec(out)?.[1];
  const fetchpriority = / fetchpriority=["']([A-Za-z]+)["']/.exec(out)?.[1];
  if (!loading && hasWidth && hasHeight && fetchpriority !== 'high' && fetchpriority !== 'low') out = out.replace('<img', '<img loading="lazy"');
  return out;
}

/** wp_img_tag_add_auto_sizes(): `auto, ` in front of the sizes of a lazy image with a width. */
function withAutoSizes(image: string): string {
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(image);
  const loading = attr('loading');
  if (!loading || (loading[2] ?? loading[3] ?? loading[4] ?? '').trim().toLowerCase() !== 'lazy') return image;
  const width = attr('width');
  if (!width || (width[2] ?? width[3] ?? width[4] ?? '') === '') return image;
  const sizes = attr('sizes');
  if (!sizes) return image;
  const value = sizes[2] ?? sizes[3] ?? sizes[4] ?? '';
  if (value.split(',')[0]!.trim().toLowerCase() === 'auto') return image;
  return image.replace(sizes[0], ` sizes="auto, ${value}"`);
}

export function filterContentTags(ctx: MediaContext, content: string): string {
  const tags = [...content.matchAll(/<(img|iframe)\s[^>]+>/g)];
  if (tags.length === 0) return content;
  let out = content;
  const done = new Set<string>();
  for (const [tag, name] of tags) {
    if (done.has(tag)) continue;
    done.add(tag);
    let filtered = tag;
    if (name === 'img') {
      const id = Number(/wp-image-([0-9]+)/i.exec(tag)?.[1] ?? 0);
      if (id > 0 && !filtered.includes(' width=') && !filtered.includes(' height=')) filtered = withWidthAndHeight(ctx, filtered, id);
      if (id > 0 && !filtered.includes(' srcset=')) filtered = withSrcset(ctx, filtered, id);
      filtered = withAutoSizes(withLoadingAttributes(filtered));
    } else if (!filtered.includes(' loading=') && filtered.includes(' src="') && filtered.includes(' width="') && filtered.includes(' height="')) {
      filtered = filtered.replace(/<iframe /i, '<iframe loading="lazy" ');
    }
    if (filtered !== tag) out = out.split(tag).join(filtered);
  }
  return out;
}

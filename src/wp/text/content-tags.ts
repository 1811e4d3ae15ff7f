/**
 * wp_filter_content_tags() as the_content and the_excerpt run it in a REST request (outside the loop): every
 * `<img>` with a double-quoted `src` gets `decoding="async"` unless it has a decoding attribute, and one with numeric
 * quoted `width` and `height` also `loading="lazy"` unless it has a loading attribute or a high or low
 * fetchpriority; an `<iframe>` with `src`, `width` and `height` gets `loading="lazy"`.
 *
 * Not reproduced: the width, height, srcset and sizes WordPress adds to an attachment's image (`wp-image-N`, which
 * need its metadata), `fetchpriority="high"` for a large image marked `loading="eager"` (WordPress gives it to the
 * first such image of the request), and `auto` prepended to the `sizes` of a lazy image.
 */

const attr = (tag: string, name: string, value: string) => new RegExp(` ${name}=["']${value}["']`).exec(tag)?.[1];

function imgTag(image: string): string {
  if (!image.includes(' src="')) return image;
  const width = attr(image, 'width', '([0-9]+)');
  const height = attr(image, 'height', '([0-9]+)');
  const loading = attr(image, 'loading', '([A-Za-z]+)');
  const fetchpriority = attr(image, 'fetchpriority', '([A-Za-z]+)');
  let out = image;
  if (!attr(image, 'decoding', '([A-Za-z]+)')) out = out.split('<img').join('<img decoding="async"');
  if (!out.includes(' width="') || !out.includes(' height="') || width === undefined || height === undefined) return out;
  if (!loading && fetchpriority !== 'high' && fetchpriority !== 'low') out = out.split('<img').join('<img loading="lazy"');
  return out;
}

function iframeTag(iframe: string): string {
  if (iframe.includes(' loading=') || !iframe.includes(' src="') || !iframe.includes(' width="') || !iframe.includes(' height="')) return iframe;
  return iframe.split('<iframe').join('<iframe loading="lazy"');
}

export function filterContentTags(content: string): string {
  const tags = [...new Set(content.match(/<(img|iframe)\s[^>]+>/g) ?? [])];
  let out = content;
  for (const tag of tags) {
    const filtered = tag.startsWith('<img') ? imgTag(tag) : iframeTag(tag);
    if (filtered !== tag) out = out.split(tag).join(filtered);
  }
  return out;
}

/**
 * WordPress's intermediate image sizes: which sizes an image gets (image_resize_dimensions()), in which order
 * (wp_create_image_subsizes()), and which of them an attachment's metadata lacks (wp_get_missing_image_subsizes()).
 * The resized images themselves are made by src/media/image-resize.ts.
 */

/** WordPress's default image sizes, in registration order: name, width, height, crop. */
export const SIZES: ReadonlyArray<[string, number, number, boolean]> = [
  ['thumbnail', 150, 150, true],
  ['medium', 300, 300, false],
  ['medium_large', 768, 0, false],
  ['large', 1024, 1024, false],
  ['1536x1536', 1536, 1536, false],
  ['2048x2048', 2048, 2048, false],
];

/** image_resize_dimensions(): the size a resize would give, or undefined when the image is not larger. */
export function resizeDimensions(width: number, height: number, maxW: number, maxH: number, crop: boolean): [number, number] | undefined {
  let w: number;
  let h: number;
  if (crop) {
    w = Math.min(maxW || width, width);
    h = Math.min(maxH || height, height);
  } else {
    // wp_constrain_dimensions(): fit inside the box, a 0 side unconstrained.
    const ratios = [maxW ? maxW / width : Infinity, maxH ? maxH / height : Infinity];
    const ratio = Math.min(...ratios, 1);
    w = Math.max(1, Math.round(width * ratio));
    h = Math.max(1, Math.round(height * ratio));
  }
  return w >= width && h >= height ? undefined : [w, h];
}

/** The order wp_create_image_subsizes() makes (and lists) the sizes in: those first, then the others as registered. */
const PRIORITY = ['medium', 'large', 'thumbnail', 'medium_large'];
export const priorityOf = (size: string) => (PRIORITY.includes(size) ? PRIORITY.indexOf(size) : PRIORITY.length + SIZES.findIndex(([name]) => name === size));

/** The part of `_wp_attachment_metadata` that says which sizes exist. */
export interface SizedImageMeta {
  width?: unknown;
  height?: unknown;
  sizes?: unknown;
}

/**
 * wp_get_missing_image_subsizes(): the registered sizes an image of the metadata's dimensions would get that its
 * `sizes` lack; every size when the metadata or its dimensions are missing.
 */
export function missingImageSizes(meta: SizedImageMeta | undefined): string[] {
  const all = SIZES.map(([name]) => name);
  const width = Number(meta?.width);
  const height = Number(meta?.height);
  if (!meta || !(width >= 1) || !(height >= 1)) return all;
  const present = meta.sizes !== null && typeof meta.sizes === 'object' ? Object.keys(meta.sizes) : [];
  return SIZES.filter(([name, maxW, maxH, crop]) => resizeDimensions(width, height, maxW, maxH, crop) && !present.includes(name)).map(([name]) => name);
}

import { priorityOf, resizeDimensions, SIZES } from '../wp/image-sizes';

/** WordPress's intermediate sizes of an image (src/wp/image-sizes.ts), made with libvips (sharp). */

export interface ResizedImage {
  size: string;
  width: number;
  height: number;
  data: Buffer;
}

/** The image resized to each of `sizes` it is larger than, in the order WordPress makes them. */
export async function resizedImages(body: Buffer, width: number, height: number, sizes: readonly string[]): Promise<ResizedImage[]> {
  // Loaded on the first image, not at start: most processes never store one.
  const { default: sharp } = await import('sharp');
  const resized: ResizedImage[] = [];
  for (const [size, maxW, maxH, crop] of SIZES) {
    if (!sizes.includes(size)) continue;
    const dims = resizeDimensions(width, height, maxW, maxH, crop);
    if (dims) resized.push({ size, width: dims[0], height: dims[1], data: await sharp(body).resize(dims[0], dims[1], { fit: crop ? 'cover' : 'fill' }).toBuffer() });
  }
  return resized.sort((a, b) => priorityOf(a.size) - priorityOf(b.size));
}

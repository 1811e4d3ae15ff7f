import type { ImageModifier } from '../wp/image-edits';

/**
 * The image with the edits applied one after the other, as WordPress's image editor applies them: a flip
 * (`horizontal` mirrors left to right, `vertical` turns upside down), a clockwise rotation, a crop in percentages of
 * the image as it then stands (rounded, kept inside it). The encoding stays the image's.
 */
export async function editImage(body: Buffer, modifiers: readonly ImageModifier[]): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  let image = body;
  for (const m of modifiers) {
    if (m.type === 'flip') {
      let step = sharp(image);
      if (m.horizontal) step = step.flop();
      if (m.vertical) step = step.flip();
      image = await step.toBuffer();
    } else if (m.type === 'rotate') {
      if (m.angle % 360 !== 0) image = await sharp(image).rotate(m.angle).toBuffer();
    } else {
      const { width = 0, height = 0 } = await sharp(image).metadata();
      const left = Math.min(Math.max(Math.round((width * m.left) / 100), 0), width - 1);
      const top = Math.min(Math.max(Math.round((height * m.top) / 100), 0), height - 1);
      const w = Math.max(1, Math.min(Math.round((width * m.width) / 100), width - left));
      const h = Math.max(1, Math.min(Math.round((height * m.height) / 100), height - top));
      image = await sharp(image).extract({ left, top, width: w, height: h }).toBuffer();
    }
  }
  return image;
}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { FIXTURE_DIR } from './http';

/**
 * The files the recording uploads, made once and kept in the fixture folder so that a replay sends the same bytes:
 * a 1200×800 JPEG (large enough for every size WordPress makes), a 64×64 PNG, a text file and a photo with EXIF tags.
 */

export const POSTER = 'poster.jpg';
export const SMALL = 'small.png';
export const TEXT = 'notes.txt';
/** A photo as a camera writes it: EXIF tags WordPress reads into `image_meta` (description, artist, exposure…). */
export const PHOTO = 'harbour.jpg';
/** The poster with IPTC datasets (headline, caption, credit, copyright, keywords, date and time created). */
export const IPTC_PHOTO = 'harbour-iptc.jpg';

/** An APP13 segment of IPTC record 2 datasets (a Photoshop 8BIM resource 0x0404), as cameras and editors write it. */
function iptcSegment(datasets: ReadonlyArray<[number, string]>): Buffer {
  const records = Buffer.concat(datasets.map(([tag, text]) => {
    const value = Buffer.from(text, 'utf8');
    return Buffer.concat([Buffer.from([0x1c, 0x02, tag, value.length >> 8, value.length & 0xff]), value]);
  }));
  const size = Buffer.alloc(4);
  size.writeUInt32BE(records.length);
  const resource = Buffer.concat([Buffer.from('8BIM'), Buffer.from([0x04, 0x04, 0, 0]), size, records, Buffer.alloc(records.length % 2)]);
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\0'), resource]);
  return Buffer.concat([Buffer.from([0xff, 0xed, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
}

/** A phone's photo stored turned: its EXIF orientation (6) asks for a quarter turn clockwise. */
export const PHONE_PHOTO = 'phone.jpg';
export const PHOTO_EXIF = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS 80D', Artist: 'Jane Photographer', Copyright: '(c) 2026 Jane', ImageDescription: 'Harbour at dusk', Orientation: '1' },
  IFD2: { FNumber: '28/10', ExposureTime: '1/250', FocalLength: '50/1', ISOSpeedRatings: '400', DateTimeDigitized: '2026:05:01 18:30:12', DateTimeOriginal: '2026:05:01 18:30:12' },
};

function gradient(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((255 * x) / width);
      pixels[i + 1] = Math.round((255 * y) / height);
      pixels[i + 2] = (x ^ y) & 0xff;
    }
  }
  return pixels;
}

export async function ensureUploadFiles(): Promise<void> {
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const poster = resolve(FIXTURE_DIR, POSTER);
  if (!existsSync(poster)) await sharp(gradient(1200, 800), { raw: { width: 1200, height: 800, channels: 3 } }).jpeg({ quality: 70 }).toFile(poster);
  const small = resolve(FIXTURE_DIR, SMALL);
  if (!existsSync(small)) await sharp(gradient(64, 64), { raw: { width: 64, height: 64, channels: 3 } }).png().toFile(small);
  const photo = resolve(FIXTURE_DIR, PHOTO);
  if (!existsSync(photo)) await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 90, b: 160 } } }).withExif(PHOTO_EXIF).jpeg().toFile(photo);
  const phone = resolve(FIXTURE_DIR, PHONE_PHOTO);
  if (!existsSync(phone)) await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 90, b: 40 } } }).withMetadata({ orientation: 6 }).withExif({ IFD0: { Model: 'Pixel 8' } }).jpeg().toFile(phone);
  const iptc = resolve(FIXTURE_DIR, IPTC_PHOTO);
  if (!existsSync(iptc)) {
    const jpeg = readFileSync(poster);
    const datasets: Array<[number, string]> = [[105, 'Harbour headline'], [120, 'A long caption about the harbour at dusk'], [110, 'Jane Credit'], [116, '(c) Jane IPTC'], [25, 'harbour'], [25, 'dusk'], [55, '20260501'], [60, '183012']];
    writeFileSync(iptc, Buffer.concat([jpeg.subarray(0, 2), iptcSegment(datasets), jpeg.subarray(2)]));
  }
  const text = resolve(FIXTURE_DIR, TEXT);
  if (!existsSync(text)) writeFileSync(text, 'Plain text, not an image.\n');
}

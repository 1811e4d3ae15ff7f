import { phpFloatString } from '../../src/php/builtins';
import { EMPTY_IMAGE_META, imageMeta } from '../../src/wp/image-meta';

/**
 * wp_read_image_metadata()'s EXIF rules beyond the recorded photo (tests/api/wp-v2/media-writes.test.ts replays the
 * plugin site's answers): a long description is no title, a comment is the caption, rationals as PHP writes floats.
 */
describe('image_meta of EXIF tags', () => {
  it('is the empty one without tags', () => expect(imageMeta(undefined)).toEqual(EMPTY_IMAGE_META));

  it('takes a short description for title and caption, a long one for the caption alone', () => {
    expect(imageMeta({ ImageDescription: '  Harbour  ' })).toMatchObject({ title: 'Harbour', caption: 'Harbour' });
    const long = 'x'.repeat(80);
    expect(imageMeta({ ImageDescription: long })).toMatchObject({ title: '', caption: long });
    expect(imageMeta({ ImageDescription: 'Harbour', UserComment: 'Shot from the pier' })).toMatchObject({ title: 'Harbour', caption: 'Shot from the pier' });
  });

  it('writes numbers as PHP writes them, and filters markup as a post', () => {
    expect(imageMeta({ FNumber: 1 / 3, ExposureTime: 1 / 3, FocalLength: NaN, ISOSpeedRatings: [200, 400], Orientation: 6, Artist: 'Jane <script>x</script>' })).toMatchObject({
      aperture: '0.33',
      shutter_speed: '0.33333333333333',
      focal_length: '0',
      iso: '200',
      orientation: '6',
      credit: 'Jane x',
    });
    expect([2.8, 50, 1e20, 0.00001, 123456789012345].map(phpFloatString)).toEqual(['2.8', '50', '1.0E+20', '1.0E-5', '1.2345678901235E+14']);
  });

  it('reads the digitized time in UTC', () => expect(imageMeta({ DateTimeDigitized: '2026:05:01 18:30:12' }).created_timestamp).toBe('1777660212'));
});

describe('image_meta of IPTC datasets', () => {
  it('takes the headline (else the object name), and a short caption for a missing title; EXIF fills only what is empty', () => {
    expect(imageMeta(undefined, { ObjectName: 'Object', Caption: 'Short caption', Keywords: ['a', 'b'] })).toMatchObject({ title: 'Object', caption: 'Short caption', keywords: ['a', 'b'] });
    expect(imageMeta(undefined, { Caption: 'Short caption' })).toMatchObject({ title: 'Short caption', caption: 'Short caption' });
    expect(imageMeta({ ImageDescription: 'From EXIF', Artist: 'EXIF artist' }, { Byline: 'By-line' })).toMatchObject({ title: 'From EXIF', caption: 'From EXIF', credit: 'By-line' });
  });

  it('reads the creation time with its offset, in UTC without one', () => {
    expect(imageMeta(undefined, { DateCreated: '20260501', TimeCreated: '183012+0200' }).created_timestamp).toBe(String(Date.parse('2026-05-01T16:30:12Z') / 1000));
    expect(imageMeta(undefined, { DateCreated: '20260501', TimeCreated: '183012' }).created_timestamp).toBe('1777660212');
  });
});

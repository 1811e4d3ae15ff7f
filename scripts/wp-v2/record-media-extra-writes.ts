/**
 * Records uploads that writes.json does not hold — photos whose EXIF tags WordPress reads into `image_meta`, the title
 * and the caption, and a photo it turns upright by its EXIF orientation — into tests/fixtures/plugin/wp-v2/media-writes-extra.json, in writes.json's form. It makes the same
 * calendar (scripts/wp-v2/calendar.ts) on an oracle of its own and writes that oracle's site URL as calendar.json's.
 *
 *   (cd ../shared/oracle && ORACLE_PORT=8082 ORACLE_DB=tecoracle_wp ./setup.sh)
 *   ORACLE_PORT=8082 ORACLE_DB=tecoracle_wp npx tsx scripts/wp-v2/record-media-extra-writes.ts
 */
import { SITE } from '../compare-plugin/oracle';
import type { WpExchange } from './http';
import { IPTC_PHOTO, PHONE_PHOTO, PHOTO } from './images';
import { recordScenarios, runRecorder } from './record-scenarios';
import type { WriteScenario } from './writes-posts';

const M = '/wp/v2/media';
const photo = { file: PHOTO, type: 'image/jpeg', disposition: `attachment; filename="${PHOTO}"` };
const phone = { file: PHONE_PHOTO, type: 'image/jpeg', disposition: `attachment; filename="${PHONE_PHOTO}"` };
const editRead = (as: WpExchange['as']): WpExchange => ({ name: 'read back', method: 'GET', path: `${M}/{0}?context=edit`, as });

const SCENARIOS: WriteScenario[] = [
  { name: 'upload a photo with EXIF', steps: [{ name: 'upload', method: 'POST', path: M, as: 'admin', upload: photo }, editRead('admin')] },
  { name: 'upload a photo with EXIF as author', steps: [{ name: 'upload', method: 'POST', path: M, as: 'author', upload: photo }] },
  { name: 'upload a photo with EXIF, title and caption given', steps: [{ name: 'upload', method: 'POST', path: `${M}?title=Given%20title&caption=Given%20caption`, as: 'admin', upload: photo }] },
  { name: 'upload a photo with EXIF, an empty title given', steps: [{ name: 'upload', method: 'POST', path: `${M}?title=`, as: 'admin', upload: photo }] },
  { name: 'upload a photo with IPTC datasets', steps: [{ name: 'upload', method: 'POST', path: M, as: 'admin', upload: { file: IPTC_PHOTO, type: 'image/jpeg', disposition: `attachment; filename="${IPTC_PHOTO}"` } }] },
  { name: 'upload a photo turned by its EXIF orientation', steps: [{ name: 'upload', method: 'POST', path: M, as: 'admin', upload: phone }, editRead('admin')] },
  ...editScenarios(),
  { name: 'upload and delete a photo turned by its EXIF orientation', steps: [{ name: 'upload', method: 'POST', path: M, as: 'admin', upload: phone }, { name: 'delete', method: 'DELETE', path: `${M}/{0}?force=true`, as: 'admin' }] },
];

/**
 * Edits of an image uploaded first (`{0}`), by its URL in this month's folder (where the replay's clock, the
 * recording's, puts it too): edits and their refusals.
 */
function editScenarios(): WriteScenario[] {
  const month = new Date().toISOString().slice(0, 7).replace('-', '/');
  const src = (name = 'edit-me') => `${SITE}/wp-content/uploads/${month}/${name}.jpg`;
  const upload: WpExchange = { name: 'upload', method: 'POST', path: `${M}?alt_text=Poster%20alt&caption=Poster%20caption&description=Poster%20text`, as: 'admin', upload: { file: 'poster.jpg', type: 'image/jpeg', disposition: 'attachment; filename="edit-me.jpg"' } };
  const edit = (name: string, body: Record<string, unknown>, as: WpExchange['as'] = 'admin', path = `${M}/{0}/edit`): WpExchange => ({ name, method: 'POST', path, as, body });
  const rotateAndCrop = [{ type: 'rotate', args: { angle: 90 } }, { type: 'crop', args: { left: 10, top: 10, width: 50, height: 50 } }];
  return [
    { name: 'edit an image: rotate and crop', steps: [upload, edit('edit', { src: src(), modifiers: rotateAndCrop }), { name: 'original after', method: 'GET', path: `${M}/{0}?context=edit`, as: 'admin' }] },
    { name: 'edit an image: flip, with a title, caption, alt text and parent', steps: [upload, edit('edit', { src: src(), modifiers: [{ type: 'flip', args: { flip: { horizontal: true, vertical: false } } }], title: 'Flipped', caption: 'Mirror', alt_text: 'A mirrored poster', post: 14 })] },
    { name: 'edit an image: the deprecated rotation and crop, in edit context', steps: [upload, edit('edit', { src: src(), rotation: 90, x: 0, y: 0, width: 50, height: 50 }, 'admin', `${M}/{0}/edit?context=edit`)] },
    { name: 'edit an edited image', steps: [upload, edit('edit', { src: src(), modifiers: rotateAndCrop }), edit('edit again', { src: src('edit-me-edited'), modifiers: [{ type: 'rotate', args: { angle: 180 } }] }, 'admin', `${M}/{1}/edit`)] },
    { name: 'edit an image without an edit', steps: [upload, edit('edit', { src: src() })] },
    { name: 'edit an image named by another URL', steps: [upload, edit('edit', { src: 'http://example.com/x.jpg', rotation: 90 })] },
    { name: 'edit an image with an unknown edit', steps: [upload, edit('edit', { src: src(), modifiers: [{ type: 'spin', args: {} }] })] },
    { name: 'edit an image with a crop missing its height', steps: [upload, edit('edit', { src: src(), modifiers: [{ type: 'crop', args: { left: 1, top: 1, width: 5 } }] })] },
    { name: 'edit an image as subscriber', steps: [upload, edit('edit', { src: src(), rotation: 90 }, 'subscriber')] },
    { name: "edit the administrator's image as author", steps: [upload, edit('edit', { src: src(), rotation: 90 }, 'author')] },
  ];
}

runRecorder(() => recordScenarios('media-writes-extra.json', 'media writes', () => SCENARIOS));

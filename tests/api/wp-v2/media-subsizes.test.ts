import { rmSync } from 'node:fs';
import { phpSerialize, phpUnserialize } from '../../../src/php/php-serialize';
import { startOnPluginRows } from '../../support/plugin-answers';
import type { TestApp } from '../../support/test-app';
import { replayWp, wpCalendar } from '../../support/wp-v2-answers';
import { deltaOf, readTables } from '../../support/wp-v2-rows';
import { fileChanges, filesIn, recordedUploads } from '../../support/wp-v2-uploads';

/**
 * `POST /wp/v2/media/{id}/post-process` (`create-image-subsizes`) makes the sizes an image's metadata lacks from its
 * file and adds them after the ones it has, as wp_update_image_subsizes() does; `missing_image_sizes` (edit context)
 * lists them before. The recorded scenario (an image with every size: nothing to do) is replayed in
 * media-writes.test.ts; here a site lost sizes, as one that registers a size after the upload has.
 */

const poster = wpCalendar().calendar.media.poster;
const folder = wpCalendar().uploads.find((u) => u.path.endsWith('/poster.jpg'))!.path.slice(0, 'yyyy/mm'.length);

let t: TestApp;
let uploadsDir: string;
beforeEach(async () => {
  uploadsDir = recordedUploads();
  t = await startOnPluginRows(wpCalendar(), { media: { uploadsDir, timeoutMs: 1000, maxBytes: 1_000_000, allow: [] } });
});
afterEach(async () => {
  await t.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const metadataRow = () => t.wp.knex(`${t.prefix}postmeta`).where({ post_id: poster, meta_key: '_wp_attachment_metadata' });
const storedMetadata = async () => phpUnserialize(((await metadataRow().first('meta_value')) as { meta_value: string }).meta_value) as Record<string, unknown> & { sizes: Record<string, Record<string, unknown>> };
const postProcess = (as: 'admin' | 'author', action = 'create-image-subsizes') => replayWp(t, { method: 'POST', path: `/wp/v2/media/${poster}/post-process`, as, body: { action } });

describe('post-process of media (create-image-subsizes)', () => {
  it('makes the sizes the metadata lacks from the file and lists them after the others', async () => {
    const metadata = await storedMetadata();
    const { thumbnail: _lost, ...kept } = metadata.sizes;
    await metadataRow().update({ meta_value: phpSerialize({ ...metadata, sizes: kept }) });
    rmSync(`${uploadsDir}/${folder}/poster-150x150.jpg`);

    const read = await replayWp(t, { method: 'GET', path: `/wp/v2/media/${poster}?context=edit`, as: 'admin' });
    expect(read.body.missing_image_sizes).toEqual(['thumbnail']);

    const files = filesIn(uploadsDir);
    const res = await postProcess('admin');
    expect([res.status, res.body.id, res.body.missing_image_sizes]).toEqual([200, poster, []]);
    expect(res.body.media_details.sizes.thumbnail).toMatchObject({ file: 'poster-150x150.jpg', width: 150, height: 150, mime_type: 'image/jpeg' });
    expect(await fileChanges(uploadsDir, files)).toEqual({ added: [{ path: `${folder}/poster-150x150.jpg`, width: 150, height: 150 }], removed: [] });
    const after = await storedMetadata();
    expect(Object.keys(after.sizes)).toEqual([...Object.keys(kept), 'thumbnail']);
    expect(after.sizes.thumbnail).toEqual({ file: 'poster-150x150.jpg', width: 150, height: 150, 'mime-type': 'image/jpeg', filesize: expect.any(Number) });
    expect({ ...after, sizes: kept }).toEqual({ ...metadata, sizes: kept });
  });

  it('describes an image whose metadata is gone anew, every size made', async () => {
    await metadataRow().delete();
    const res = await postProcess('admin');
    expect(res.status).toBe(200);
    const after = await storedMetadata();
    expect(Object.keys(after)).toEqual(['width', 'height', 'file', 'filesize', 'sizes', 'image_meta']);
    expect([after.width, after.height, after.file]).toEqual([1200, 800, `${folder}/poster.jpg`]);
    expect(Object.keys(after.sizes)).toEqual(['medium', 'large', 'thumbnail', 'medium_large']);
    expect(res.body.missing_image_sizes).toEqual([]);
  });

  it('changes nothing where no size is missing, and refuses those who may not edit the attachment', async () => {
    const before = await readTables(t);
    const files = filesIn(uploadsDir);
    expect((await postProcess('admin')).status).toBe(200);
    const refused = await postProcess('author');
    expect([refused.status, refused.body.code]).toEqual([403, 'rest_cannot_edit']);
    const bogus = await postProcess('admin', 'bogus');
    expect([bogus.status, bogus.body.code, Object.keys(bogus.body.data.params)]).toEqual([400, 'rest_invalid_param', ['action']]);
    expect(deltaOf(before, await readTables(t))).toEqual({});
    expect(await fileChanges(uploadsDir, files)).toEqual({ added: [], removed: [] });
  });
});

import { rmSync } from 'node:fs';
import { startOnPluginRows } from '../../support/plugin-answers';
import { replayWp, wpCalendar, wpMediaExtraWrites, wpWrites, type WpScenario } from '../../support/wp-v2-answers';
import { comparable, seenRecorded, seenReplayed } from '../../support/wp-v2-compare';
import { deltaOf, readTables, rowLines } from '../../support/wp-v2-rows';
import { fileChanges, filesIn, recordedUploads } from '../../support/wp-v2-uploads';

/**
 * WordPress's `wp/v2/media` writes (tests/fixtures/plugin/wp-v2/writes.json, docs/compat/wp-v2.md §6): each recorded
 * upload, update and delete runs from the recorded calendar, with its uploads folder holding the recorded site's
 * files, and must answer as the plugin's site did, leave the same rows and add or remove the same files. The bytes of
 * the intermediate sizes are the image encoder's (GD there, libvips here): their byte counts are compared folded.
 * Photos with EXIF tags (media-writes-extra.json) get WordPress's `image_meta`, title and caption.
 */

const MEDIA_ROUTE = /^\/wp\/v2\/media(\/|\?|$)/;

const scenarios: WpScenario[] = [...wpWrites(), ...wpMediaExtraWrites()].filter((s) => MEDIA_ROUTE.test(s.steps[0]!.path));

/**
 * The bytes the image encoder wrote, in answers and in the serialized metadata: each intermediate size's, and where
 * it wrote the attachment's own file — an upright copy of a photo (`-rotated`), an edited image (`-edited`) — that
 * one's too (every byte count of the answer).
 */
const foldSizeBytes = (text: string) =>
  (/-(rotated|edited)[-.]/.test(text) ? text.replace(/"filesize":\d+/g, '"filesize":<bytes>').replace(/(s:8:\\?"filesize\\?";i:)\d+/g, '$1<bytes>') : text)
    .replace(/"filesize":\d+,"mime_type"/g, '"filesize":<bytes>,"mime_type"')
    .replace(/(s:9:\\?"mime-type\\?";s:\d+:\\?"[^"\\]+\\?";s:8:\\?"filesize\\?";i:)\d+/g, '$1<bytes>');

describe('wp/v2 writes of media', () => {
  it('covers the recorded media writes', () => {
    expect(scenarios.length).toBeGreaterThan(20);
  });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const now = new Date(scenario.steps[0]!.date);
    const uploadsDir = recordedUploads();
    const t = await startOnPluginRows({ ...wpCalendar(), recordedAt: scenario.steps[0]!.date }, { media: { uploadsDir, timeoutMs: 1000, maxBytes: 1_000_000, allow: [] } });
    try {
      const before = await readTables(t);
      const files = filesIn(uploadsDir);
      for (const step of scenario.steps) {
        const res = await replayWp(t, step);
        expect(`${step.name}\n${foldSizeBytes(comparable(seenReplayed(res), now))}`).toBe(`${step.name}\n${foldSizeBytes(comparable(seenRecorded(step), now))}`);
      }
      expect(rowLines(deltaOf(before, await readTables(t)), now).map(foldSizeBytes)).toEqual(rowLines(scenario.rows, now).map(foldSizeBytes));
      const recordedFiles = { added: scenario.files.added.map(({ path, width, height }) => (width ? { path, width, height } : { path })), removed: [...scenario.files.removed].sort() };
      expect(await fileChanges(uploadsDir, files)).toEqual(recordedFiles);
    } finally {
      await t.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});

describe("an attachment's status (check_status)", () => {
  it('passes `inherit` back on an update, where it is the attachment\'s own status, and refuses it on an upload', async () => {
    const t = await startOnPluginRows(wpCalendar());
    try {
      const poster = wpCalendar().calendar.media.poster;
      const before = await readTables(t);
      const same = await replayWp(t, { method: 'POST', path: `/wp/v2/media/${poster}`, as: 'admin', body: { status: 'inherit' } });
      expect([same.status, same.body.status]).toEqual([200, 'inherit']);
      const bogus = await replayWp(t, { method: 'POST', path: `/wp/v2/media/${poster}`, as: 'admin', body: { status: 'bogus' } });
      expect([bogus.status, bogus.body.code, bogus.body.data.details.status.code]).toEqual([400, 'rest_invalid_param', 'rest_not_in_enum']);
      // Not the status of a new attachment: refused as WordPress refuses any status outside the enum.
      const upload = await replayWp(t, { method: 'POST', path: '/wp/v2/media?status=inherit', as: 'admin', upload: { file: 'small.png', type: 'image/png', disposition: 'attachment; filename="small.png"' } });
      expect([upload.status, upload.body.code, Object.keys(upload.body.data.params)]).toEqual([400, 'rest_invalid_param', ['status']]);
      expect(upload.body.data.params.status).toBe(bogus.body.data.params.status.replace('bogus', 'inherit'));
      expect(Object.keys(deltaOf(before, await readTables(t))).filter((table) => table !== 'posts')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { wpCalendar } from './wp-v2-answers';

/** The uploads folder of the recorded wp/v2 calendar (tests/fixtures/plugin/wp-v2/calendar.json), and what a write changes in it. */

const FIXTURES = resolve(__dirname, '../fixtures/plugin/wp-v2');

/** The recorded site's uploads: the original files are the fixture's, the sizes any bytes (only their names count). */
export function recordedUploads(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wp-v2-media-'));
  for (const { path } of wpCalendar().uploads) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    const original = join(FIXTURES, path.split('/').pop()!);
    if (existsSync(original)) copyFileSync(original, join(dir, path));
    else writeFileSync(join(dir, path), 'size');
  }
  return dir;
}

export function filesIn(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesIn(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

/** The files added (with their dimensions) and removed, as writes.json records them. */
export async function fileChanges(dir: string, before: string[]) {
  const after = filesIn(dir);
  const added = [];
  for (const path of after.filter((p) => !before.includes(p)).sort()) {
    const meta = await sharp(join(dir, path))
      .metadata()
      .catch(() => undefined);
    added.push(meta?.width ? { path, width: meta.width, height: meta.height } : { path });
  }
  return { added, removed: before.filter((p) => !after.includes(p)).sort() };
}


import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Connection } from 'mysql2/promise';
import sharp from 'sharp';

/**
 * The oracle's state between two writes: a dump of its database and a copy of its uploads folder, restored before
 * every write scenario so that each starts from the same calendar (and the next ids repeat); and the rows and
 * files a write changed, as a delta against that state.
 */

/** The oracle instance's folder (its WordPress tree, application password), as ../shared/oracle/common.sh names it. */
export const oracleWork = (): string =>
  process.env.ORACLE_WORK ?? `${process.env.TMPDIR ?? '/tmp'}/tec-oracle/${process.env.ORACLE_DB ?? 'tecoracle_a'}-${process.env.ORACLE_PORT ?? '8083'}`;

export const oracleUploads = (): string => `${oracleWork()}/wordpress/wp-content/uploads`;

export interface OracleState {
  db: string;
  uploads: string;
  dump: string;
}

export function saveState(state: OracleState): void {
  const dump = spawnSync('sh', ['-c', `mariadb-dump ${state.db} > ${state.dump} && rm -rf ${state.dump}.uploads && cp -a ${state.uploads} ${state.dump}.uploads`], { encoding: 'utf8' });
  if (dump.status !== 0) throw new Error(`saving the oracle's state failed: ${dump.stderr}`);
}

/** Restores the saved state; tried twice, as a busy machine may fail the first (the restore is idempotent). */
export function restoreState(state: OracleState): void {
  const run = () => spawnSync('sh', ['-c', `mariadb ${state.db} < ${state.dump} && rm -rf ${state.uploads} && cp -a ${state.dump}.uploads ${state.uploads}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let r = run();
  if (r.status !== 0) r = run();
  if (r.status !== 0) throw new Error(`restoring the oracle's state failed: ${r.error?.message ?? ''} ${r.signal ?? ''} ${r.stderr ?? ''}`);
}

/** Each table a write may touch, with its key columns. */
const KEYS: Record<string, string[]> = {
  posts: ['ID'], postmeta: ['meta_id'], terms: ['term_id'], term_taxonomy: ['term_taxonomy_id'],
  term_relationships: ['object_id', 'term_taxonomy_id'], termmeta: ['meta_id'], users: ['ID'], usermeta: ['umeta_id'],
  tec_events: ['event_id'], tec_occurrences: ['occurrence_id'], options: ['option_name'], comments: ['comment_ID'],
};

/** Rows whose changes are bookkeeping of the recording itself: an application password's last use, transients. */
const ignored = (table: string, row: Record<string, unknown>) =>
  (table === 'usermeta' && row.meta_key === '_application_passwords') ||
  (table === 'options' && /^_(site_)?transient_/.test(String(row.option_name)));

export type Tables = Record<string, Map<string, Record<string, unknown>>>;

export async function readTables(db: Connection): Promise<Tables> {
  const out: Tables = {};
  for (const [table, key] of Object.entries(KEYS)) {
    const [rows] = await db.query(`SELECT * FROM wp_${table}`);
    out[table] = new Map((rows as Array<Record<string, unknown>>).filter((r) => !ignored(table, r)).map((r) => [key.map((k) => String(r[k])).join('/'), r]));
  }
  return out;
}

export interface TableDelta {
  added: Array<Record<string, unknown>>;
  changed: Array<{ key: string; columns: Record<string, [unknown, unknown]> }>;
  removed: string[];
}

/** What changed between two readings, per table (tables without a change are left out). */
export function deltaOf(before: Tables, after: Tables): Record<string, TableDelta> {
  const out: Record<string, TableDelta> = {};
  for (const table of Object.keys(KEYS)) {
    const a = before[table]!;
    const b = after[table]!;
    const d: TableDelta = { added: [], changed: [], removed: [] };
    for (const [key, row] of b) {
      const old = a.get(key);
      if (!old) d.added.push(row);
      else {
        const columns: Record<string, [unknown, unknown]> = {};
        for (const c of Object.keys(row)) if (String(old[c]) !== String(row[c])) columns[c] = [old[c], row[c]];
        if (Object.keys(columns).length) d.changed.push({ key, columns });
      }
    }
    for (const key of a.keys()) if (!b.has(key)) d.removed.push(key);
    if (d.added.length || d.changed.length || d.removed.length) out[table] = d;
  }
  return out;
}

export interface UploadedFile {
  path: string;
  bytes: number;
  width?: number;
  height?: number;
  format?: string;
}

/** The files under the uploads folder, with the size of each image. */
export async function listUploads(uploads: string): Promise<UploadedFile[]> {
  const out: UploadedFile[] = [];
  const walk = async (dir: string): Promise<void> => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) await walk(full);
      else {
        const file: UploadedFile = { path: relative(uploads, full), bytes: statSync(full).size };
        try {
          const m = await sharp(full).metadata();
          Object.assign(file, { width: m.width, height: m.height, format: m.format });
        } catch {
          /* not an image */
        }
        out.push(file);
      }
    }
  };
  await walk(uploads);
  return out;
}

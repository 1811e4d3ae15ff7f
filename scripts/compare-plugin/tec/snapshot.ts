import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Connection } from 'mysql2/promise';

/**
 * The oracle's database before and after a write: a dump to restore between write scenarios, and the rows of the
 * tables a calendar write touches, keyed by primary key, so that the difference names exactly what a write stored.
 */

const KEYS: Record<string, string[]> = {
  posts: ['ID'],
  postmeta: ['meta_id'],
  terms: ['term_id'],
  term_taxonomy: ['term_taxonomy_id'],
  term_relationships: ['object_id', 'term_taxonomy_id'],
  termmeta: ['meta_id'],
  usermeta: ['umeta_id'],
  tec_events: ['event_id'],
  tec_occurrences: ['occurrence_id'],
  options: ['option_name'],
};

export type Snapshot = Record<string, Map<string, Record<string, unknown>>>;

export interface RowChange {
  key: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
export type RowDiff = Record<string, { added?: Array<Record<string, unknown>>; removed?: Array<Record<string, unknown>>; changed?: RowChange[] }>;

export async function snapshot(db: Connection): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const [table, key] of Object.entries(KEYS)) {
    // Transients and the application password's "last used" stamp change on reads: they are not what a write stores.
    const where = table === 'options' ? " WHERE option_name NOT LIKE '\\_%transient\\_%' AND option_name NOT IN ('cron')" : table === 'usermeta' ? " WHERE meta_key <> '_application_passwords'" : '';
    const [rows] = await db.query(`SELECT * FROM wp_${table}${where}`);
    out[table] = new Map((rows as Array<Record<string, unknown>>).map((r) => [key.map((k) => String(r[k])).join('/'), r]));
  }
  return out;
}

export function diffSnapshots(before: Snapshot, after: Snapshot): RowDiff {
  const diff: RowDiff = {};
  for (const table of Object.keys(KEYS)) {
    const a = before[table]!;
    const b = after[table]!;
    const added = [...b.entries()].filter(([k]) => !a.has(k)).map(([, r]) => r);
    const removed = [...a.entries()].filter(([k]) => !b.has(k)).map(([, r]) => r);
    const changed: RowChange[] = [];
    for (const [k, row] of b) {
      const old = a.get(k);
      if (!old) continue;
      const cols = Object.keys(row).filter((c) => String(row[c]) !== String(old[c]));
      if (cols.length) changed.push({ key: k, before: Object.fromEntries(cols.map((c) => [c, old[c]])), after: Object.fromEntries(cols.map((c) => [c, row[c]])) });
    }
    if (added.length || removed.length || changed.length) diff[table] = { ...(added.length ? { added } : {}), ...(removed.length ? { removed } : {}), ...(changed.length ? { changed } : {}) };
  }
  return diff;
}

/** The whole database as SQL (root over the socket, as the oracle's own scripts reach MariaDB). */
export function dumpDatabase(database: string, file: string): void {
  writeFileSync(file, execFileSync(process.env.MARIADB_DUMP ?? 'mariadb-dump', ['--skip-dump-date', database], { maxBuffer: 1 << 28 }));
}

export function restoreDatabase(database: string, file: string): void {
  execFileSync(process.env.MARIADB ?? 'mariadb', [database], { input: readFileSync(file) });
}

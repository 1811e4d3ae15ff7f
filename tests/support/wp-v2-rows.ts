import type { TestApp } from './test-app';
import { comparable, foldNow, seenRecorded, seenReplayed } from './wp-v2-compare';
import { replayWp, type TableDelta, type WpScenario } from './wp-v2-answers';

/**
 * The rows a `wp/v2` write scenario changed in the service's database, in the form writes.json records the plugin's
 * site's (per table: rows added, columns changed by key, keys removed), and both as sorted lines to compare, with the
 * write's times folded.
 */

/** Each table a write may touch, with its key columns (scripts/wp-v2/snapshot.ts reads the site's the same way). */
const KEYS: Record<string, string[]> = {
  posts: ['ID'], postmeta: ['meta_id'], terms: ['term_id'], term_taxonomy: ['term_taxonomy_id'],
  term_relationships: ['object_id', 'term_taxonomy_id'], termmeta: ['meta_id'], users: ['ID'], usermeta: ['umeta_id'],
  tec_events: ['event_id'], tec_occurrences: ['occurrence_id'], options: ['option_name'],
};

/** Rows of the recording's own bookkeeping: an application password's last use, transients. */
const ignored = (table: string, row: Record<string, string>) =>
  (table === 'usermeta' && row.meta_key === '_application_passwords') || (table === 'options' && /^_(site_)?transient_/.test(row.option_name ?? ''));

type Tables = Record<string, Map<string, Record<string, string>>>;

const asText = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '<null>' : v instanceof Date ? v.toISOString() : String(v)]));

export async function readTables(t: TestApp): Promise<Tables> {
  const out: Tables = {};
  for (const [table, key] of Object.entries(KEYS)) {
    const rows = ((await t.wp.knex(`${t.prefix}${table}`).select('*')) as Array<Record<string, unknown>>).map(asText);
    out[table] = new Map(rows.filter((r) => !ignored(table, r)).map((r) => [key.map((k) => r[k]).join('/'), r]));
  }
  return out;
}

export function deltaOf(before: Tables, after: Tables): Record<string, TableDelta> {
  const out: Record<string, TableDelta> = {};
  for (const table of Object.keys(KEYS)) {
    const [a, b] = [before[table]!, after[table]!];
    const d: TableDelta = { added: [], changed: [], removed: [] };
    for (const [key, row] of b) {
      const old = a.get(key);
      if (!old) d.added.push(row);
      else {
        const columns: Record<string, [unknown, unknown]> = {};
        for (const c of Object.keys(row)) if (old[c] !== row[c]) columns[c] = [old[c], row[c]];
        if (Object.keys(columns).length) d.changed.push({ key, columns });
      }
    }
    for (const key of a.keys()) if (!b.has(key)) d.removed.push(key);
    if (d.added.length || d.changed.length || d.removed.length) out[table] = d;
  }
  return out;
}

/** One sorted line per row change, values as text, the write's times folded. */
export function rowLines(delta: Record<string, TableDelta>, now: Date): string[] {
  const lines: string[] = [];
  const text = (value: unknown) => foldNow(JSON.stringify(value), now);
  for (const [table, d] of Object.entries(delta)) {
    for (const row of d.added) lines.push(`${table} added ${text(asText(row))}`);
    for (const c of d.changed) lines.push(`${table} changed ${c.key} ${text(Object.fromEntries(Object.entries(c.columns).map(([k, [x, y]]) => [k, [String(x), String(y)]])))}`);
    for (const key of d.removed) lines.push(`${table} removed ${key}`);
  }
  return lines.sort();
}

/**
 * A recorded write scenario replayed on the service: each step's answer must be the recorded one (the steps
 * `compared` selects; every one by default), the write's clock folded. Returns the rows it changed.
 */
export async function replayScenario(t: TestApp, scenario: WpScenario, compared: (path: string) => boolean = () => true): Promise<Record<string, TableDelta>> {
  const now = new Date(scenario.steps[0]!.date);
  const before = await readTables(t);
  for (const step of scenario.steps) {
    const res = await replayWp(t, step);
    if (compared(step.path)) expect(`${step.name}\n${comparable(seenReplayed(res), now)}`).toBe(`${step.name}\n${comparable(seenRecorded(step), now)}`);
  }
  return deltaOf(before, await readTables(t));
}

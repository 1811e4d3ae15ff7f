import type { Connection } from 'mysql2/promise';

/**
 * The rows a write leaves in WordPress's tables, as comparable lines: posts from `firstId` on, their meta, term
 * relationships, the terms created, and the plugin's custom tables. The clock's "now" is folded to `<now>`.
 */

/** Unix times within a day of now (the tracker's and the trash's) folded to `<ts>`: the two sides write them seconds apart. */
const foldTimes = (text: string) => text.replace(/(?<!\d)1\d{9}(?!\d)/g, (t) => (Math.abs(Number(t) - Date.now() / 1000) < 86_400 ? '<ts>' : t));

export async function dumpRows(db: Connection, firstId: number, now: RegExp): Promise<string[]> {
  const fold = (text: string) => foldTimes(text.replace(now, '<now>'));
  const lines: string[] = [];
  const push = (table: string, key: string, row: Record<string, unknown>, skip: string[] = []) => {
    for (const [column, value] of Object.entries(row)) {
      if (skip.includes(column)) continue;
      lines.push(`${table} ${key} ${column}=${fold(String(value instanceof Date ? value.toISOString() : value))}`);
    }
  };
  const [posts] = await db.query('SELECT * FROM wp_posts WHERE ID >= ? ORDER BY ID', [firstId]);
  // Posts are named by type and rank, not id: the two sides may create linked posts in another order.
  const label = new Map<number, string>();
  const counts = new Map<string, number>();
  for (const row of posts as any[]) {
    const n = (counts.get(row.post_type) ?? 0) + 1;
    counts.set(row.post_type, n);
    label.set(row.ID, `${row.post_type}#${n}`);
  }
  const name = (id: unknown) => label.get(Number(id)) ?? `#${String(id)}`;
  const ids = (v: string) => v.replace(/^\d+$/, (id) => (label.has(Number(id)) ? name(id) : id));
  for (const row of posts as any[]) push('wp_posts', name(row.ID), { ...row, guid: String(row.guid).replace(/p=\d+/, (m) => `p=${name(m.slice(2))}`) }, ['ID']);
  const [meta] = await db.query('SELECT post_id, meta_key, meta_value FROM wp_postmeta WHERE post_id >= ? ORDER BY post_id, meta_key, meta_id', [firstId]);
  for (const row of meta as any[]) lines.push(`wp_postmeta ${name(row.post_id)} ${row.meta_key}=${fold(ids(String(row.meta_value)))}`);
  const [rels] = await db.query(
    `SELECT r.object_id, tt.taxonomy, t.slug FROM wp_term_relationships r JOIN wp_term_taxonomy tt ON tt.term_taxonomy_id = r.term_taxonomy_id
     JOIN wp_terms t ON t.term_id = tt.term_id WHERE r.object_id >= ? ORDER BY r.object_id, tt.taxonomy, t.slug`,
    [firstId],
  );
  for (const row of rels as any[]) lines.push(`wp_term_relationships ${name(row.object_id)} ${row.taxonomy}=${row.slug}`);
  const [terms] = await db.query('SELECT t.term_id, t.name, t.slug, tt.taxonomy, tt.description, tt.parent, tt.count FROM wp_terms t JOIN wp_term_taxonomy tt ON tt.term_id = t.term_id ORDER BY t.term_id');
  for (const row of terms as any[]) push('wp_terms', `${row.taxonomy}/${row.slug}`, row, ['term_id']);
  const [termmeta] = await db.query('SELECT term_id, meta_key, meta_value FROM wp_termmeta ORDER BY term_id, meta_key');
  for (const row of termmeta as any[]) lines.push(`wp_termmeta #${row.term_id} ${row.meta_key}=${row.meta_value}`);
  for (const table of ['wp_tec_events', 'wp_tec_occurrences']) {
    const [rows] = await db.query(`SELECT * FROM ${table} ORDER BY post_id`);
    for (const row of rows as any[]) if (label.has(row.post_id)) push(table, name(row.post_id), row, ['post_id', 'event_id', 'occurrence_id']);
  }
  return lines;
}

export function diffRows(plugin: string[], service: string[]): string[] {
  const a = new Set(plugin);
  const b = new Set(service);
  return [...plugin.filter((l) => !b.has(l)).map((l) => `- plugin  ${l}`), ...service.filter((l) => !a.has(l)).map((l) => `+ service ${l}`)];
}

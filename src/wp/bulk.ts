import type { WpData } from './wp-handle';

/**
 * Bulk writes for generated or imported content: many rows per INSERT, and post ids reserved up front so
 * meta and relationship rows can be written in the same batch without reading ids back one by one.
 */

/** Bound values per statement, well under SQLite's variable limit and MySQL's packet size. */
const MAX_BINDINGS = 8000;
/** knex writes a multi-row insert on SQLite as a compound SELECT, which SQLite limits to 500 terms. */
const MAX_ROWS = 500;

export async function insertRows(wp: WpData, table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const perRow = Math.max(1, Object.keys(rows[0]!).length);
  const chunk = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_BINDINGS / perRow)));
  for (let i = 0; i < rows.length; i += chunk) await wp.knex(table).insert(rows.slice(i, i + chunk));
}

/** The next id of an auto-increment column as the table stands (call inside the writing transaction). */
export async function nextId(wp: WpData, table: string, column: string): Promise<number> {
  const row = (await wp.knex(table).max({ max: column }).first()) as { max?: number | string | null } | undefined;
  return Number(row?.max ?? 0) + 1;
}

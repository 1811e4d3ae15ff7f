import { insertRows } from './bulk';
import type { WpData } from './wp-handle';

/**
 * Whole-table row operations on prefixed WordPress tables (`table` is the name without the prefix): what a reset
 * empties, and what a test double's snapshot saves and puts back.
 */

export type TableRows = Map<string, Array<Record<string, unknown>>>;

export async function readTables(wp: WpData, tables: readonly string[]): Promise<TableRows> {
  const out: TableRows = new Map();
  for (const table of tables) out.set(table, await wp.knex(`${wp.prefix}${table}`).select('*'));
  return out;
}

/** Deletes every row (in the caller's transaction when there is one). */
export async function emptyTables(wp: WpData, tables: readonly string[]): Promise<void> {
  for (const table of tables) await wp.knex(`${wp.prefix}${table}`).delete();
}

/** Replaces each table's rows with the saved ones. */
export async function replaceTables(wp: WpData, rows: TableRows): Promise<void> {
  for (const [table, list] of rows) {
    await wp.knex(`${wp.prefix}${table}`).delete();
    await insertRows(wp, `${wp.prefix}${table}`, list);
  }
}

/** Ids start again from 1 (after emptying) or after the highest restored one. */
export async function restartIds(wp: WpData, tables: readonly string[]): Promise<void> {
  for (const table of tables) await wp.dialect.resetAutoIncrement(wp.knex, `${wp.prefix}${table}`);
}

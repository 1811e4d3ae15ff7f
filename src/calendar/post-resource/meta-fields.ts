import { deletePostMeta, updatePostMeta, type PostMeta } from '../../wp/postmeta';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import { savedMeta } from './saved-meta';
import type { FieldTable } from './field-table';

/**
 * Runs a post type's field table (field-table.ts) against its rows: the object's values, the export's, the writes of a
 * create or update, and the password masks of all tables.
 */

// The writers of the linked types name the table's type from here.
export type { FieldTable } from './field-table';

/** The object values of one post, in the table's order. */
export function readFields<T extends FieldTable>(table: T, meta: PostMeta, postId: number): { [K in keyof T]: ReturnType<T[K]['read']> } {
  const out: Record<string, unknown> = {};
  for (const [arg, field] of Object.entries(table)) out[arg] = field.read(meta.first(postId, field.metaKey));
  return out as { [K in keyof T]: ReturnType<T[K]['read']> };
}

/** The export values of one post, in the table's order. */
export function exportFields(table: FieldTable, meta: PostMeta, postId: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [arg, field] of Object.entries(table)) {
    const stored = meta.first(postId, field.metaKey);
    out[arg] = field.export ? field.export(stored) : field.read(stored);
  }
  return out;
}

/**
 * Writes every field of the table from a create's or update's validated arguments, in the table's order, as
 * update_metadata() stores what the plugin hands it (saved-meta.ts).
 */
export async function writeFields(env: CalendarEnv, wp: WpData, postId: number, table: FieldTable, args: Record<string, unknown>): Promise<void> {
  for (const [arg, field] of Object.entries(table)) {
    const value = field.write(args[arg]);
    if (value === null) await deletePostMeta(wp, postId, field.metaKey);
    else if (value !== undefined) await updatePostMeta(wp, postId, field.metaKey, savedMeta(env, field.metaKey, value));
  }
}

/** Object key → what a password mask shows, for every field of the tables. */
export function fieldMasks(tables: readonly FieldTable[]): Map<string, unknown> {
  return new Map(tables.flatMap((table) => Object.entries(table).filter(([, field]) => 'mask' in field).map(([arg, field]): [string, unknown] => [arg, field.mask])));
}

import type { z } from 'zod';
import { registered, wpBoolean } from '../../http/wp-types';
import { deletePostMeta, updatePostMeta, type PostMeta } from '../../wp/postmeta';
import { sanitizeTextField } from '../../wp/text/formatting';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import { savedMeta } from './saved-meta';
import { tec } from '../schemas/arg-validators';

/**
 * The plain meta-backed fields of a post type, each described once: its REST argument (the key is the argument's and
 * the object's name), its meta key, how a stored value reads in the object, what a write stores, what a
 * password-protected object shows and what the fixture export writes. The argument shapes, the serializer, the
 * writer, the password mask (src/calendar/post-resource/password.ts) and the export all run the table; the fields with rules of their
 * own (dates, cost, links, map flags, the website's permalink fallback) stay hand-written beside it.
 */

/** A stored value as get_post_meta( $id, $key, true ) reads it; undefined when the post has no row of the key. */
export type Stored = string | null | undefined;

export interface MetaField<A extends z.ZodType = z.ZodType> {
  metaKey: string;
  /** The create argument (update arguments derive from it). */
  argument: A;
  /** The value in the REST object. */
  read(stored: Stored): unknown;
  /** What a create or update stores for the argument's value: a string, null to delete the row, undefined to leave it. */
  write(value: unknown): string | null | undefined;
  /** What a password-protected object shows instead of the value; without it the value shows as it is. */
  mask?: unknown;
  /** The export's value (the read value when absent); an empty or false value is left out of the export. */
  export?(stored: Stored): unknown;
}

export type FieldTable = Record<string, MetaField>;

/** An argument's description and registration (key order, declared values) as the plugin registers it. */
export type ArgumentMeta = ReturnType<typeof registered>;

/** A bare description registers as most of the plugin's arguments do: its type, then its description. */
const argumentMeta = (meta: string | ArgumentMeta): ArgumentMeta => (typeof meta === 'string' ? registered('type, description', meta) : meta);

/**
 * A text field: sent values are stored through sanitize_text_field(), an omitted one is left as it is; reads "" when
 * unset; masked as "" unless `masked` is false.
 */
export function textField(metaKey: string, meta: string | ArgumentMeta, options: { argument?: z.ZodType; masked?: boolean } = {}): MetaField {
  return {
    metaKey,
    argument: options.argument ?? tec.stringOrEmpty().optional().meta(argumentMeta(meta)),
    read: (stored) => stored ?? '',
    write: (value) => (value === undefined || value === null ? undefined : sanitizeTextField(String(value))),
    ...(options.masked === false ? {} : { mask: '' }),
  };
}

/**
 * A flag the plugin stores as `on` when true and deletes when false or omitted (an update that omits it clears it);
 * reads true when the stored value is `on`, unless the field reads it otherwise.
 */
export function flagField(metaKey: string, on: string, meta: string | ArgumentMeta, read: (stored: Stored) => boolean = (stored) => stored === on): MetaField {
  return {
    metaKey,
    argument: wpBoolean().optional().meta(argumentMeta(meta)),
    read,
    write: (value) => (value ? on : null),
    mask: null,
  };
}

/**
 * A create shape with the table's arguments it does not place itself appended: the shape places the fields the plugin
 * declares (in the plugin's order), any other field of the table comes last.
 */
export function withFieldArguments<S extends Record<string, z.ZodType>, T extends FieldTable>(shape: S, table: T): S & { [K in Exclude<keyof T, keyof S>]: T[K]['argument'] } {
  const extra = Object.entries(table).filter(([arg]) => !(arg in shape));
  return { ...shape, ...Object.fromEntries(extra.map(([arg, field]) => [arg, field.argument])) } as S & { [K in Exclude<keyof T, keyof S>]: T[K]['argument'] };
}

/** The object values of one post, in the table's order. */
export function readFields(table: FieldTable, meta: PostMeta, postId: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [arg, field] of Object.entries(table)) out[arg] = field.read(meta.first(postId, field.metaKey));
  return out;
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

import { z } from 'zod';
import { registered, wpBoolean } from '../../http/wp-types';
import { sanitizeTextField } from '../../wp/text/formatting';
import { tec } from '../schemas/arg-validators';

/**
 * The plain meta-backed fields of a post type, each described once in a table row: its REST argument (the row's key is
 * the argument's and the object's name), its meta key, its value's schema in the object, how a stored value reads in
 * the object, what a write stores, what a password-protected object shows and what the fixture export writes.
 * Everything else derives from the table: the argument shapes (withFieldArguments), the object schemas and /doc
 * (fieldOutputs), the meta keys the code names (metaKeysOf, registry/meta-keys.ts), and, in meta-fields.ts, the
 * serializer, the writer, the password mask and the export. The fields with rules of their own (dates, cost, links,
 * map flags, the website's permalink fallback) stay hand-written beside the table.
 *
 * This module imports nothing of the calendar that reads meta keys, so meta-keys.ts can derive its keys from the
 * tables.
 */

/** A stored value as get_post_meta( $id, $key, true ) reads it; undefined when the post has no row of the key. */
export type Stored = string | null | undefined;

export interface MetaField<A extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, K extends string = string> {
  metaKey: K;
  /** The create argument (update arguments derive from it). */
  argument: A;
  /** The value's schema in the REST object, with its description: the object schema's entry and /doc's. */
  output: O;
  /** The value in the REST object. */
  read(stored: Stored): z.output<O>;
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

/** The object's description: the argument's, unless the plugin's document words it otherwise (`described`). */
const outputMeta = (meta: ArgumentMeta, described: string | undefined) => ({ description: described ?? meta.description });

/**
 * A text field: sent values are stored through sanitize_text_field(), an omitted one is left as it is; reads "" when
 * unset; masked as "" unless `masked` is false. `argument` replaces the default validator (a URL, say); `described`
 * is the object's description where it differs from the argument's.
 */
export function textField<K extends string>(
  metaKey: K,
  meta: string | ArgumentMeta,
  options: { argument?: z.ZodType; masked?: boolean; described?: string } = {},
): MetaField<z.ZodType, z.ZodString, K> {
  const argument = argumentMeta(meta);
  return {
    metaKey,
    argument: options.argument ?? tec.stringOrEmpty().optional().meta(argument),
    output: z.string().meta(outputMeta(argument, options.described)),
    read: (stored) => stored ?? '',
    write: (value) => (value === undefined || value === null ? undefined : sanitizeTextField(String(value))),
    ...(options.masked === false ? {} : { mask: '' }),
  };
}

/**
 * A flag the plugin stores as `on` when true and deletes when false or omitted (an update that omits it clears it);
 * reads true when the stored value is `on`, unless `read` says otherwise.
 */
export function flagField<K extends string>(
  metaKey: K,
  on: string,
  meta: string | ArgumentMeta,
  options: { read?: (stored: Stored) => boolean; described?: string } = {},
): MetaField<z.ZodType, z.ZodBoolean, K> {
  const argument = argumentMeta(meta);
  return {
    metaKey,
    argument: wpBoolean().optional().meta(argument),
    output: z.boolean().meta(outputMeta(argument, options.described)),
    read: options.read ?? ((stored) => stored === on),
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

/** The object schema's entries of the table, in its order (a post type that always sends every key). */
export function fieldOutputs<T extends FieldTable>(table: T): { [K in keyof T]: T[K]['output'] } {
  return Object.fromEntries(Object.entries(table).map(([arg, field]) => [arg, field.output])) as { [K in keyof T]: T[K]['output'] };
}

/** The same, each key optional (a post type whose object drops its empty values). */
export function optionalFieldOutputs<T extends FieldTable>(table: T): { [K in keyof T]: z.ZodOptional<T[K]['output']> } {
  return Object.fromEntries(Object.entries(table).map(([arg, field]) => [arg, field.output.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]['output']> };
}

/** The table's meta keys under its argument names (`address` → `_VenueAddress`). */
export function metaKeysOf<T extends FieldTable>(table: T): { readonly [K in keyof T]: T[K]['metaKey'] } {
  return Object.fromEntries(Object.entries(table).map(([arg, field]) => [arg, field.metaKey])) as { readonly [K in keyof T]: T[K]['metaKey'] };
}

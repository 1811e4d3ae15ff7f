import { z } from 'zod';
import { isPhpNumeric } from '../php/builtins';
import type { HttpContext } from './context';

/**
 * Zod schemas that validate and coerce request parameters the way WordPress's REST schema does
 * (rest_validate_value_from_schema + rest_sanitize_value_from_schema), with WordPress's
 * error codes and messages. Messages carry a `{param}` placeholder that args.ts fills with the parameter's
 * name (`per_page`, `categories[1]`).
 *
 * Each schema records its JSON-schema `type` in zod metadata so the route index and /doc describe it.
 */

/** Issue params understood by args.ts. `wpCode: null` means the validator only said "false". */
export interface WpIssueParams {
  wpCode: string | null;
  /** 'validate' issues come from validate callbacks and are reported before any 'sanitize' issue. */
  phase: 'validate' | 'sanitize';
  /** The WP_Error's `data` of a validator that returns one, built from the parameter's name (default: none). */
  wpData?: (param: string) => unknown;
}

type Ctx = z.RefinementCtx;

export function typeIssue(ctx: Ctx, message: string, wpCode: string | null = 'rest_invalid_type', phase: WpIssueParams['phase'] = 'sanitize', wpData?: unknown): never {
  const data: WpIssueParams['wpData'] = wpData === undefined ? undefined : () => wpData;
  ctx.addIssue({ code: 'custom', message, params: { wpCode, phase, ...(data ? { wpData: data } : {}) } satisfies WpIssueParams });
  return z.NEVER as never;
}

const BOOLEAN_STRINGS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

export function toWpBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value === 'string') return BOOLEAN_STRINGS[value.toLowerCase()];
  return undefined;
}

export function wpBoolean() {
  return z
    .unknown()
    .transform((v, ctx) => toWpBoolean(v) ?? typeIssue(ctx, '{param} is not of type boolean.'))
    .meta({ type: 'boolean' });
}

interface IntegerBounds {
  minimum?: number;
  maximum?: number;
}

function boundsMessage({ minimum, maximum }: IntegerBounds): string {
  if (minimum !== undefined && maximum !== undefined) return `{param} must be between ${minimum} (inclusive) and ${maximum} (inclusive)`;
  if (minimum !== undefined) return `{param} must be greater than or equal to ${minimum}`;
  return `{param} must be less than or equal to ${maximum}`;
}

export function wpInteger(bounds: IntegerBounds = {}) {
  return z
    .unknown()
    .transform((v, ctx) => {
      const n = isPhpNumeric(v) && typeof v !== 'boolean' ? Number(v) : NaN;
      if (!Number.isFinite(n) || Math.round(n) !== n) return typeIssue(ctx, '{param} is not of type integer.');
      if ((bounds.minimum !== undefined && n < bounds.minimum) || (bounds.maximum !== undefined && n > bounds.maximum)) {
        return typeIssue(ctx, boundsMessage(bounds), 'rest_out_of_bounds');
      }
      return n;
    })
    .meta({ type: 'integer', ...bounds });
}

export function wpNumber() {
  return z
    .unknown()
    .transform((v, ctx) => (isPhpNumeric(v) ? Number(v) : typeIssue(ctx, '{param} is not of type number.')))
    .meta({ type: 'number' });
}

/** WordPress's string type accepts PHP strings only: JSON numbers and booleans are rejected. */
export function wpString() {
  return z
    .unknown()
    .transform((v, ctx) => (typeof v === 'string' ? v : typeIssue(ctx, '{param} is not of type string.')))
    .meta({ type: 'string' });
}

/** wp_parse_list(): scalars split on commas and whitespace, empty parts dropped. */
export function parseList(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((p) => p !== '');
  if (typeof value === 'number' || typeof value === 'boolean') return [value];
  if (value !== null && typeof value === 'object') {
    // A PHP array with integer keys (a[0]=x&a[2]=y) is still a list; its keys are discarded.
    const keys = Object.keys(value);
    if (keys.every((k) => /^\d+$/.test(k))) return Object.values(value);
  }
  return undefined;
}

export function wpArray<T extends z.ZodType>(items: T) {
  return z
    .unknown()
    .transform((v, ctx) => parseList(v) ?? typeIssue(ctx, '{param} is not of type array.'))
    .pipe(z.array(items))
    .meta({ type: 'array', items: describeType(items) });
}

/** A WordPress `enum`: the value must be one of the listed strings. */
export function wpEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const list = values.length === 2 ? `${values[0]} and ${values[1]}` : values.length > 2 ? `${values.slice(0, -1).join(', ')}, and ${values.at(-1)}` : values[0];
  const message = values.length === 1 ? `{param} is not ${values[0]}.` : `{param} is not one of ${list}.`;
  return wpString()
    .transform((v, ctx) => ((values as readonly string[]).includes(v) ? (v as T[number]) : typeIssue(ctx, message, 'rest_not_in_enum')))
    .meta({ type: 'string', enum: [...values] });
}

/**
 * A TEC `validate_callback` in front of an optional declared type: the check runs first and a failure reads
 * "Invalid parameter." (the callback returned false); the value then goes through the type's coercion.
 */
export function checked<T extends z.ZodType = z.ZodUnknown>(check: (value: unknown) => boolean, type?: T) {
  const gate = z.unknown().superRefine((v, ctx) => {
    if (!check(v)) typeIssue(ctx, 'Invalid parameter.', null, 'validate');
  });
  const schema = type ? gate.pipe(type) : gate;
  const typeMeta = type ? describeType(type) : undefined;
  return (typeMeta ? schema.meta(typeMeta) : schema) as z.ZodType<z.output<T>, unknown>;
}

/** The JSON-schema keywords WordPress lists for an argument, read from zod metadata. */
export interface ArgDescription {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  items?: ArgDescription;
  format?: string;
  minimum?: number;
  maximum?: number;
  [keyword: string]: unknown;
}

/**
 * How a plugin registers an argument with register_rest_route(), as the route descriptors (the index, namespace
 * and OPTIONS answers) repeat it: the keywords it declares, in its order (`required` is always added last), and
 * the declared values that differ from what the validation carries (`per_page`'s default as the option's string,
 * a `format` where /doc has a `type`, a default computed per request). Absent: every keyword the schema carries.
 */
export interface Registered {
  keys: readonly RegisteredKeyword[];
  values?: { [K in RegisteredKeyword]?: unknown | RequestValue };
}

export type RegisteredKeyword =
  | 'default' | 'description' | 'type' | 'format' | 'items' | 'enum' | 'title' | 'minimum' | 'maximum' | 'pattern'
  | 'uniqueItems' | 'properties' | 'additionalProperties' | 'context' | 'readonly' | 'oneOf' | 'minItems'
  | 'exclusiveMinimum' | 'exclusiveMaximum';

/** A declared value WordPress computes when the routes are registered, that is on every request. */
export class RequestValue<C extends HttpContext = HttpContext> {
  constructor(readonly compute: (ctx: C) => Promise<unknown>) {}
}

/**
 * A declared default computed on every request that also stands in for the argument when the request leaves it out:
 * WordPress merges defaults into the parameters before validating them, so a default the site's settings give is
 * validated and sanitized like a value the client sent (`registered('default, …', …, { default: new RequestDefault(…) })`).
 */
export class RequestDefault<C extends HttpContext = HttpContext> extends RequestValue<C> {}

/** requestDefaults() of each shape (zod schemas never change: a shape's defaults are read once). */
const DEFAULTS = new WeakMap<object, ReadonlyArray<[string, RequestDefault]>>();

/** The defaults of a shape's arguments that stand in for absent ones, by argument name. */
export function requestDefaults(shape: Record<string, z.ZodType>): ReadonlyArray<[string, RequestDefault]> {
  let known = DEFAULTS.get(shape);
  if (!known) DEFAULTS.set(shape, (known = readDefaults(shape)));
  return known;
}

function readDefaults(shape: Record<string, z.ZodType>): Array<[string, RequestDefault]> {
  const out: Array<[string, RequestDefault]> = [];
  for (const [name, schema] of Object.entries(shape)) {
    const value = (describeType(schema).registered as Registered | undefined)?.values?.default;
    if (value instanceof RequestDefault) out.push([name, value]);
  }
  return out;
}

/**
 * Metadata of an argument: its description (shared by the descriptors and /doc) and how the plugin registers it,
 * `keys` written as the plugin's order, e.g. `registered('default, description, type', 'The archive page to return')`.
 */
export function registered(keys: string, description?: string, values?: Registered['values']): { description?: string; registered: Registered } {
  const list = keys.split(',').map((k) => k.trim()).filter((k) => k !== '') as RegisteredKeyword[];
  return { ...(description === undefined ? {} : { description }), registered: { keys: list, ...(values ? { values } : {}) } };
}

/** Reads the metadata of a schema and of the wrappers around it (optional, default, pipe). */
export function describeType(schema: z.ZodType): ArgDescription {
  const own = (schema.meta() ?? {}) as ArgDescription;
  const def = schema.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; defaultValue?: unknown };
  let inner: ArgDescription = {};
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'prefault') {
    inner = describeType(def.innerType!);
    if (def.type === 'default') inner = { ...inner, default: def.defaultValue };
  } else if (def.type === 'pipe') {
    inner = { ...describeType(def.out!), ...describeType(def.in!) };
  }
  const { id: _id, ...rest } = own as ArgDescription & { id?: string };
  return { ...inner, ...rest };
}

/** Whether the argument must be present (neither optional nor defaulted). */
export function isRequired(schema: z.ZodType): boolean {
  const type = (schema.def as { type: string }).type;
  return type !== 'optional' && type !== 'default' && type !== 'prefault';
}

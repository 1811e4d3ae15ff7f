import { z } from 'zod';

/**
 * OpenAPI component schemas generated from zod output schemas. Each zod schema describes what the service really
 * sends (tests parse real responses with it). Where an API's published document declares a field differently from
 * the wire (the plugin documents date parts as integers although it sends strings, or names a key with a trailing
 * space), the declaration is recorded on the field with `declared()`, and the document shows the declaration.
 */

export type JsonSchema = Record<string, unknown>;

export const COMPONENT_PATH = '#/components/schemas/';
export const componentRef = (name: string): JsonSchema => ({ $ref: `${COMPONENT_PATH}${name}` });

export interface Declaration {
  /** The JSON schema the document shows for this field instead of the generated one (its description is kept). */
  schema?: JsonSchema;
  /** The property name the document shows instead of the wire key. */
  name?: string;
}

/** Metadata key carrying a Declaration; zod copies metadata into the generated JSON schema, where it is read back. */
const DECLARATION = 'x-declared';

export function declared<T extends z.ZodType>(schema: T, declaration: Declaration): T {
  return schema.meta({ [DECLARATION]: declaration }) as T;
}

/** A field the document declares as a reference to a component. */
export const declaredRef = <T extends z.ZodType>(schema: T, component: string): T => declared(schema, { schema: componentRef(component) });

/** A field the document declares as a list of a component (the plugin's way of documenting nested objects). */
export const declaredListOf = <T extends z.ZodType>(schema: T, component: string): T =>
  declared(schema, { schema: { type: 'array', items: componentRef(component) } });

/**
 * `components.schemas` for the given zod schemas, in the given order, each referenced by name where another one
 * uses it. Objects stay open (no additionalProperties) as the plugin's document leaves them.
 */
export function componentSchemas(components: ReadonlyArray<readonly [string, z.ZodType]>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of components) registry.add(schema, { id: name });
  const generated = z.toJSONSchema(registry, {
    target: 'openapi-3.0',
    uri: (id) => `${COMPONENT_PATH}${id}`,
    // Wire-only shapes (transforms, `false` placeholders) still describe themselves as far as they can.
    unrepresentable: 'any',
  });
  const out: Record<string, JsonSchema> = {};
  for (const [name] of components) {
    const { $id: _id, ...schema } = generated.schemas[name] as JsonSchema;
    out[name] = tidy(schema);
  }
  return out;
}

const SAFE_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** Applies declarations and drops what zod adds but an OpenAPI reader does not need. */
function tidy(node: JsonSchema): JsonSchema {
  const declaration = node[DECLARATION] as Declaration | undefined;
  let out: JsonSchema = { ...node };
  delete out[DECLARATION];
  if (declaration?.schema) {
    out = { ...declaration.schema, ...(typeof node.description === 'string' ? { description: node.description } : {}) };
  }
  // z.int() documents JavaScript's safe-integer range; the plugin states no bounds.
  for (const bound of ['minimum', 'maximum'] as const) if (SAFE_BOUNDS.has(out[bound] as number)) delete out[bound];
  const extra = out.additionalProperties;
  if (extra === false || (extra !== null && typeof extra === 'object' && Object.keys(extra).length === 0)) delete out.additionalProperties;

  if (out.properties && typeof out.properties === 'object') {
    const properties: Record<string, JsonSchema> = {};
    const renamed = new Map<string, string>();
    for (const [key, child] of Object.entries(out.properties as Record<string, JsonSchema>)) {
      const name = (child[DECLARATION] as Declaration | undefined)?.name ?? key;
      if (name !== key) renamed.set(key, name);
      properties[name] = tidy(child);
    }
    out.properties = properties;
    if (Array.isArray(out.required)) out.required = (out.required as string[]).map((key) => renamed.get(key) ?? key);
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    const child = out[key];
    if (child && typeof child === 'object' && !Array.isArray(child)) out[key] = tidy(child as JsonSchema);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(out[key])) out[key] = (out[key] as JsonSchema[]).map(tidy);
  }
  return out;
}

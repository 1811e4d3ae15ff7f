import { z } from 'zod';
import { COMPONENT_PATH, type JsonSchema } from '../../../http/openapi-schemas';

/**
 * The tec/v1 document's JSON schemas generated from zod schemas, written in the order the plugin's document lists
 * each schema's keywords (clients and diffs see the same bytes). A field's prose (`description`, `example`) and the
 * keywords zod has no validator for (`format`, `readOnly`, `uniqueItems`) travel as zod metadata; a reference to a
 * component is a schema registered under the component's name (`componentId`).
 */

/** Keyword order of a property or a component schema. */
const PROPERTY_ORDER = ['allOf', 'title', 'description', 'nullable', 'readOnly', 'type', 'format', 'pattern', 'default', 'enum', 'items', 'uniqueItems', 'example', 'properties'];
/** Keyword order of the schemas that describe the document itself (`OpenApiDocumentation`). */
export const TYPE_FIRST_ORDER = ['type', 'description', 'format', 'items', 'properties'];
/** Keyword order of a query parameter's `schema`. */
const PARAMETER_ORDER = ['type', 'format', 'items', 'default', 'enum', 'maximum', 'minimum', 'uniqueItems'];

const SAFE_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** Metadata naming the component a schema stands for wherever another schema uses it. */
export const componentId = (name: string) => ({ id: name });

/**
 * `order` lists the keywords in the plugin's order; keywords it does not list follow in zod's order. `properties`
 * and `items` are ordered recursively; zod's extras (safe-integer bounds, `required`, closed objects) are dropped, as
 * the plugin's document leaves every field optional and every object open.
 */
function ordered(node: JsonSchema, order: readonly string[] = PROPERTY_ORDER): JsonSchema {
  // zod wraps a reference that carries nothing else (an optional one) in a one-member allOf; the plugin does not.
  const lone = Array.isArray(node.allOf) && node.allOf.length === 1 && Object.keys(node).length === 1 ? (node.allOf[0] as JsonSchema) : undefined;
  if (lone && typeof lone.$ref === 'string' && Object.keys(lone).length === 1) return lone;
  const source: JsonSchema = { ...node };
  for (const bound of ['minimum', 'maximum']) if (SAFE_BOUNDS.has(source[bound] as number)) delete source[bound];
  delete source.required;
  delete source.additionalProperties;
  delete source.id;
  const out: JsonSchema = {};
  for (const key of [...order, ...Object.keys(source)]) {
    if (!(key in source) || key in out) continue;
    const value = source[key];
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [name, ordered(child, order)]));
    else if (key === 'items') out[key] = ordered(value as JsonSchema, order);
    else if (key === 'allOf') out[key] = (value as JsonSchema[]).map((child) => ordered(child, order));
    else out[key] = value;
  }
  return out;
}

/**
 * `components.schemas` of the given zod schemas, each under the name its `componentId` gives it, in the given order;
 * `heads` rewrites the keyword order of a component's own head (the plugin writes `title`, `description` and `type`
 * in a different order from one component to the next).
 */
export function pluginComponents(
  components: readonly z.ZodType[],
  heads: Record<string, readonly string[]> = {},
  order: readonly string[] = PROPERTY_ORDER,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  const names = components.map((schema) => {
    const id = (schema.meta() as { id?: string } | undefined)?.id;
    if (!id) throw new Error('a tec/v1 component schema needs a componentId');
    registry.add(schema, { id });
    return id;
  });
  const generated = z.toJSONSchema(registry, { target: 'openapi-3.0', io: 'input', uri: (id) => `${COMPONENT_PATH}${id}` });
  const out: Record<string, JsonSchema> = {};
  for (const name of names) {
    const { $id: _id, ...schema } = generated.schemas[name] as JsonSchema;
    out[name] = withHead(ordered(schema, order), heads[name]);
  }
  return out;
}

/** An object schema's head keywords in the given order (inside `allOf`, the extending member's). */
function withHead(schema: JsonSchema, head: readonly string[] | undefined): JsonSchema {
  if (!head) return schema;
  if (Array.isArray(schema.allOf)) return { ...schema, allOf: (schema.allOf as JsonSchema[]).map((member) => ('$ref' in member ? member : withHead(member, head))) };
  const keys = [...head, ...Object.keys(schema)];
  return Object.fromEntries(keys.filter((key, i) => key in schema && keys.indexOf(key) === i).map((key) => [key, schema[key]]));
}

/** A query or path parameter's `schema` (its prose goes to the parameter itself). */
export function parameterSchema(schema: z.ZodType): { schema: JsonSchema; description?: string; example?: unknown } {
  const { description, example, ...rest } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' }) as JsonSchema;
  delete rest.$schema;
  return { schema: ordered(rest, PARAMETER_ORDER), description: description as string | undefined, example };
}

/** A request body's properties, the extended component's first (`allOf`), each once in its first place. */
export function bodyProperties(components: Record<string, JsonSchema>, schema: JsonSchema): Record<string, JsonSchema> {
  if (typeof schema.$ref === 'string') return bodyProperties(components, components[schema.$ref.slice(COMPONENT_PATH.length)]!);
  const out: Record<string, JsonSchema> = {};
  for (const member of (schema.allOf as JsonSchema[] | undefined) ?? []) Object.assign(out, bodyProperties(components, member));
  return Object.assign(out, (schema.properties as Record<string, JsonSchema> | undefined) ?? {});
}

/** The example of a request body: every property's example. */
export function bodyExample(components: Record<string, JsonSchema>, schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(bodyProperties(components, schema)).map(([name, property]) => [name, property.example]));
}

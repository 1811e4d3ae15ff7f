import type { z } from 'zod';
import { componentRef, type JsonSchema } from './openapi-schemas';
import { describeArg } from './route-index';
import type { Endpoint, HttpMethod, RouteDef } from './routes';
import type { ArgDescription } from './wp-types';

/**
 * An OpenAPI 3.0 document of a namespace, generated from its route table: every route that is listed in the index,
 * every method, and every argument from the zod schema that validates it, in the shape the plugin's /doc uses
 * (Tribe__Events__REST__V1__Endpoints__Swagger_Documentation). Adding a route to a namespace is all it takes to
 * document it.
 */

export interface OpenApiInfo {
  version: string;
  title: string;
  description: string;
}

export interface OpenApiInput {
  info: OpenApiInfo;
  /** `components.schemas`, from componentSchemas(). */
  components: Record<string, JsonSchema>;
  /** The namespace root the paths are relative to. */
  serverUrl: string;
  routes: ReadonlyArray<RouteDef<any>>;
}

export function openApiDocument(input: OpenApiInput) {
  return {
    openapi: '3.0.0',
    info: input.info,
    components: { schemas: input.components },
    servers: [{ url: input.serverUrl }],
    paths: openApiPaths(input.routes),
  };
}

/** Operation order inside a path item, whatever the order the endpoints were declared in. */
const METHOD_ORDER: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH']);
const NO_DESCRIPTION = 'No description provided';

function openApiPaths(routes: ReadonlyArray<RouteDef<any>>): Record<string, Record<string, unknown>> {
  const paths: Record<string, Partial<Record<HttpMethod, unknown>>> = {};
  for (const route of routes) {
    if (route.showInIndex === false) continue;
    const template = pathTemplate(route.path);
    const item = (paths[template.path] ??= {});
    for (const endpoint of route.endpoints) {
      // WordPress serves a method with the first endpoint that declares it; later ones are unreachable.
      for (const method of endpoint.methods) item[method] ??= operation(endpoint, method, template.params, template.path);
    }
  }
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(paths)) {
    out[path] = Object.fromEntries(METHOD_ORDER.filter((m) => item[m] !== undefined).map((m) => [m.toLowerCase(), item[m]]));
  }
  return out;
}

export interface PathTemplate {
  /** `/events/{id}` for `/events/(?P<id>\d+)`. */
  path: string;
  /** Named groups with their regex, in path order. */
  params: Array<{ name: string; pattern: string }>;
}

/** Turns WordPress's `(?P<name>regex)` groups into OpenAPI `{name}` segments (groups may nest parentheses). */
export function pathTemplate(routePath: string): PathTemplate {
  const params: PathTemplate['params'] = [];
  let path = '';
  let i = 0;
  while (i < routePath.length) {
    const open = /^\(\?P?<(\w+)>/.exec(routePath.slice(i));
    if (!open) {
      path += routePath[i++];
      continue;
    }
    let depth = 1;
    let j = i + open[0].length;
    for (; j < routePath.length && depth > 0; j++) {
      if (routePath[j] === '\\') j++;
      else if (routePath[j] === '(') depth++;
      else if (routePath[j] === ')') depth--;
    }
    params.push({ name: open[1]!, pattern: routePath.slice(i + open[0].length, j - 1) });
    path += `{${open[1]}}`;
    i = j;
  }
  return { path: path === '' ? '/' : path, params };
}

/** JSON-schema keywords an OpenAPI 3.0 schema object accepts, from what WordPress lists for an argument. */
const SCHEMA_KEYWORDS = [
  'type', 'format', 'enum', 'default', 'items', 'properties', 'additionalProperties', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems',
  'uniqueItems', 'minProperties', 'maxProperties', 'anyOf', 'oneOf', 'title',
] as const;

/** PHP-style type names the plugin writes in `swagger_type`. */
const TYPE_ALIASES: Record<string, string> = { int: 'integer', bool: 'boolean' };

/** An argument's OpenAPI schema; `swagger_type` (the plugin's documentation type) wins over the validation type. */
function argSchema(description: ArgDescription): JsonSchema {
  const schema: JsonSchema = {};
  for (const key of SCHEMA_KEYWORDS) if (description[key] !== undefined) schema[key] = description[key];
  const declaredType = description.swagger_type ?? schema.type;
  delete schema.type;
  const types = (Array.isArray(declaredType) ? declaredType : declaredType === undefined ? [] : [declaredType]).map((t) => TYPE_ALIASES[String(t)] ?? String(t));
  const real = types.filter((t) => t !== 'null');
  // OpenAPI 3.0 has one type per schema: a null member becomes `nullable`, several types an anyOf.
  if (real.length === 1) schema.type = real[0];
  else if (real.length > 1) schema.anyOf = real.map((type) => ({ type }));
  if (types.includes('null')) schema.nullable = true;
  if (schema.items && typeof schema.items === 'object') schema.items = argSchema(schema.items as ArgDescription);
  return schema;
}

type Place = 'path' | 'query' | 'body';

function operation(endpoint: Endpoint<any>, method: HttpMethod, pathParams: PathTemplate['params'], path: string): Record<string, unknown> {
  const doc = endpoint.doc ?? {};
  const args = Object.entries(endpoint.args as Record<string, z.ZodType>).map(([name, schema]) => ({ name, description: describeArg(schema) }));
  const placeOf = (name: string): Place => {
    if (pathParams.some((p) => p.name === name)) return 'path';
    if (!BODY_METHODS.has(method)) return 'query';
    return doc.bodyArgs === undefined || doc.bodyArgs.includes(name) ? 'body' : 'query';
  };

  const parameters: JsonSchema[] = [];
  // Every path variable is a parameter, declared or not (the route cannot match without it).
  for (const param of pathParams) {
    const declared = args.find((a) => a.name === param.name)?.description;
    const schema = declared ? argSchema(declared) : { type: /^(\\d|\[\\d\])[+*]$/.test(param.pattern) ? 'integer' : 'string' };
    parameters.push({ in: 'path', schema, description: declared?.description ?? NO_DESCRIPTION, required: true, name: param.name });
  }
  for (const arg of args.filter((a) => placeOf(a.name) === 'query')) {
    const schema = argSchema(arg.description);
    parameters.push({
      in: 'query',
      schema,
      description: arg.description.description ?? NO_DESCRIPTION,
      required: arg.description.required,
      name: arg.name,
      // WordPress reads list arguments from comma-separated strings.
      ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
    });
  }

  const out: Record<string, unknown> = {};
  if (doc.summary) out.summary = doc.summary;
  if (parameters.length > 0) out.parameters = parameters;
  const body = args.filter((a) => placeOf(a.name) === 'body');
  if (body.length > 0) {
    const required = body.filter((a) => a.description.required).map((a) => a.name);
    const schema = {
      type: 'object',
      properties: Object.fromEntries(body.map((a) => [a.name, { description: a.description.description ?? NO_DESCRIPTION, ...argSchema(a.description) }])),
      ...(required.length > 0 ? { required } : {}),
    };
    out.requestBody = { content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } } };
  }
  out.responses = responses(endpoint, path);
  return out;
}

function responses(endpoint: Endpoint<any>, path: string): Record<string, unknown> {
  const doc = endpoint.doc ?? {};
  // A list is documented as an array titled after the collection (`events`), as the plugin does.
  const collection = path.split('/').filter((s) => s !== '' && !s.startsWith('{')).at(-1) ?? '';
  const schema = doc.list ? { title: collection, type: 'array', items: componentRef(doc.list) } : doc.returns ? componentRef(doc.returns) : undefined;
  const listed = doc.responses ?? { 200: doc.summary ?? 'OK' };
  const out: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(listed)) {
    const success = /^2\d\d$/.test(status);
    out[status] = schema && success ? { description, content: { 'application/json': { schema } } } : { description };
  }
  return out;
}

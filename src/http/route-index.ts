import { z } from 'zod';
import type { HttpContext, SiteFacts } from './context';
import { restRoot } from './context';
import { routeMethods, type CompiledRoute } from './routes';
import { describeType, isRequired, registered, RequestValue, wpString, type ArgDescription, type Registered } from './wp-types';

/**
 * The discovery documents WordPress generates from its route table: the site index at `/wp-json/` and
 * each namespace's descriptor (WP_REST_Server::get_index, get_namespace_index, get_data_for_route).
 * Argument descriptions are read from the same zod schemas that validate the requests.
 */

/** JSON-schema keywords get_data_for_route keeps for each argument. */
const ARG_KEYWORDS = [
  'title', 'description', 'default', 'type', 'format', 'enum', 'items', 'properties', 'additionalProperties',
  'patternProperties', 'minProperties', 'maxProperties', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems',
  'anyOf', 'oneOf',
] as const;

export function describeArg(schema: z.ZodType): ArgDescription & { required: boolean } {
  const full = describeType(schema);
  const out: ArgDescription = {};
  for (const key of ARG_KEYWORDS) if (full[key] !== undefined) (out as Record<string, unknown>)[key] = full[key];
  return { ...out, required: isRequired(schema) };
}

/**
 * An argument as a route descriptor lists it (WP_REST_Server::get_data_for_route): the keywords its plugin registered,
 * in that order, then `required`. Arguments without a registration list every keyword their schema carries.
 */
async function registeredArg<C extends HttpContext>(schema: z.ZodType, ctx: C): Promise<Record<string, unknown>> {
  const full = describeType(schema);
  const reg = full.registered as Registered | undefined;
  if (!reg) return describeArg(schema);
  const out: Record<string, unknown> = {};
  for (const key of reg.keys) {
    const declared = reg.values && key in reg.values ? reg.values[key] : full[key];
    out[key] = declared instanceof RequestValue ? await (declared as RequestValue<C>).compute(ctx) : declared;
  }
  out.required = isRequired(schema);
  return out;
}

/** The built-in routes' own arguments, declared the way core declares them (a default and nothing else). */
const defaultOnly = registered('default');
export const INDEX_ARGS = { context: wpString().default('view').meta(defaultOnly) };
export const namespaceArgs = (namespace: string) => ({ namespace: wpString().default(namespace).meta(defaultOnly), context: wpString().default('view').meta(defaultOnly) });

export interface RouteData {
  namespace: string;
  methods: string[];
  /** `args` is `[]` when there are none: PHP's empty array, as json_encode() writes it. */
  endpoints: Array<{ methods: string[]; allow_batch?: { v1: true }; args: Record<string, unknown> | [] }>;
  /** Only in an OPTIONS answer (WordPress's `help` context), for routes that declare one. */
  schema?: Record<string, unknown>;
  _links?: { self: Array<{ href: string }> };
}

type ListedRoute<C extends HttpContext> = Pick<CompiledRoute<C>, 'pattern' | 'namespace' | 'def'>;

/** `help`: the descriptor an OPTIONS request gets, with the route's schema. */
export async function routeData<C extends HttpContext>(route: ListedRoute<C>, root: string, ctx: C, help = false): Promise<RouteData> {
  const endpoints: RouteData['endpoints'] = [];
  for (const e of route.def.endpoints) {
    const args: Array<[string, unknown]> = [];
    for (const [name, schema] of Object.entries(e.args as Record<string, z.ZodType>)) args.push([name, await registeredArg(schema, ctx)]);
    endpoints.push({ methods: [...e.methods], ...(e.allowBatch ? { allow_batch: { v1: true as const } } : {}), args: args.length > 0 ? Object.fromEntries(args) : [] });
  }
  const data: RouteData = { namespace: route.namespace, methods: routeMethods(route.def), endpoints };
  if (help && route.def.schema) data.schema = await route.def.schema(ctx);
  // Only routes without path variables link to themselves.
  if (!/[(]/.test(route.pattern)) data._links = { self: [{ href: `${root}${route.pattern.replace(/^\//, '')}` }] };
  return data;
}

export async function routesData<C extends HttpContext>(routes: Array<ListedRoute<C>>, root: string, ctx: C): Promise<Record<string, RouteData>> {
  const out: Record<string, RouteData> = {};
  for (const route of routes) if (route.def.showInIndex !== false) out[route.pattern] = await routeData(route, root, ctx);
  return out;
}

export function siteIndex(site: SiteFacts, namespaces: string[], authentication: Record<string, unknown> | [], routes: Record<string, RouteData>) {
  return {
    name: site.name,
    description: site.description,
    url: site.url,
    home: site.home,
    gmt_offset: site.gmtOffset,
    timezone_string: site.timezoneString,
    page_for_posts: site.pageForPosts,
    page_on_front: site.pageOnFront,
    show_on_front: site.showOnFront,
    namespaces,
    authentication,
    routes,
    site_logo: site.siteLogo,
    site_icon: site.siteIcon,
    site_icon_url: '',
    _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
  };
}

export function namespaceIndex(namespace: string, site: SiteFacts, routes: Record<string, RouteData>) {
  return { namespace, routes, _links: { up: [{ href: restRoot(site) }] } };
}

import type { Request } from 'express';
import type { ArgShape, ArgValues } from './args';
import type { ParamProblem, RestError } from './errors';
import type { Freshness } from './conditional';
import type { HttpContext } from './context';
import type { UploadedFile } from './multipart';

/**
 * Route definitions in WordPress's own terms (register_rest_route): a namespace, a path regex with named
 * groups written the PHP way (`/events/(?P<id>\d+)`), and endpoints that each bind methods to argument
 * schemas, a permission callback and a handler.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface RestRequest<A, C extends HttpContext> {
  method: HttpMethod;
  /** The request path inside the REST root, e.g. `/calendar/events/v1/events/5`. */
  path: string;
  /** The namespace the request came in on (the primary one or an alias). */
  namespace: string;
  /** Declared arguments after validation and coercion. */
  args: A;
  /** Every parameter from every source, merged by WordPress's priority (JSON > body > query > URL > defaults). */
  params: Record<string, unknown>;
  /** Parameters of the query string only (some TEC rules depend on where a value came from). */
  query: Record<string, unknown>;
  /** The query string as sent (paging links repeat it). */
  rawQuery?: string;
  headers: Record<string, string | string[] | undefined>;
  /** The files of a multipart body, by field name (WP_REST_Request::get_file_params()). */
  files?: Record<string, UploadedFile>;
  /** The body as sent, when it is not multipart (WP_REST_Request::get_body()). */
  body?: Buffer;
  ctx: C;
  /** Scratch space shared by the validate, permission and handler steps of this one request. */
  locals: RequestLocals;
}

/** A typed slot of a request's scratch space; slots are told apart by identity, so declare each one once. */
export interface LocalKey<T> {
  readonly description: string;
  /** Carries the slot's type; never set. */
  readonly type?: T;
}

export const localKey = <T>(description: string): LocalKey<T> => ({ description });

/** What a request's validate, permission and handler steps share: values they would otherwise compute twice. */
export class RequestLocals {
  private readonly values = new Map<LocalKey<unknown>, unknown>();

  get<T>(key: LocalKey<T>): T | undefined {
    return this.values.get(key) as T | undefined;
  }

  set<T>(key: LocalKey<T>, value: T): void {
    this.values.set(key, value);
  }

  /** The slot's value, computed by the first step that asks. */
  memo<T>(key: LocalKey<T>, compute: () => T): T {
    if (!this.values.has(key)) this.values.set(key, compute());
    return this.values.get(key) as T;
  }
}

export type PermissionResult = boolean | RestError;

/** What /doc cannot read off the argument schemas (src/http/openapi.ts). */
export interface EndpointDoc {
  summary?: string;
  /** Status code → description; success codes (2xx) carry the response schema. Default: 200 only. */
  responses?: Record<string, string>;
  /** Name of the component schema returned on success. */
  returns?: string;
  /** Name of the component schema of each item when the success response is a list. */
  list?: string;
  /**
   * Arguments of a POST/PUT/PATCH documented as the request body; the others are query parameters.
   * Default: every argument that is not a path variable.
   */
  bodyArgs?: readonly string[];
}

export interface Endpoint<C extends HttpContext, S extends ArgShape = ArgShape> {
  methods: readonly HttpMethod[];
  args: S;
  /** Checks that need the database (an id that must exist, …); failures join rest_invalid_param. */
  validate?: (req: RestRequest<ArgValues<S>, C>) => Promise<Map<string, ParamProblem> | undefined>;
  /** Absent means public, like routes TEC registers without a permission_callback. */
  permission?: (req: RestRequest<ArgValues<S>, C>) => PermissionResult | Promise<PermissionResult>;
  handler: (req: RestRequest<ArgValues<S>, C>) => unknown | Promise<unknown>;
  /** A list that may read many rows: its handler runs under the server's bound on concurrent heavy requests. */
  heavy?: boolean;
  /** Core's `allow_batch` (`{v1: true}` in the route descriptors): WordPress's own controllers declare it. */
  allowBatch?: boolean;
  /** Request headers a GET's answer depends on (beside the caller and the URL), part of its ETag and of what is kept. */
  varyHeaders?: readonly string[];
  /** How a GET's answer depends on the time, for its ETag (conditional.ts); absent: it may change every second. */
  freshness?: Freshness<RestRequest<ArgValues<S>, C>>;
  doc?: EndpointDoc;
}

export interface RouteDef<C extends HttpContext> {
  /** Path regex after the namespace, WordPress style: `/events/(?P<id>\d+)`. */
  path: string;
  endpoints: Array<Endpoint<C, any>>;
  /** Hidden routes answer but are not listed in the index (show_in_index => false). */
  showInIndex?: boolean;
  /**
   * Checks of how the request arrived (its peer, Host, Origin, headers), run for every method of the route before
   * anything else: a refusal answers before the caller is authenticated or the body and arguments are read.
   */
  guard?: (req: Request) => RestError | undefined;
  /**
   * false: no answer of the route carries Access-Control-* headers (nor `Vary: Origin`), so a page of another
   * origin can neither read it nor get a preflight through. Default true, as WordPress sends them on every route.
   */
  cors?: boolean;
  /**
   * The route's schema (register_rest_route's `schema` callback): the JSON schema of what it returns, which an OPTIONS
   * answer lists after the endpoints. The index and namespace descriptors leave it out, as WordPress does outside the
   * `help` context.
   */
  schema?: (ctx: C) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

export interface NamespaceDef<C extends HttpContext> {
  namespace: string;
  /** Other namespaces serving the very same routes (tribe/events/v1 for calendar/events/v1). */
  aliases?: string[];
  routes: Array<RouteDef<C>>;
}

/** Type helper: infers the argument types of an endpoint from its zod shape. */
export function endpoint<C extends HttpContext, S extends ArgShape>(def: Endpoint<C, S>): Endpoint<C, S> {
  return def;
}

export interface CompiledRoute<C extends HttpContext> {
  /** Full route pattern as WordPress lists it: `/calendar/events/v1/events/(?P<id>\d+)`. */
  pattern: string;
  namespace: string;
  /** The namespace whose definitions this route serves (differs from `namespace` for aliases). */
  primary: string;
  regex: RegExp;
  def: RouteDef<C>;
}

export function compileRoute<C extends HttpContext>(namespace: string, primary: string, def: RouteDef<C>): CompiledRoute<C> {
  const pattern = `/${namespace}${def.path}`;
  // PCRE's (?P<name>…) is (?<name>…) in JavaScript; WordPress matches the whole path, case-insensitively.
  const regex = new RegExp(`^${pattern.replace(/\(\?P</g, '(?<')}$`, 'i');
  return { pattern, namespace, primary, regex, def };
}

export function routeMethods<C extends HttpContext>(def: RouteDef<C>): HttpMethod[] {
  return [...new Set(def.endpoints.flatMap((e) => e.methods))];
}

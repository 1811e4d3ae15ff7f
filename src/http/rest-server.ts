import type { Request, Response } from 'express';
import { parseArgs } from './args';
import { restRoot, type HttpContext } from './context';
import { forbidden, invalidParams, RestError, restError } from './errors';
import { isHttpMethod, mergeParams, parseJsonBody, readInput } from './request-input';
import { baseHeaders, envelope, filterFields, phpJsonEncode, RestResponse } from './response';
import { INDEX_ARGS, namespaceArgs, namespaceIndex, routeData, routesData, siteIndex } from './route-index';
import { compileRoute, routeMethods, type CompiledRoute, type Endpoint, type HttpMethod, type NamespaceDef, type RestRequest } from './routes';

/**
 * The REST dispatcher: one pipeline for every route, in WP_REST_Server's order (WP_REST_Server::serve_request(),
 * dispatch()): authentication errors → OPTIONS → route match → JSON body → required args → validation → permission →
 * handler → headers, `_fields`, `_envelope`.
 */

export interface RestServerOptions<C extends HttpContext> {
  namespaces: Array<NamespaceDef<C>>;
  createContext(req: Request): C;
  /** Resolves the caller from the request; an error here answers every route
  *   (rest_application_password_check_errors()). */
  authenticate(ctx: C, req: Request): Promise<RestError | null>;
}

export interface RestServer<C extends HttpContext> {
  /** Every route, in index order, including the site index and the namespace descriptors. */
  routes: Array<CompiledRoute<C>>;
  namespaces: string[];
  /** Serves a request whose REST route is `route` (`/` for the index). */
  serve(req: Request, res: Response, route: string): Promise<void>;
}

interface Match<C extends HttpContext> {
  route: CompiledRoute<C>;
  endpoint: Endpoint<C>;
  urlParams: Record<string, string>;
}

export function createRestServer<C extends HttpContext>(options: RestServerOptions<C>): RestServer<C> {
  const namespaces = options.namespaces.flatMap((n) => [n.namespace, ...(n.aliases ?? [])]);
  const routes: Array<CompiledRoute<C>> = [];

  const indexRoute = compileRoute<C>('', '', {
    path: '',
    endpoints: [
      {
        methods: ['GET'],
        args: INDEX_ARGS,
        handler: async ({ ctx }) => {
          const site = await ctx.site();
          return siteIndex(site, namespaces, await ctx.authenticationIndex(), routesData(routes, restRoot(site)));
        },
      },
    ],
  });
  routes.push({ ...indexRoute, pattern: '/', regex: /^\/$/ });

  for (const def of options.namespaces) {
    for (const namespace of [def.namespace, ...(def.aliases ?? [])]) {
      routes.push(
        compileRoute<C>(namespace, def.namespace, {
          path: '',
          endpoints: [
            {
              methods: ['GET'],
              args: namespaceArgs(namespace),
              handler: async ({ ctx, args }) => {
                const requested = String(args.namespace);
                if (!namespaces.includes(requested)) throw restError('rest_invalid_namespace');
                const site = await ctx.site();
                const own = routes.filter((r) => r.namespace === requested);
                return namespaceIndex(requested, site, routesData(own, restRoot(site)));
              },
            },
          ],
        }),
      );
      for (const route of def.routes) routes.push(compileRoute(namespace, def.namespace, route));
    }
  }

  function match(path: string, method: HttpMethod): Match<C> | { pathMatched: CompiledRoute<C> | null } {
    let pathMatched: CompiledRoute<C> | null = null;
    for (const route of routes) {
      const m = route.regex.exec(path);
      if (!m) continue;
      pathMatched ??= route;
      const endpoint = route.def.endpoints.find((e) => e.methods.includes(method));
      if (endpoint) return { route, endpoint, urlParams: { ...(m.groups ?? {}) } };
    }
    return { pathMatched };
  }

  async function serve(req: Request, res: Response, routePath: string): Promise<void> {
    const ctx = options.createContext(req);
    const rawQuery = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const input = readInput({
      method: req.method,
      rawQuery,
      contentType: req.headers['content-type'],
      overrideHeader: req.get('x-http-method-override'),
      body: Buffer.isBuffer(req.body) ? req.body : undefined,
    });
    const method = input.method === 'HEAD' ? 'GET' : input.method;
    let allow: string[] | undefined;
    let result: unknown;
    let status = 200;
    let extraHeaders: Record<string, string | string[]> = {};

    try {
      const authError = await options.authenticate(ctx, req);
      if (authError) throw authError;
      if (method === 'OPTIONS') {
        const found = routes.find((r) => r.regex.test(routePath));
        if (!found) throw restError('rest_no_route');
        const site = await ctx.site();
        result = routeData(found, restRoot(site));
        allow = routeMethods(found.def);
      } else {
        const found = isHttpMethod(method) ? match(routePath, method) : { pathMatched: null };
        if (!('endpoint' in found)) throw restError('rest_no_route');
        const json = parseJsonBody(input.jsonText);
        if ('error' in json) throw json.error;
        const params = mergeParams({ json: json.params, body: input.body, query: input.query, url: found.urlParams });
        delete params.rest_route;
        const parsed = parseArgs(found.endpoint.args, params);
        if ('error' in parsed) throw parsed.error;
        const request: RestRequest<Record<string, unknown>, C> = {
          method: method as HttpMethod,
          path: routePath,
          namespace: found.route.namespace,
          args: parsed.values,
          params,
          query: input.query,
          headers: req.headers,
          ctx,
          locals: new Map(),
        };
        const problems = await found.endpoint.validate?.(request);
        if (problems && problems.size > 0) throw invalidParams(problems);
        await checkPermission(found.endpoint, request);
        const output = await found.endpoint.handler(request);
        if (output instanceof RestResponse) {
          result = output.data;
          status = output.status;
          extraHeaders = output.headers;
        } else {
          result = output;
        }
        allow = await allowedMethods(found.route, request);
      }
    } catch (error) {
      if (!(error instanceof RestError)) {
        ctx.log.error({ err: error, requestId: ctx.requestId }, 'unhandled error');
      }
      const rest = error instanceof RestError ? error : restError('internal_server_error');
      result = rest.toJSON();
      status = rest.status;
    }
    await send(req, res, ctx, input.query, { status, data: result, headers: extraHeaders, allow });
  }

  async function checkPermission(endpoint: Endpoint<C>, request: RestRequest<Record<string, unknown>, C>): Promise<void> {
    if (!endpoint.permission) return;
    const verdict = await endpoint.permission(request);
    if (verdict instanceof RestError) throw verdict;
    if (verdict !== true) throw forbidden(request.ctx.isLoggedIn());
  }

  /** The `Allow` header lists the route's methods whose permission callback passes for this request. */
  async function allowedMethods(route: CompiledRoute<C>, request: RestRequest<Record<string, unknown>, C>): Promise<string[]> {
    const allowed = new Set<string>();
    for (const endpoint of route.def.endpoints) {
      let ok = true;
      if (endpoint.permission) {
        try {
          ok = (await endpoint.permission(request)) === true;
        } catch {
          ok = false;
        }
      }
      if (ok) endpoint.methods.forEach((m) => allowed.add(m));
    }
    return [...allowed];
  }

  return { routes, namespaces, serve };
}

async function send<C extends HttpContext>(
  req: Request,
  res: Response,
  ctx: C,
  query: Record<string, unknown>,
  out: { status: number; data: unknown; headers: Record<string, string | string[]>; allow?: string[] },
): Promise<void> {
  let root: string;
  try {
    root = restRoot(await ctx.site());
  } catch (error) {
    ctx.log.error({ err: error, requestId: ctx.requestId }, 'cannot read site options');
    root = `${req.protocol}://${req.get('host') ?? 'localhost'}/wp-json/`;
  }
  const headers: Record<string, string | string[]> = {
    ...baseHeaders({ restRoot: root, origin: req.get('origin'), loggedIn: ctx.isLoggedIn(), method: req.method }),
    ...out.headers,
  };
  if (out.allow && out.allow.length > 0) headers.Allow = out.allow.join(', ');

  let data = out.data;
  let status = out.status;
  if (query._fields !== undefined && status < 400) data = filterFields(data, query._fields);
  if (query._envelope !== undefined) {
    data = envelope(data, status, headers);
    status = 200;
  }
  let body = phpJsonEncode(data, query._pretty !== undefined);
  if (typeof query._jsonp === 'string') {
    if (!/^[\w.]+$/.test(query._jsonp)) {
      const { code, message } = restError('rest_callback_invalid');
      status = 400;
      body = phpJsonEncode({ code, message });
    } else {
      headers['Content-Type'] = 'application/javascript; charset=UTF-8';
      body = `/**/${query._jsonp}(${body})`;
    }
  }
  res.status(status);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('X-Request-Id', ctx.requestId);
  if (status === 204 || data === null) res.end();
  else res.end(body);
}

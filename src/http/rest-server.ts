import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Deadline } from '../db/deadline';
import { CommitOutcomeUnknown } from '../db/faults';
import { parseArgs, withOwnChecks } from './args';
import { restRoot, type HttpContext } from './context';
import { forbidden, invalidParams, RestError, restError } from './errors';
import { ConditionalGets, type ConditionalOptions, type RenderedAnswer } from './conditional';
import type { Limiter } from './limiter';
import { isHttpMethod, mergeParams, parseJsonBody, readInput } from './request-input';
import { renderAnswer, validatorHeaders, writeAnswer, type Validators } from './answer';
import { RestResponse, type ResponseHeaders } from './response';
import { INDEX_ARGS, namespaceArgs, namespaceIndex, routeData, routesData, siteIndex } from './route-index';
import { compileRoute, RequestLocals, routeMethods, type CompiledRoute, type Endpoint, type HttpMethod, type NamespaceDef, type RestRequest } from './routes';
import { requestDefaults, type RequestDefault } from './wp-types';

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
  /** The answer for a failure that is not a RestError but is not a bug either (the database is down). */
  classifyError?(error: unknown): RestError | undefined;
  /** Runs the handlers of heavy endpoints (lists) under a bound on concurrency. */
  heavy?: Limiter;
  /** ETags, 304s and answers kept under the change stamp (conditional.ts); absent: none. */
  conditional?: ConditionalOptions<C>;
  /**
   * The request's deadline (db/deadline.ts), if it has one: the checks that follow the handler end by it, and a
   * request whose write may be stored is never answered with a 5xx, which tells a client that nothing was.
   */
  deadlineOf?(res: Response): Deadline | undefined;
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
          return siteIndex(site, namespaces, await ctx.authenticationIndex(), await routesData(routes, restRoot(site), ctx));
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
                return namespaceIndex(requested, site, await routesData(own, restRoot(site), ctx));
              },
            },
          ],
        }),
      );
      for (const route of def.routes) routes.push(compileRoute(namespace, def.namespace, route));
    }
  }

  const conditional = options.conditional ? new ConditionalGets(options.conditional) : undefined;

  // Routes that guard their transport or send no CORS headers (the test double's reset route).
  const closedRoutes = routes.filter((r) => r.def.guard !== undefined || r.def.cors === false);

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
    // The stamp is read before anything else of the answer (the caller, the arguments' defaults, the rows).
    const stampReadAt = Date.now();
    let stamp: string | undefined;
    /** The answer's entity tag and date, once known. */
    let validators: Validators | undefined;
    let result: unknown;
    let status = 200;
    let extraHeaders: ResponseHeaders = {};
    // Set once a route matched: rest_send_allow_header() then answers Allow, errors and OPTIONS included.
    let matched: { route: CompiledRoute<C>; request: RestRequest<Record<string, unknown>, C> } | undefined;
    const closed = closedRoutes.filter((r) => r.regex.test(routePath));
    const cors = !closed.some((r) => r.def.cors === false);
    const requestFor = (route: CompiledRoute<C>, params: Record<string, unknown>, args: Record<string, unknown>) => ({
      route,
      request: { method: method as HttpMethod, path: routePath, namespace: route.namespace, args, params, query: input.query, rawQuery, headers: req.headers, ctx, locals: new RequestLocals() },
    });

    try {
      if (conditional && method === 'GET') stamp = await conditional.options.stamp(ctx, routePath);
      for (const route of closed) {
        const refusal = route.def.guard?.(req);
        if (!refusal) continue;
        res.locals.routePattern = route.pattern;
        throw refusal;
      }
      const authError = await options.authenticate(ctx, req);
      if (authError) throw authError;
      if (method === 'OPTIONS') {
        const found = routes.find((r) => r.regex.test(routePath));
        if (!found) throw restError('rest_no_route');
        res.locals.routePattern = found.pattern;
        const urlParams = { ...(found.regex.exec(routePath)?.groups ?? {}) };
        const params = mergeParams({ json: {}, body: input.body, query: input.query, url: urlParams });
        matched = requestFor(found, params, params);
        const site = await ctx.site();
        result = await routeData(found, restRoot(site), ctx, true);
      } else {
        const found = isHttpMethod(method) ? match(routePath, method) : { pathMatched: null };
        if (!('endpoint' in found)) throw restError('rest_no_route');
        // The route's pattern names the request in the metrics (one series per route, not per URL).
        res.locals.routePattern = found.route.pattern;
        const raw = mergeParams({ json: {}, body: input.body, query: input.query, url: found.urlParams });
        matched = requestFor(found.route, raw, raw);
        const json = parseJsonBody(input.jsonText);
        if ('error' in json) throw json.error;
        const params = mergeParams({ json: json.params, body: input.body, query: input.query, url: found.urlParams });
        delete params.rest_route;
        matched = requestFor(found.route, params, params);
        const parsed = parseArgs(found.endpoint.args, { ...(await defaultsFor(found.endpoint.args, params, ctx)), ...params });
        const request = matched.request;
        if ('error' in parsed) {
          const validate = found.endpoint.validate;
          if (!validate) throw parsed.error;
          const sent = Object.fromEntries(Object.keys(found.endpoint.args).filter((name) => params[name] !== undefined && params[name] !== null).map((name) => [name, params[name]]));
          throw await withOwnChecks(found.endpoint.args, parsed, () => validate({ ...request, args: sent }));
        }
        request.args = parsed.values;
        // Same stamp, same inputs, same caller: the same outcome of every step below, which for a tag given is a 200.
        if (conditional && stamp) {
          const early = await conditionalStep(conditional, stamp, stampReadAt, req, request, found.endpoint, rawQuery, input.jsonText);
          validators = early.validators;
          if (early.answer) {
            await writeAnswer(req, res, ctx, early.answer, cors, validatorHeaders(validators));
            return;
          }
        }
        const problems = await found.endpoint.validate?.(request);
        if (problems && problems.size > 0) throw invalidParams(problems);
        await checkPermission(found.endpoint, request);
        const handle = () => Promise.resolve(found.endpoint.handler(request));
        const output = found.endpoint.heavy && options.heavy ? await options.heavy.run(handle) : await handle();
        if (output instanceof RestResponse) {
          result = output.data;
          status = output.status;
          extraHeaders = output.headers;
        } else {
          result = output;
        }
      }
    } catch (error) {
      const known = error instanceof RestError ? error : options.classifyError?.(error);
      if (!(error instanceof RestError)) {
        if (known) ctx.log.warn({ err: error, requestId: ctx.requestId, code: known.code }, 'request failed');
        else ctx.log.error({ err: error, requestId: ctx.requestId }, 'unhandled error');
      }
      const rest = known ?? restError('internal_server_error');
      // A COMMIT whose outcome is unknown, or a failure after a commit: any answer could be a lie, so none is given
      // (the connection is closed; a client then knows nothing, as the service does).
      if (error instanceof CommitOutcomeUnknown || (rest.status >= 500 && options.deadlineOf?.(res)?.committed)) {
        ctx.log.error({ err: error, requestId: ctx.requestId }, 'answer withheld: the write may be stored');
        res.socket?.destroy();
        return;
      }
      result = rest.toJSON();
      status = rest.status;
    }
    let allow: string[] | undefined;
    if (matched) {
      try {
        allow = await allowedMethods(matched.route, matched.request, options.deadlineOf?.(res));
      } catch (error) {
        ctx.log.error({ err: error, requestId: ctx.requestId }, 'cannot check the allowed methods');
      }
    }
    const answer = renderAnswer(input.query, { status, data: result, headers: extraHeaders, allow });
    if (validators && answer.status === 200) {
      // Kept with its Allow header: the route's permission checks ran for this caller, whose identity is in the tag.
      conditional!.keep(validators.tag, answer);
      await writeAnswer(req, res, ctx, answer, cors, validatorHeaders(validators));
    } else {
      await writeAnswer(req, res, ctx, answer, cors);
    }
  }

  async function checkPermission(endpoint: Endpoint<C>, request: RestRequest<Record<string, unknown>, C>): Promise<void> {
    if (!endpoint.permission) return;
    const verdict = await endpoint.permission(request);
    if (verdict instanceof RestError) throw verdict;
    if (verdict !== true) throw forbidden(request.ctx.isLoggedIn());
  }

  /**
   * rest_send_allow_header(): the route's methods, less those whose permission callback refuses this request
   * (run on the request as it came). After a write they share a scratch space of their own, as what the steps
   * memoized may be stale; a read changed nothing, so they reuse its space (the addressed post is not read again).
   */
  async function allowedMethods(route: CompiledRoute<C>, request: RestRequest<Record<string, unknown>, C>, deadline: Deadline | undefined): Promise<string[]> {
    const allowed = new Set<string>(routeMethods(route.def));
    const locals = request.method === 'GET' ? request.locals : new RequestLocals();
    for (const endpoint of route.def.endpoints) {
      if (!endpoint.permission) continue;
      let ok: boolean;
      try {
        // A check that outlasts the request's deadline (a write committed just before a hung database) counts as a
        // refusal: the write's answer is not held back by it.
        const verdict = Promise.resolve(endpoint.permission({ ...request, locals }));
        ok = (await (deadline ? deadline.race(verdict, () => undefined) : verdict)) === true;
      } catch {
        ok = false;
      }
      if (!ok) endpoint.methods.forEach((m) => allowed.delete(m));
    }
    return [...allowed];
  }

  return { routes, namespaces, serve };
}

/**
 * The validators of a GET the stamp vouches for, and the answer already known for them: a 304 when the client's
 * copy is it, the kept answer when there is one.
 */
async function conditionalStep<C extends HttpContext>(
  conditional: ConditionalGets,
  stamp: string,
  stampReadAt: number,
  req: Request,
  request: RestRequest<Record<string, unknown>, C>,
  endpoint: Endpoint<C>,
  rawQuery: string,
  jsonText: string | null | undefined,
): Promise<{ validators: Validators; answer?: RenderedAnswer }> {
  const { ctx, params } = request;
  const options = conditional.options;
  const freshness = endpoint.freshness;
  const time = freshness === 'timeless' ? '' : freshness ? await freshness(request) : String(Math.floor(Date.now() / 1000));
  const body = Buffer.isBuffer(req.body) ? req.body.toString('base64') : '';
  const tag = ConditionalGets.tag(stamp, [request.path, rawQuery, options.caller(ctx), req.protocol, options.byHost ? (req.get('host') ?? '') : '', time, req.get('content-type') ?? '', jsonText ?? '', body, ...(endpoint.varyHeaders ?? []).map((h) => req.get(h) ?? '')]);
  const lastModified = conditional.lastModified(tag, stampReadAt);
  const validators = { tag, lastModified, cacheControl: conditional.cacheControl(ctx.isLoggedIn(), params.password !== undefined && params.password !== '') };
  if (ConditionalGets.notModified(req.headers, tag, lastModified)) return { validators, answer: { status: 304, headers: {}, body: null } };
  return { validators, answer: conditional.get(tag) };
}

/** The request defaults (RequestDefault) of the arguments the request left out, merged below what it sent. */
async function defaultsFor<C extends HttpContext>(shape: Record<string, z.ZodType>, params: Record<string, unknown>, ctx: C): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of requestDefaults(shape)) if (params[name] === undefined || params[name] === null) out[name] = await (value as RequestDefault<C>).compute(ctx);
  return out;
}


import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Deadline } from '../db/deadline';
import { CommitOutcomeUnknown } from '../db/faults';
import { defaultsFor, parseArgs, withOwnChecks } from './args';
import { conditionalStep } from './conditional-step';
import { restRoot, type HttpContext } from './context';
import { forbidden, invalidParams, RestError, restError } from './errors';
import { ConditionalGets, type ConditionalOptions } from './conditional';
import type { Limiter } from './limiter';
import { isHttpMethod, mergeParams, parseJsonBody, readInput } from './request-input';
import { renderAnswer, validatorHeaders, writeAnswer, type Validators } from './answer';
import { filterFields, RestResponse, type ResponseHeaders } from './response';
import { routeData } from './route-index';
import { buildRouteTable } from './route-table';
import { RequestLocals, routeMethods, type CompiledRoute, type Endpoint, type HttpMethod, type NamespaceDef, type RestRequest } from './routes';
import { describeType } from './wp-types';
import { embedLinks, embedTarget, parseEmbedParam } from './embed';

/**
 * The REST dispatcher: one pipeline for every route, in WP_REST_Server's order (WP_REST_Server::serve_request(),
 * dispatch()): authentication errors → OPTIONS → route match → JSON body → required args → validation → permission →
 * handler → `_fields`, `_embed` (embed.ts) → headers, `_envelope`.
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
  const { routes, namespaces } = buildRouteTable(options.namespaces);

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
    let answerQuery = input.query;
    // Set once a route matched: rest_send_allow_header() then answers Allow, errors and OPTIONS included.
    let matched: { route: CompiledRoute<C>; request: RestRequest<Record<string, unknown>, C> } | undefined;
    const closed = closedRoutes.filter((r) => r.regex.test(routePath));
    const cors = !closed.some((r) => r.def.cors === false);
    const requestFor = (route: CompiledRoute<C>, params: Record<string, unknown>, args: Record<string, unknown>) => ({
      route,
      request: { method: method as HttpMethod, path: routePath, namespace: route.namespace, args, params, query: input.query, rawQuery, headers: req.headers, files: input.files, body: input.rawBody, ctx, locals: new RequestLocals() },
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
        const request = matched.request;
        request.args = await parsedArgs(found.endpoint, params, request);
        // Same stamp, same inputs, same caller: the same outcome of every step below, which for a tag given is a 200.
        if (conditional && stamp) {
          const early = await conditionalStep(conditional, stamp, stampReadAt, req, request, found.endpoint, rawQuery, input.jsonText);
          validators = early.validators;
          if (early.answer) {
            await writeAnswer(req, res, ctx, early.answer, cors, validatorHeaders(validators));
            return;
          }
        }
        const output = await run(found.endpoint, request, true);
        if (output instanceof RestResponse) {
          result = output.data;
          status = output.status;
          extraHeaders = output.headers;
        } else {
          result = output;
        }
        if (input.query._embed !== undefined && status < 400) {
          // `_fields` narrows the answer before its links are resolved (rest_post_dispatch, then embed_links()).
          if (input.query._fields !== undefined) {
            result = filterFields(result, input.query._fields);
            const { _fields: _done, ...rest } = input.query;
            answerQuery = rest;
          }
          const root = restRoot(await ctx.site());
          result = await embedLinks(result, parseEmbedParam(input.query._embed), (href) => embeddedGet(ctx, root, href));
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
    const answer = renderAnswer(answerQuery, { status, data: result, headers: extraHeaders, allow });
    if (validators && answer.status === 200) {
      // Kept with its Allow header: the route's permission checks ran for this caller, whose identity is in the tag.
      conditional!.keep(validators.tag, answer);
      await writeAnswer(req, res, ctx, answer, cors, validatorHeaders(validators));
    } else {
      await writeAnswer(req, res, ctx, answer, cors);
    }
  }

  /** The arguments of the request, validated and sanitized (defaults merged in first, as WordPress does). */
  async function parsedArgs(endpoint: Endpoint<C>, params: Record<string, unknown>, request: RestRequest<Record<string, unknown>, C>): Promise<Record<string, unknown>> {
    const parsed = parseArgs(endpoint.args, { ...(await defaultsFor(endpoint.args, params, request.ctx)), ...params });
    if (!('error' in parsed)) return parsed.values;
    const validate = endpoint.validate;
    if (!validate) throw parsed.error;
    const sent = Object.fromEntries(Object.keys(endpoint.args).filter((name) => params[name] !== undefined && params[name] !== null).map((name) => [name, params[name]]));
    throw await withOwnChecks(endpoint.args, parsed, () => validate({ ...request, args: sent }));
  }

  /** The endpoint's own checks, the permission callback and the handler; `heavy`: under the bound of heavy requests. */
  async function run(endpoint: Endpoint<C>, request: RestRequest<Record<string, unknown>, C>, heavy: boolean): Promise<unknown> {
    const problems = await endpoint.validate?.(request);
    if (problems && problems.size > 0) throw invalidParams(problems);
    await checkPermission(endpoint, request);
    const handle = () => Promise.resolve(endpoint.handler(request));
    return heavy && endpoint.heavy && options.heavy ? options.heavy.run(handle) : handle();
  }

  /**
   * An embedded link's internal GET (WP_REST_Request::from_url(), dispatch()): as the same caller, `context=embed`
   * and, on a collection, its largest page unless the link says otherwise; the answer's data or its error object.
   * It runs outside the bound of heavy requests, as the request that embeds it already holds a place there.
   */
  async function embeddedGet(ctx: C, root: string, href: string): Promise<unknown> {
    const target = embedTarget(href, root);
    if (!target) return [];
    try {
      const found = match(target.route, 'GET');
      // A route the service does not serve (WordPress's comments): nothing, rather than an error the site would not give.
      if (!('endpoint' in found)) return [];
      const query: Record<string, unknown> = { ...target.query };
      if (query.context === undefined || query.context === '') query.context = 'embed';
      const perPage = found.endpoint.args.per_page as z.ZodType | undefined;
      const maximum = perPage ? describeType(perPage).maximum : undefined;
      if ((query.per_page === undefined || query.per_page === '') && maximum !== undefined) query.per_page = maximum;
      const params = mergeParams({ json: {}, body: {}, query, url: found.urlParams });
      const request: RestRequest<Record<string, unknown>, C> = { method: 'GET', path: target.route, namespace: found.route.namespace, args: params, params, query, headers: {}, ctx, locals: new RequestLocals() };
      request.args = await parsedArgs(found.endpoint, params, request);
      const output = await run(found.endpoint, request, false);
      return output instanceof RestResponse ? output.data : output;
    } catch (error) {
      const known = error instanceof RestError ? error : options.classifyError?.(error);
      if (!known) ctx.log.error({ err: error, requestId: ctx.requestId, href }, 'cannot embed a link');
      return (known ?? restError('internal_server_error')).toJSON();
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

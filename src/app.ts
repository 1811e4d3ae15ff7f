import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { createContext, type AppContext, type Clock } from './app-context';
import { authenticationIndex, createAuthenticator } from './auth/authenticate';
import { frontEndPages, notFoundPage } from './calendar/front-end/router';
import { FeedCache } from './calendar/front-end/feed-cache';
import { ALIAS_NAMESPACE, PRIMARY_NAMESPACE } from './calendar/registry/identifiers';
import { CALENDAR_STAMP_FAMILIES } from './calendar/data/stamp-families';
import { calendarNamespace } from './calendar/namespace';
import { wpV2SearchRoute } from './calendar/wp-v2/search-route';
import { wpV2MediaRoutes } from './calendar/wp-v2/media-routes';
import { wpV2PostRoutes } from './calendar/wp-v2/post-routes';
import { wpV2Namespace } from './wp-rest/wp-v2-namespace';
import { TEC_NAMESPACE, tecNamespace } from './calendar/tec/namespace';
import { calendarWpV2Registrations } from './calendar/wp-v2/calendar-registrations';
import type { CalendarRegistry } from './calendar/registry/calendar-registry';
import { CALENDAR_REGISTRY } from './calendar/registry/post-types';
import type { Database } from './db/database';
import { isDatabaseUnavailable } from './db/database';
import { type Deadline, DeadlineExceeded } from './db/deadline';
import { restError, type RestError } from './http/errors';
import { createLimiter, LimiterBusy } from './http/limiter';
import { restRouteOf } from './http/rest-route';
import type { RequestRoute } from './db/read-routing';
import { healthz, readyz } from './http/health';
import type { Metrics } from './metrics/metrics';
import { requestFrame, sendRestError } from './http/request-frame';
import { apiBrowser, API_BROWSER_PATH } from './http/api-browser';
import { readProtocolThroughTrustedProxies, remoteAddress } from './http/forwarded';
import { createRestServer, type RestServer } from './http/rest-server';
import type { NamespaceDef } from './http/routes';
import { createLogger } from './logging';
import { WpData } from './wp/wp-handle';
import type { OptionsAndTables } from './wp/options';
import { StampedCache } from './db/stamped-cache';
import type { MediaSettings } from './media/uploads';
import { serveUploads } from './media/serve-uploads';

/**
 * createApp(deps) builds the whole service around the dependencies it is given. It keeps no module-level
 * state, so several apps on several databases can live in one process.
 */

export interface AppDeps {
  db: Database;
  /** WordPress table prefix ($table_prefix), default `wp_`. */
  tablePrefix?: string;
  /** Overrides the `home` and `siteurl` options for every URL the service writes (links, images, discovery). */
  siteUrl?: string;
  /**
   * Without `siteUrl`: the site's URLs follow the URL each request came in on (its scheme and host), for a database
   * the service created, whose stored URL only says where it was first served (main.ts decides).
   */
  siteUrlFromRequest?: boolean;
  clock?: Clock;
  logger?: Logger;
  /**
   * Keep event lists' totals and rendered pages under the database's change stamp until the next commit
   * (stamped-cache.ts; default true). Off, every list counts and renders its page.
   */
  listCache?: boolean;
  /**
   * Keep the objects of list pages and single-post routes under the change stamp, by viewer and id (default true):
   * a list the list cache cannot answer (its first request after a commit, another window over the same events)
   * renders only the events not kept. The rows reads address (keptRows) and the site's options go with them.
   * Independent of listCache.
   */
  objectCache?: boolean;
  /** `s-maxage` of anonymous public GET answers (default 0: a shared cache revalidates every time). */
  cacheSMaxAge?: number;
  /** Largest accepted request body in bytes (default 10 MiB). */
  bodyLimit?: number;
  /**
   * Express `trust proxy` setting, deciding whose X-Forwarded-* headers count (default: loopback): true, false, a hop
   * count, or addresses and ranges. The client's scheme is read through the same proxies (http/forwarded.ts).
   */
  trustProxy?: boolean | number | string | string[];
  /** Accept application passwords only over HTTPS, as WordPress does (default: plain HTTP is accepted too). */
  requireHttps?: boolean;
  /** Image downloads (`image` given as a URL) and the uploads folder served at /wp-content/uploads/. */
  media?: MediaSettings;
  /** The calendar's post types and taxonomies (default: The Events Calendar's, CALENDAR_REGISTRY). */
  registry?: CalendarRegistry;
  /** More REST namespaces to serve, the way a WordPress plugin registers its own routes. */
  extraNamespaces?: Array<NamespaceDef<AppContext>>;
  /** A request not answered within this many ms gets a 503 (default 30 s; 0 disables). */
  requestTimeoutMs?: number;
  /** Heavy requests (archive lists) running at once (default 4), and how long one may wait for a turn (10 s). */
  heavyConcurrency?: number;
  heavyQueueMs?: number;
  /**
   * Name the databases that answered a request in its `X-Database` response header (DATABASE_HEADER=1; default off:
   * which replica answered is the operator's business, not every client's; the request's log line always has it).
   */
  databaseHeader?: boolean;
  /** Prometheus metrics to record requests into (served on METRICS_PORT by the process entry). */
  metrics?: Metrics;
}

/** The namespaces that carry a /doc, browsable at API_BROWSER_PATH. */
const CALENDAR_NAMESPACES = [PRIMARY_NAMESPACE, ALIAS_NAMESPACE];

/** The namespaces whose answers are made of the calendar's rows alone: tribe/events/v1 (both names) and tec/v1. */
const CALENDAR_STAMPED = [...CALENDAR_NAMESPACES, TEC_NAMESPACE];

/**
 * The families of rows (src/wp/change-stamps.ts) whose stamp vouches for the answers of a REST path: the
 * calendar's for its namespaces, every family for any other path (the index lists every route, wp/v2 shows
 * revisions too).
 */
function stampFamiliesOf(path: string): readonly string[] | undefined {
  const lower = path.toLowerCase();
  return CALENDAR_STAMPED.some((ns) => lower === `/${ns}` || lower.startsWith(`/${ns}/`)) ? CALENDAR_STAMP_FAMILIES : undefined;
}

export function createApp(deps: AppDeps): express.Express {
  const prefix = deps.tablePrefix ?? 'wp_';
  const clock = deps.clock ?? (() => new Date());
  const log = deps.logger ?? createLogger('silent');
  const wp = WpData.open(deps.db, prefix);
  const registry = deps.registry ?? CALENDAR_REGISTRY;
  const authOptions = { requireHttps: deps.requireHttps ?? false };
  const describeAuthentication = authenticationIndex(authOptions);
  const warned = new Set<string>();
  // At most 128 pages of up to 50 events (some kilobytes each) per app.
  const listPages = deps.listCache === false ? undefined : new StampedCache<ReadonlyArray<Record<string, unknown>>>(128);
  // At most 4,096 objects (some kilobytes each): a calendar's busy months for a few kinds of viewer.
  const objects = deps.objectCache === false ? undefined : new StampedCache<Record<string, unknown>>(4096);
  const siteRows = deps.objectCache === false ? undefined : new StampedCache<OptionsAndTables>(8);
  // Addressed posts and the terms of list filters: a row or a few each.
  const rows = deps.objectCache === false ? undefined : new StampedCache<unknown>(1024);

  const contextFor = (req: Request): AppContext =>
    createContext({
      requestId: String(req.res?.locals.requestId ?? randomUUID()),
      log,
      wp: wp.withDeadline(req.res?.locals.deadline as Deadline | undefined),
      registry,
      clock,
      homeOverride: deps.siteUrl ?? (deps.siteUrlFromRequest && req.host ? `${req.protocol}://${req.host}` : undefined),
      remote: { ip: remoteAddress(req), secure: req.secure },
      authenticationIndex: describeAuthentication,
      media: deps.media,
      warned,
      pages: listPages,
      objects,
      rows,
      siteRows,
    });

  // Failures that are not bugs: the database is down or busy, or too many lists are running.
  const classifyError = (error: unknown): RestError | undefined => {
    if (isDatabaseUnavailable(deps.db, error)) return restError('db_unavailable');
    if (error instanceof LimiterBusy) return restError('rest_server_busy');
    if (error instanceof DeadlineExceeded) return restError('rest_request_timeout');
    return undefined;
  };
  const rest = createRestServer<AppContext>({
    namespaces: [calendarNamespace(registry), tecNamespace(registry), wpV2Namespace(calendarWpV2Registrations(registry), [...wpV2MediaRoutes(), ...wpV2PostRoutes(registry)], wpV2SearchRoute()), ...(deps.extraNamespaces ?? [])],
    createContext: contextFor,
    authenticate: createAuthenticator(authOptions),
    classifyError,
    heavy: createLimiter(deps.heavyConcurrency ?? 4, deps.heavyQueueMs ?? 10_000),
    conditional: {
      stamp: (ctx, path) => ctx.changeStamp(stampFamiliesOf(path)),
      caller: (ctx) => `${ctx.principal.userId}:${ctx.principal.roles.join(',')}:${JSON.stringify(ctx.principal.caps)}`,
      byHost: deps.siteUrlFromRequest === true && deps.siteUrl === undefined,
      sMaxAge: deps.cacheSMaxAge ?? 0,
      keep: deps.listCache === false ? 0 : 256,
    },
    deadlineOf: (res) => res.locals.deadline as Deadline | undefined,
  });

  const app = express();
  app.locals[REST_SERVER] = rest;
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? 'loopback');
  readProtocolThroughTrustedProxies(app);
  // Query strings are decoded by the REST layer the way PHP does; Express must not pre-parse them.
  app.set('query parser', false);

  const routing = deps.db.routing;
  app.use(requestFrame({ log, metrics: deps.metrics, routing: routing !== undefined, databaseHeader: deps.databaseHeader === true, timeoutMs: deps.requestTimeoutMs ?? 30_000 }));

  app.get('/healthz', healthz);
  app.get('/readyz', readyz(deps.db, prefix, log));

  // Statements of one request are routed together (read-routing.ts): entered here, after the body is read.
  const routed = (response: Response, work: () => void): void => {
    const route = response.locals.dbRoute as RequestRoute | undefined;
    if (routing && route) routing.run(route, work);
    else work();
  };

  const readBody = express.raw({ type: () => true, limit: deps.bodyLimit ?? 10 * 1024 * 1024 });
  app.use((req, response, next) => {
    const route = restRouteOf(req);
    if (route === null) return next();
    if (typeof route !== 'string') return sendRestError(response, 'rest_path_invalid_type');
    readBody(req, response, (err?: unknown) => {
      if (err) return next(err);
      routed(response, () => void rest.serve(req, response, route).catch(next));
    });
  });

  app.use(API_BROWSER_PATH, apiBrowser(CALENDAR_NAMESPACES.map((ns) => ({ name: ns, url: `../wp-json/${ns}/doc` }))));
  // Imported images, where WordPress serves its uploads; nothing else of the folder (no index, no dotfiles).
  if (deps.media) app.use('/wp-content/uploads', serveUploads(deps.media.uploadsDir));
  const pages = frontEndPages(contextFor, deps.listCache === false ? undefined : { cache: new FeedCache(), byHost: deps.siteUrlFromRequest === true && deps.siteUrl === undefined });
  app.use((req, response, next) => routed(response, () => void Promise.resolve(pages(req, response, next)).catch(next)));

  // Any other path is WordPress's 404 page, whatever the method.
  const notFound = notFoundPage(contextFor);
  app.use((req, response, next) => routed(response, () => void Promise.resolve(notFound(req, response, next)).catch(next)));

  // Errors outside the REST pipeline (an oversized or unreadable body) still answer in WordPress's shape.
  app.use((err: unknown, req: Request, response: Response, _next: NextFunction) => {
    if (response.headersSent) return;
    const { type, status } = err as { type?: string; status?: unknown };
    if (type === 'entity.too.large') return sendRestError(response, 'rest_request_too_large');
    if (type === 'request.aborted') return;
    if (type === 'encoding.unsupported') return sendRestError(response, 'rest_unsupported_encoding');
    // body-parser marks what the client sent wrong (a corrupt gzip stream, a short body) with a 4xx status.
    if (typeof status === 'number' && status >= 400 && status < 500) return sendRestError(response, 'rest_invalid_body');
    const known = classifyError(err);
    if (known) {
      log.warn({ err, requestId: response.locals.requestId, path: req.originalUrl, code: known.code }, 'request failed');
      return sendRestError(response, known);
    }
    log.error({ err, requestId: response.locals.requestId, path: req.originalUrl }, 'unhandled error');
    sendRestError(response, 'internal_server_error');
  });

  return app;
}

const REST_SERVER = 'restServer';

/** The REST server of an app made by createApp: its compiled route table is what the index and /doc list. */
export function restServerOf(app: express.Express): RestServer<AppContext> {
  return app.locals[REST_SERVER] as RestServer<AppContext>;
}

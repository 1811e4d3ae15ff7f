import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { createContext, type AppContext, type Clock } from './app-context';
import { authenticationIndex, createAuthenticator } from './auth/authenticate';
import { frontEndPages } from './calendar/front-end/router';
import { ALIAS_NAMESPACE, PRIMARY_NAMESPACE } from './calendar/identifiers';
import { calendarNamespace } from './calendar/namespace';
import type { Database } from './db/database';
import { restError } from './http/errors';
import { phpJsonEncode } from './http/response';
import { apiBrowser, API_BROWSER_PATH } from './http/api-browser';
import { createRestServer, type RestServer } from './http/rest-server';
import type { NamespaceDef } from './http/routes';
import { createLogger } from './logging';
import { WpData } from './wp/wp-data';
import type { MediaSettings } from './media/uploads';

/**
 * createApp(deps) builds the whole service around the dependencies it is given. It keeps no module-level
 * state, so several apps on several databases can live in one process.
 */

export interface AppDeps {
  db: Database;
  /** WordPress table prefix ($table_prefix), default `wp_`. */
  tablePrefix?: string;
  /** Overrides the `home` option for every URL the service writes. */
  siteUrl?: string;
  clock?: Clock;
  logger?: Logger;
  /** Largest accepted request body in bytes (default 10 MiB). */
  bodyLimit?: number;
  /** Express `trust proxy` setting, deciding whose X-Forwarded-* headers count (default: loopback). */
  trustProxy?: string | boolean;
  /** Accept application passwords only over HTTPS, as WordPress does (default: plain HTTP is accepted too). */
  requireHttps?: boolean;
  /** Image downloads (`image` given as a URL) and the uploads folder served at /wp-content/uploads/. */
  media?: MediaSettings;
  /** More REST namespaces to serve, the way a WordPress plugin registers its own routes. */
  extraNamespaces?: Array<NamespaceDef<AppContext>>;
}

/** The namespaces that carry a /doc, browsable at API_BROWSER_PATH. */
const CALENDAR_NAMESPACES = [PRIMARY_NAMESPACE, ALIAS_NAMESPACE];

export function createApp(deps: AppDeps): express.Express {
  const prefix = deps.tablePrefix ?? 'wp_';
  const clock = deps.clock ?? (() => new Date());
  const log = deps.logger ?? createLogger('silent');
  const wp = WpData.open(deps.db, prefix);
  const authOptions = { requireHttps: deps.requireHttps ?? false };
  const describeAuthentication = authenticationIndex(authOptions);

  const contextFor = (req: Request): AppContext =>
    createContext({
      requestId: String(req.res?.locals.requestId ?? randomUUID()),
      log,
      wp,
      clock,
      homeOverride: deps.siteUrl,
      remote: { ip: remoteAddress(req), secure: req.secure },
      authenticationIndex: describeAuthentication,
      media: deps.media,
    });

  const rest = createRestServer<AppContext>({
    namespaces: [calendarNamespace(), ...(deps.extraNamespaces ?? [])],
    createContext: contextFor,
    authenticate: createAuthenticator(authOptions),
  });

  const app = express();
  app.locals[REST_SERVER] = rest;
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? 'loopback');
  // Query strings are decoded by the REST layer the way PHP does; Express must not pre-parse them.
  app.set('query parser', false);

  app.use((req, response, next) => {
    const requestId = req.get('x-request-id') || randomUUID();
    response.locals.requestId = requestId;
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info({ requestId, method: req.method, path: req.originalUrl, status: response.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  });

  const readBody = express.raw({ type: () => true, limit: deps.bodyLimit ?? 10 * 1024 * 1024 });
  app.use((req, response, next) => {
    const route = restRouteOf(req);
    if (route === null) return next();
    if (typeof route !== 'string') return sendRestError(response, 'rest_path_invalid_type');
    readBody(req, response, (err?: unknown) => {
      if (err) return next(err);
      rest.serve(req, response, route).catch(next);
    });
  });

  app.use(API_BROWSER_PATH, apiBrowser(CALENDAR_NAMESPACES.map((ns) => ({ name: ns, url: `../wp-json/${ns}/doc` }))));
  // Imported images, where WordPress serves its uploads; nothing else of the folder (no index, no dotfiles).
  if (deps.media) app.use('/wp-content/uploads', express.static(deps.media.uploadsDir, { index: false, dotfiles: 'ignore', fallthrough: true }));
  app.use(frontEndPages(contextFor));

  app.use((_req, response) => {
    response.status(404).type('text/plain').send('Not Found');
  });

  // Errors outside the REST pipeline (an oversized or unreadable body) still answer in WordPress's shape.
  app.use((err: unknown, req: Request, response: Response, _next: NextFunction) => {
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') return sendRestError(response, 'rest_request_too_large');
    if (type === 'request.aborted') return;
    log.error({ err, requestId: response.locals.requestId, path: req.originalUrl }, 'unhandled error');
    if (!response.headersSent) sendRestError(response, 'internal_server_error');
  });

  return app;
}

/** REMOTE_ADDR as PHP reports it: an IPv4 peer on a dual-stack socket is plain IPv4, not `::ffff:a.b.c.d`. */
function remoteAddress(req: Request): string {
  const ip = req.ip ?? '';
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip;
}

const REST_SERVER = 'restServer';

/** The REST server of an app made by createApp: its compiled route table is what the index and /doc list. */
export function restServerOf(app: express.Express): RestServer<AppContext> {
  return app.locals[REST_SERVER] as RestServer<AppContext>;
}

function sendRestError(response: Response, code: 'rest_path_invalid_type' | 'rest_request_too_large' | 'internal_server_error'): void {
  const error = restError(code);
  response.status(error.status);
  response.setHeader('Content-Type', 'application/json; charset=UTF-8');
  response.end(phpJsonEncode(error.toJSON()));
}

/**
 * The REST route a request asks for: `/wp-json/<route>` (pretty permalinks) or `?rest_route=<route>` (plain),
 * with the trailing slash removed and `/` for the index. Null when the request is not for the REST API;
 * a non-string value when `rest_route` is not a string.
 */
export function restRouteOf(req: Request): string | null | { invalid: true } {
  const path = req.path;
  const m = /^\/(?:index\.php\/)?wp-json(\/.*)?$/.exec(path);
  if (m) return normaliseRoute(safeDecode(m[1] ?? '/'));
  if (path === '/' || path === '/index.php') {
    const query = req.originalUrl.includes('?') ? new URLSearchParams(req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)) : null;
    if (!query) return null;
    const keys = [...query.keys()];
    if (keys.some((k) => /^rest_route\[/.test(k))) return { invalid: true };
    const value = query.get('rest_route');
    if (value !== null) return normaliseRoute(value.startsWith('/') ? value : `/${value}`);
  }
  return null;
}

/** WordPress hands the router a percent-decoded route (the rewrite result goes through parse_str). */
function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function normaliseRoute(raw: string): string {
  const route = raw.replace(/\/+$/, '');
  return route === '' ? '/' : route;
}

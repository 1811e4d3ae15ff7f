import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { Deadline } from '../db/deadline';
import { newRoute, type RequestRoute } from '../db/read-routing';
import type { Metrics } from '../metrics/metrics';
import { API_BROWSER_PATH } from './api-browser';
import { restError, type RestError } from './errors';
import { HEALTH_PATHS } from './health';
import { phpJsonEncode } from './response';
import { restRouteOf } from './rest-route';

/**
 * What every request of the app gets before anything answers it: its id, its log line and metrics when it finishes,
 * its database route (read-routing.ts) and its deadline.
 */

export interface RequestFrameOptions {
  log: Logger;
  metrics?: Metrics;
  /** The database routes reads (replicas): each request carries its route. */
  routing: boolean;
  /** Name the databases that answered in the `X-Database` header. */
  databaseHeader: boolean;
  /** 0: no deadline. */
  timeoutMs: number;
}

export function requestFrame({ log, metrics, routing, databaseHeader, timeoutMs }: RequestFrameOptions): RequestHandler {
  return (req, response, next) => {
    const requestId = req.get('x-request-id') || randomUUID();
    response.locals.requestId = requestId;
    const started = process.hrtime.bigint();
    const route = routing ? keepRoute(response, newRoute(req.method), databaseHeader) : undefined;
    // Probes come every few seconds: they are logged at debug, never at info.
    const level = HEALTH_PATHS.has(req.path) ? 'debug' : 'info';
    response.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics?.observeRequest(req.method, routeLabel(req, response), response.statusCode, seconds);
      const db = route && route.used.size > 0 ? [...route.used].join(', ') : undefined;
      log[level]({ requestId, method: req.method, path: req.originalUrl, status: response.statusCode, ms: Math.round(seconds * 1e4) / 10, db }, 'request');
    });
    // A bounded answer time. A read still running at the deadline is answered 503 and its own answer dropped; a
    // write under way is not: it is rolled back at its next statement and its handler answers. Once a COMMIT of the
    // request went out, only its outcome answers (db/database.ts), so a 503 always means that nothing was stored.
    if (timeoutMs > 0) {
      const deadline = Deadline.after(timeoutMs);
      response.locals.deadline = deadline;
      const timer = setTimeout(() => {
        deadline.expire();
        if (!response.headersSent && !deadline.inWrite && !deadline.commitSent) sendRestError(response, 'rest_request_timeout');
      }, timeoutMs);
      response.on('close', () => clearTimeout(timer));
    }
    next();
  };
}

/**
 * Keeps the request's route state and, when asked for, names the databases that answered in the `X-Database` header
 * (`replica-1`, `primary`, or both in the order used), set just before the headers go out.
 */
function keepRoute(response: Response, route: RequestRoute, header: boolean): RequestRoute {
  response.locals.dbRoute = route;
  if (!header) return route;
  const writeHead = response.writeHead;
  response.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (route.used.size > 0 && !this.headersSent) this.setHeader('X-Database', [...route.used].join(', '));
    return writeHead.apply(this, args);
  } as Response['writeHead'];
  return route;
}

/** The metrics' route label: the REST route's pattern, or the kind of page; never the raw URL. */
function routeLabel(req: Request, response: Response): string {
  const pattern = response.locals.routePattern as string | undefined;
  if (pattern) return pattern;
  if (HEALTH_PATHS.has(req.path)) return req.path;
  if (req.path.startsWith(API_BROWSER_PATH)) return API_BROWSER_PATH;
  if (restRouteOf(req) !== null) return 'rest_no_route';
  return response.statusCode === 404 ? 'not_found' : 'front_end';
}

type TransportError = 'rest_path_invalid_type' | 'rest_request_too_large' | 'rest_unsupported_encoding' | 'rest_invalid_body' | 'rest_request_timeout' | 'internal_server_error';

export function sendRestError(response: Response, code: TransportError | RestError): void {
  const error = typeof code === 'string' ? restError(code) : code;
  response.status(error.status);
  response.setHeader('Content-Type', 'application/json; charset=UTF-8');
  response.end(phpJsonEncode(error.toJSON()));
}

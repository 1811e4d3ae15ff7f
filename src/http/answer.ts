import type { Request, Response } from 'express';
import type { RenderedAnswer } from './conditional';
import { restRoot, type HttpContext } from './context';
import { restError } from './errors';
import { baseHeaders, envelope, filterFields, phpJsonEncode, type ResponseHeaders } from './response';

/**
 * How a REST answer is sent: rendered once (renderAnswer: `_fields`, `_envelope`, `_jsonp`, the JSON text) into
 * what may be kept (conditional.ts), then written with the headers every answer gets (writeAnswer).
 */

/** ETag, Last-Modified and (for anonymous callers) Cache-Control of an answer vouched for by the stamp. */
export interface Validators {
  tag: string;
  lastModified?: Date;
  cacheControl?: string;
}

export function validatorHeaders(v: Validators): ResponseHeaders {
  return { ETag: v.tag, ...(v.lastModified ? { 'Last-Modified': v.lastModified.toUTCString() } : {}), ...(v.cacheControl ? { 'Cache-Control': v.cacheControl } : {}) };
}

/** The answer as it is sent, but for the headers every answer gets (renderAnswer, then writeAnswer). */
export function renderAnswer(query: Record<string, unknown>, out: { status: number; data: unknown; headers: ResponseHeaders; allow?: string[] }): RenderedAnswer {
  // The response's own headers (the handler's, then Allow); with `_envelope` they go into the body instead.
  const own: ResponseHeaders = { ...out.headers };
  if (out.allow && out.allow.length > 0) own.Allow = out.allow.join(', ');
  const headers: ResponseHeaders = {};
  let data = out.data;
  let status = out.status;
  if (query._fields !== undefined && status < 400) data = filterFields(data, query._fields);
  if (query._envelope !== undefined) {
    data = envelope(data, status, own);
    status = 200;
  } else {
    Object.assign(headers, own);
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
  return { status, headers, body: status === 204 || data === null ? null : body };
}

export async function writeAnswer<C extends HttpContext>(req: Request, res: Response, ctx: C, answer: RenderedAnswer, cors: boolean, validators: ResponseHeaders = {}): Promise<void> {
  // The request timed out (or the client left) while the handler ran: its answer has nowhere to go.
  if (res.headersSent || res.writableEnded) return;
  let root: string;
  try {
    root = restRoot(await ctx.site());
  } catch (error) {
    ctx.log.error({ err: error, requestId: ctx.requestId }, 'cannot read site options');
    root = `${req.protocol}://${req.get('host') ?? 'localhost'}/wp-json/`;
  }
  const headers: ResponseHeaders = { ...baseHeaders({ restRoot: root, origin: req.get('origin'), loggedIn: ctx.isLoggedIn(), method: req.method, cors }), ...answer.headers, ...validators };
  if (res.headersSent || res.writableEnded) return;
  res.status(answer.status);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('X-Request-Id', ctx.requestId);
  if (answer.body === null || answer.status === 304) res.end();
  else res.end(answer.body);
}

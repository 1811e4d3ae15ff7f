import type { Request } from 'express';
import type { Validators } from './answer';
import { ConditionalGets, type RenderedAnswer } from './conditional';
import type { HttpContext } from './context';
import type { Endpoint, RestRequest } from './routes';

/**
 * The validators of a GET the stamp vouches for, and the answer already known for them: a 304 when the client's
 * copy is it, the kept answer when there is one.
 */
export async function conditionalStep<C extends HttpContext>(
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


import type { TLSSocket } from 'node:tls';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';
import { restError, type RestError } from '../http/errors';
import { isJsonContentType } from '../http/request-input';

/**
 * What the test double's reset route trusts: only a program on this machine talking to the service directly. A web
 * page open in a browser on the same machine can reach a loopback port too, so the route also refuses what a page can
 * send: another origin, a name other than a loopback one in Host (DNS rebinding), and "simple" requests (a form or
 * text body, a bodiless POST), which a browser sends without asking the server first. It never trusts a proxy: the
 * socket's peer decides, and a request carrying any forwarding header is refused whatever the trust-proxy setting.
 */

/** The header a client may send instead of a JSON body: no web page can send it without a CORS preflight. */
const RESET_HEADER = 'X-Test-Double';

/** Headers proxies add to say whom they forward (X-Forwarded-*, RFC 7239 Forwarded, Via and the vendors' own). */
const FORWARDING_HEADERS = new Set(['forwarded', 'via', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'fastly-client-ip', 'x-cluster-client-ip', 'x-original-forwarded-for']);
const isForwardingHeader = (name: string): boolean => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.has(name);

/** A loopback address (127.0.0.0/8, ::1, ::ffff:127.x.y.z), as the socket reports it. */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/** A Host header naming this machine: `localhost`, a 127.0.0.0/8 address or `[::1]`, with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host || !/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return false;
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || (ipaddr.isValid(name) && /^[0-9a-f:.]+$/.test(name) && isLoopbackAddress(name));
}

/** The origin a page served by this service at the request's Host has: the only origin the route answers. */
function ownOrigin(req: Request): string | undefined {
  const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  try {
    return new URL(`${scheme}://${req.headers.host}`).origin;
  } catch {
    return undefined;
  }
}

function crossOrigin(req: Request): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(req)) return true;
  // Sent by browsers with every request; `none` is a typed URL or a bookmark, not a page.
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/** A request no browser sends without a preflight: a JSON body, or the route's own header. */
function preflighted(req: Request): boolean {
  return isJsonContentType(req.headers['content-type']) || Boolean(req.get(RESET_HEADER));
}

/** The refusal for a request the route must not answer, or undefined. */
export function resetGuard(req: Request): RestError | undefined {
  if (Object.keys(req.headers).some(isForwardingHeader)) return restError('rest_test_double_forwarded');
  if (!isLoopbackAddress(req.socket.remoteAddress)) return restError('rest_test_double_forbidden');
  if (!isLoopbackHost(req.headers.host)) return restError('rest_test_double_host');
  if (crossOrigin(req)) return restError('rest_test_double_cross_origin');
  if (!preflighted(req)) return restError('rest_test_double_simple_request');
  return undefined;
}

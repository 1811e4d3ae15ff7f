import type { Request } from 'express';

/**
 * The REST route a request asks for: `/wp-json/<route>` (pretty permalinks) or `?rest_route=<route>` (plain),
 * with the trailing slash removed and `/` for the index. Null when the request is not for the REST API;
 * a non-string value when `rest_route` is not a string.
 */
export function restRouteOf(req: Request): string | null | { invalid: true } {
  const path = req.path;
  // WordPress finds the REST prefix after any run of slashes, and its route with every run of slashes made one (a
  // percent-encoded slash included): `//wp-json//tribe/events/v1/events/` is the events route.
  const m = /^\/+(?:index\.php\/+)?wp-json(\/.*)?$/.exec(path);
  if (m) return normaliseRoute(safeDecode(m[1] ?? '/').replace(/\/{2,}/g, '/'));
  if (/^\/+(?:index\.php)?$/.test(path)) {
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

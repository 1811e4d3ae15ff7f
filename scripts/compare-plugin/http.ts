/**
 * The two sides of the comparison: the real plugin (php -S) and the service, each reached over HTTP with the
 * same request; callers are anonymous, an author or an administrator (application passwords, valid on both
 * because both read the same usermeta).
 */

export type Caller = 'anon' | 'author' | 'admin';

export interface Exchange {
  name: string;
  method: string;
  /** Path after `/wp-json` (or a full `?rest_route=` form when it starts with `?`). */
  path: string;
  /** Sent as it is after the site's root instead of `path` (runs of slashes, pages outside the API). */
  rawPath?: string;
  as: Caller;
  body?: unknown;
  /** Raw body with its content type, for form or broken JSON requests. */
  raw?: { type: string; data: string };
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Side {
  base: string;
  auth: Record<Caller, string | undefined>;
}

export async function send(side: Side, x: Exchange): Promise<Answer> {
  const url = x.rawPath !== undefined ? `${side.base}${x.rawPath}` : x.path.startsWith('?') ? `${side.base}/${x.path}` : `${side.base}/wp-json${x.path}`;
  const headers: Record<string, string> = { ...(x.headers ?? {}) };
  const credentials = side.auth[x.as];
  if (credentials) headers.Authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  let body: string | undefined;
  if (x.raw) {
    headers['Content-Type'] = x.raw.type;
    body = x.raw.data;
  } else if (x.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(x.body);
  }
  const res = await fetch(url, { method: x.method, headers, body, redirect: 'manual' });
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return { status: res.status, headers: out, body: x.method === 'HEAD' ? '' : await res.text() };
}

/** A JSON request to one side that must succeed; returns the parsed body. */
export async function call(side: Side, as: Caller, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await send(side, { name: path, method, path, as, body });
  if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status} ${answer.body.slice(0, 300)}`);
  return answer.body ? JSON.parse(answer.body) : null;
}

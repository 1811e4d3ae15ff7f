/**
 * Requests to `tec/v1` as any WordPress role: the plugin refuses every call of that namespace that lacks its
 * acknowledgement header (`X-TEC-EEA`), so a request sends the right header unless the exchange says otherwise.
 */

export const NS = '/tec/v1';

/** The sentence the plugin compares (lower-cased and trimmed) with the `X-TEC-EEA` header. */
export const EEA =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

export const ROLES = ['subscriber', 'contributor', 'author', 'editor', 'administrator'] as const;
/** Who sends a request: nobody, a user of each role, the second administrator (user 1), or a wrong password. */
export type TecCaller = 'anon' | (typeof ROLES)[number] | 'admin1' | 'badauth';

export interface TecExchange {
  name: string;
  method: string;
  /** Path after `/wp-json` (or a `?rest_route=` form when it starts with `?`). */
  path: string;
  as: TecCaller;
  body?: unknown;
  /** A raw body with its content type (broken JSON, form bodies). */
  raw?: { type: string; data: string };
  /** The acknowledgement header: the right one by default, `null` for none, or the exact value to send. */
  eea?: string | null;
}

export interface TecAnswer {
  status: number;
  /** The plugin's `Date` header: the clock its defaults and `is_past`/`is_now` were computed from. */
  date: string;
  headers: Record<string, string>;
  body: string;
}

/** The headers a client relies on; the rest is transport (Date, Host, Connection, X-Powered-By). */
export const KEPT_HEADERS = ['x-wp-total', 'x-wp-totalpages', 'link', 'allow', 'content-type', 'location'];

export async function sendTec(base: string, credentials: string | undefined, x: TecExchange): Promise<TecAnswer> {
  const url = x.path.startsWith('?') ? `${base}/${x.path}` : `${base}/wp-json${x.path}`;
  const headers: Record<string, string> = {};
  const eea = x.eea === undefined ? EEA : x.eea;
  if (eea !== null) headers['X-TEC-EEA'] = eea;
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
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) kept[name] = value;
  }
  const date = res.headers.get('date');
  return { status: res.status, date: date ? new Date(date).toISOString() : '', headers: kept, body: x.method === 'HEAD' ? '' : await res.text() };
}

/** The REST index with only its `tec/v1` routes (the rest is WordPress's and other plugins'). */
export function tecPartOfIndex(body: string): string {
  const index = JSON.parse(body) as Record<string, unknown> & { routes: Record<string, unknown> };
  const routes = Object.fromEntries(Object.entries(index.routes).filter(([p]) => p === NS || p.startsWith(`${NS}/`)));
  return JSON.stringify({ ...index, routes });
}

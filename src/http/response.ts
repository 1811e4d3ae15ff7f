/**
 * Responses as WP_REST_Server::serve_request sends them: PHP json_encode() byte form, the global query
 * parameters `_fields`, `_envelope` and `_pretty`, and the headers every REST response carries.
 */

/** A handler may return plain data (200) or a RestResponse to set the status and headers. */
export class RestResponse {
  constructor(
    public data: unknown,
    public status = 200,
    public headers: Record<string, string | string[]> = {},
  ) {}
}

/** json_encode() with PHP's default flags: `/` escaped as `\/`, every non-ASCII character as `\uXXXX`. */
export function phpJsonEncode(value: unknown, pretty = false): string {
  const json = JSON.stringify(value, null, pretty ? 4 : undefined) ?? 'null';
  return json.replace(/\//g, '\\/').replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** rest_filter_response_fields(): `_fields=a,b.c` keeps only those keys (per item for lists). */
export function filterFields(data: unknown, fields: unknown): unknown {
  const list = (Array.isArray(fields) ? fields : typeof fields === 'string' ? fields.split(/[\s,]+/) : [])
    .map(String)
    .filter(Boolean);
  if (list.length === 0 || data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) return data.map((item) => filterFields(item, list));
  const tree = new Map<string, string[]>();
  for (const field of list) {
    const [head, ...rest] = field.split('.');
    const nested = tree.get(head!) ?? [];
    if (rest.length > 0) nested.push(rest.join('.'));
    else nested.push('');
    tree.set(head!, nested);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const nested = tree.get(key);
    if (!nested) continue;
    out[key] = nested.includes('') ? value : filterFields(value, nested);
  }
  return out;
}

export interface BaseHeaderOptions {
  restRoot: string;
  origin: string | undefined;
  loggedIn: boolean;
  method: string;
}

/** Headers of every REST response (WP_REST_Server::serve_request(), rest_send_allow_header()). */
export function baseHeaders(o: BaseHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=UTF-8',
    'X-Robots-Tag': 'noindex',
    Link: `<${o.restRoot}>; rel="https://api.w.org/"`,
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
    'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
  };
  if (o.origin !== undefined) {
    headers['Access-Control-Allow-Origin'] = o.origin;
    headers['Access-Control-Allow-Methods'] = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';
    headers['Access-Control-Allow-Credentials'] = 'true';
    headers.Vary = 'Origin';
  } else if (!o.loggedIn && (o.method === 'GET' || o.method === 'HEAD')) {
    headers.Vary = 'Origin';
  }
  if (o.loggedIn) {
    headers.Expires = 'Wed, 11 Jan 1984 05:00:00 GMT';
    headers['Cache-Control'] = 'no-cache, must-revalidate, max-age=0, no-store, private';
  }
  return headers;
}

/** `_envelope`: the body carries status and headers, and the HTTP status is always 200. */
export function envelope(data: unknown, status: number, headers: Record<string, string | string[]>): unknown {
  return { body: data, status, headers };
}

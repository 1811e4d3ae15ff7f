/**
 * Responses as WP_REST_Server::serve_request sends them: PHP json_encode() byte form, the global query
 * parameters `_fields`, `_envelope` and `_pretty`, and the headers every REST response carries.
 */

/** A handler may return plain data (200) or a RestResponse to set the status and headers. */
/** Header values as WP_REST_Response holds them: the plugin's totals are integers (they show in `_envelope`). */
export type ResponseHeaders = Record<string, string | number | string[]>;

export class RestResponse {
  constructor(
    public data: unknown,
    public status = 200,
    public headers: ResponseHeaders = {},
  ) {}
}

/** json_encode() with PHP's default flags: `/` escaped as `\/`, every non-ASCII character as `\uXXXX`. */
export function phpJsonEncode(value: unknown, pretty = false): string {
  if (pretty) return phpEscape(JSON.stringify(value, null, 4) ?? 'null');
  return encodeLevels(value, ENCODED_LEVELS) ?? 'null';
}

const phpEscape = (json: string) => json.replaceAll('/', '\\/').replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Objects never changed once made (the answers kept under the change stamp, src/db/stamped-cache.ts), with their
 * JSON text once it was written: a list of kept objects is written by joining their texts, not by encoding and
 * escaping some hundred kilobytes again for every request.
 */
const unchanging = new WeakMap<object, string | undefined>();

/** Marks `value` as never to be changed again: its JSON text is kept with it, once written. */
export function encodeOnce(value: object): void {
  if (!unchanging.has(value)) unchanging.set(value, undefined);
}

/** How deep the writer looks for unchanging objects: an `_envelope`'s body, a list's key, its items. */
const ENCODED_LEVELS = 3;

/** JSON.stringify()'s text (undefined where it gives none), escaped, with the kept texts of unchanging objects. */
function encodeLevels(value: unknown, levels: number): string | undefined {
  if (typeof value === 'object' && value !== null) {
    if (unchanging.has(value)) {
      let text = unchanging.get(value);
      if (text === undefined) unchanging.set(value, (text = phpEscape(JSON.stringify(value))));
      return text;
    }
    if (levels > 0 && Array.isArray(value)) return `[${value.map((item) => encodeLevels(item, levels - 1) ?? 'null').join(',')}]`;
    if (levels > 0 && Object.getPrototypeOf(value) === Object.prototype && !('toJSON' in value)) {
      const members: string[] = [];
      for (const [key, item] of Object.entries(value)) {
        const text = encodeLevels(item, levels - 1);
        if (text !== undefined) members.push(`${phpEscape(JSON.stringify(key))}:${text}`);
      }
      return `{${members.join(',')}}`;
    }
  }
  const json = JSON.stringify(value);
  return json === undefined ? undefined : phpEscape(json);
}

/** The `_fields` paths as nested keys; `true` keeps the whole value. */
interface FieldTree {
  [key: string]: true | FieldTree;
}

/**
 * The paths as rest_filter_response_fields() reads them, quirk included: a path under a key already kept whole
 * (`id.x` after `id`) ends the reading, so the paths after it are ignored.
 */
function fieldTree(list: readonly string[]): FieldTree {
  const tree: FieldTree = {};
  for (const field of list) {
    const parts = field.split('.');
    let node = tree;
    while (parts.length > 1) {
      const next = parts.shift()!;
      const child = node[next];
      if (child === true) return tree;
      node = node[next] = child ?? {};
    }
    node[parts[0]!] = true;
  }
  return tree;
}

/**
 * rest_filter_response_fields(): `_fields=a,b.c` keeps only those keys (per item for a list answer). Inside an
 * item every array is a PHP array: a list keeps the elements whose index is named (`tags.0`), so `events.id`
 * keeps none; what is left is written as a list when its keys run 0, 1, 2…, as an object otherwise, `[]` when empty.
 */
export function filterFields(data: unknown, fields: unknown): unknown {
  const list = (Array.isArray(fields) ? fields : typeof fields === 'string' ? fields.split(/[\s,]+/) : [])
    .map(String)
    .filter(Boolean);
  if (list.length === 0 || data === null || typeof data !== 'object') return data;
  const tree = fieldTree(list);
  if (Array.isArray(data)) return data.map((item) => intersectKeys(item, tree));
  return intersectKeys(data, tree);
}

function intersectKeys(data: unknown, tree: FieldTree): unknown {
  if (data === null || typeof data !== 'object') return data;
  const entries: Array<[string, unknown]> = Array.isArray(data) ? data.map((v, i) => [String(i), v]) : Object.entries(data as Record<string, unknown>);
  const kept: Array<[string, unknown]> = [];
  for (const [key, value] of entries) {
    const wanted = Object.hasOwn(tree, key) ? tree[key] : undefined;
    if (wanted === undefined) continue;
    kept.push([key, wanted === true ? value : intersectKeys(value, wanted)]);
  }
  if (kept.length === 0) return [];
  return kept.every(([key], i) => key === String(i)) ? kept.map(([, value]) => value) : Object.fromEntries(kept);
}

export interface BaseHeaderOptions {
  restRoot: string;
  origin: string | undefined;
  loggedIn: boolean;
  method: string;
  /** false: no Access-Control-* headers and no `Vary: Origin` (a route closed to browser pages). */
  cors?: boolean;
}

/** Headers of every REST response (WP_REST_Server::serve_request(), rest_send_allow_header()). */
export function baseHeaders(o: BaseHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=UTF-8',
    'X-Robots-Tag': 'noindex',
    Link: `<${o.restRoot}>; rel="https://api.w.org/"`,
    'X-Content-Type-Options': 'nosniff',
  };
  if (o.cors === false) {
    if (o.loggedIn) Object.assign(headers, NO_CACHE);
    return headers;
  }
  headers['Access-Control-Expose-Headers'] = 'X-WP-Total, X-WP-TotalPages, Link';
  headers['Access-Control-Allow-Headers'] = 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type';
  if (o.origin !== undefined) {
    headers['Access-Control-Allow-Origin'] = o.origin;
    headers['Access-Control-Allow-Methods'] = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';
    headers['Access-Control-Allow-Credentials'] = 'true';
    headers.Vary = 'Origin';
  } else if (!o.loggedIn && o.method === 'GET') {
    // rest_send_cors_headers(): only a GET, not a HEAD, varies by Origin for anonymous callers.
    headers.Vary = 'Origin';
  }
  if (o.loggedIn) Object.assign(headers, NO_CACHE);
  return headers;
}

/** wp_get_nocache_headers(), sent to logged-in callers. */
const NO_CACHE = { Expires: 'Wed, 11 Jan 1984 05:00:00 GMT', 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private' };

/**
 * `_envelope` (rest_get_server()->envelope_response): the body carries the status and the response's own headers,
 * and the HTTP status is always 200. No headers are `[]`, PHP's empty array.
 */
export function envelope(data: unknown, status: number, headers: ResponseHeaders): unknown {
  return { body: data, status, headers: Object.keys(headers).length > 0 ? headers : [] };
}

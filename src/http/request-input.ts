import qs from 'qs';
import { restError, type RestError } from './errors';
import { isMultipartContentType, parseMultipart, type UploadedFile } from './multipart';
import { HTTP_METHODS, type HttpMethod } from './routes';

/**
 * Reads a request the way WP_REST_Request does: PHP-style query and form decoding, the JSON body, the method
 * override, and the merge of every parameter source by WordPress's priority.
 */

const QS_OPTIONS: qs.IParseOptions = {
  depth: 10,
  arrayLimit: 1000,
  parameterLimit: 10000,
  // PHP keeps the last of repeated plain keys (a=1&a=2 → 2); a[]=1&a[]=2 still builds a list.
  duplicates: 'last',
  allowDots: false,
};

/** PHP's form decoding: `.` and spaces in the top-level part of a name become `_`. */
function phpNames(parsed: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) out[key.replace(/[. ]/g, '_')] = value;
  return out;
}

function parseQueryString(query: string): Record<string, unknown> {
  return phpNames(qs.parse(query, QS_OPTIONS) as Record<string, unknown>);
}

export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

function isFormContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return contentType.split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

export interface RequestInput {
  method: HttpMethod | 'HEAD' | 'OPTIONS' | string;
  query: Record<string, unknown>;
  /** Form body parameters (POST/PUT/PATCH/DELETE only). */
  body: Record<string, unknown>;
  /** Raw JSON body text, parsed lazily so a bad body only fails a request that reached a route. */
  jsonText: string | null;
  /** The files of a multipart body ($_FILES), by field name. */
  files: Record<string, UploadedFile>;
  /** The body as sent (WP_REST_Request::get_body()); PHP leaves it empty for a multipart body. */
  rawBody: Buffer | undefined;
}

export function readInput(args: {
  method: string;
  rawQuery: string;
  contentType: string | undefined;
  overrideHeader: string | undefined;
  body: Buffer | undefined;
}): RequestInput {
  const query = parseQueryString(args.rawQuery);
  // `_method` in the query string wins over the X-HTTP-Method-Override header.
  let method = args.method.toUpperCase();
  if (typeof query._method === 'string' && query._method) method = query._method.toUpperCase();
  else if (args.overrideHeader) method = args.overrideHeader.toUpperCase();

  const text = args.body && args.body.length > 0 ? args.body.toString('utf8') : '';
  const acceptsBody = (['POST', 'PUT', 'PATCH', 'DELETE'] as string[]).includes(method);
  if (acceptsBody && args.body && args.body.length > 0 && isMultipartContentType(args.contentType)) {
    const form = parseMultipart(args.body, args.contentType!);
    const fields = form.fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    return { method, query, body: parseQueryString(fields), jsonText: null, files: form.files, rawBody: undefined };
  }
  const body = acceptsBody && text && isFormContentType(args.contentType) ? parseQueryString(text) : {};
  const jsonText = text && isJsonContentType(args.contentType) ? text : null;
  return { method, query, body, jsonText, files: {}, rawBody: args.body && args.body.length > 0 ? args.body : undefined };
}

/** Decodes the JSON body; an object or list becomes parameters, scalars contribute none (as in PHP). */
export function parseJsonBody(text: string | null): { params: Record<string, unknown> } | { error: RestError } {
  if (text === null || text.trim() === '') return { params: {} };
  try {
    const value: unknown = JSON.parse(text);
    return { params: value !== null && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {} };
  } catch {
    // json_last_error() is 4 (JSON_ERROR_SYNTAX) for every malformed document PHP meets here.
    return { error: restError('rest_invalid_json', { data: { json_error_code: 4, json_error_message: 'Syntax error' } }) };
  }
}

/** WordPress's lookup order: JSON > POST > GET > URL > defaults (defaults are applied by the schemas). */
export function mergeParams(sources: {
  json: Record<string, unknown>;
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  url: Record<string, unknown>;
}): Record<string, unknown> {
  return { ...sources.url, ...sources.query, ...sources.body, ...sources.json };
}

export function isHttpMethod(method: string): method is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(method);
}

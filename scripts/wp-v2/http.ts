import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Requests to WordPress's own REST routes (`wp/v2`) as every kind of caller: anonymous, one user of each role with
 * an application password, and a wrong password. A request may carry JSON, a form body, or a file (an upload, its
 * bytes read from the fixture folder).
 */

export const ROLES = ['subscriber', 'contributor', 'author', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type WpCaller = 'anon' | Role | 'badpass';
export const CALLERS: WpCaller[] = ['anon', ...ROLES];

export const FIXTURE_DIR = resolve(__dirname, '../../tests/fixtures/plugin/wp-v2');

export interface Upload {
  /** A file of the fixture folder. */
  file: string;
  type: string;
  /** The Content-Disposition header; none when absent. */
  disposition?: string;
}

export interface WpExchange {
  name: string;
  method: string;
  /** Path after `/wp-json`, with `{0}`, `{1}`… standing for the ids the earlier steps of a write created. */
  path: string;
  as: WpCaller;
  body?: unknown;
  /** A raw body with its content type (a form, broken JSON). */
  raw?: { type: string; data: string };
  upload?: Upload;
  /** A multipart/form-data body: the file under `field`, and other fields beside it. */
  multipart?: { field: string; file: string; type: string; fields?: Record<string, string> };
  headers?: Record<string, string>;
}

/** The answer's headers a client reads; the rest (Date, Host, Connection…) are transport. */
export const KEPT_HEADERS = ['content-type', 'x-wp-total', 'x-wp-totalpages', 'link', 'allow', 'location', 'x-wp-doingitwrong'];

export interface WpAnswer {
  status: number;
  /** When the answer was made (its Date header), for replaying the clock. */
  date: string;
  headers: Record<string, string>;
  text: string;
}

export interface WpSide {
  base: string;
  /** `login:application-password` per caller; none for anonymous. */
  auth: Partial<Record<WpCaller, string>>;
}

export function requestOf(side: WpSide, x: WpExchange): { url: string; init: RequestInit } {
  const url = x.path.startsWith('?') ? `${side.base}/${x.path}` : `${side.base}/wp-json${x.path}`;
  const headers: Record<string, string> = { ...(x.headers ?? {}) };
  const credentials = side.auth[x.as];
  if (credentials) headers.Authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  let body: RequestInit['body'];
  if (x.upload) {
    headers['Content-Type'] = x.upload.type;
    if (x.upload.disposition) headers['Content-Disposition'] = x.upload.disposition;
    body = new Uint8Array(readFileSync(resolve(FIXTURE_DIR, x.upload.file)));
  } else if (x.multipart) {
    const form = new FormData();
    for (const [k, v] of Object.entries(x.multipart.fields ?? {})) form.append(k, v);
    form.append(x.multipart.field, new Blob([new Uint8Array(readFileSync(resolve(FIXTURE_DIR, x.multipart.file)))], { type: x.multipart.type }), x.multipart.file);
    body = form;
  } else if (x.raw) {
    headers['Content-Type'] = x.raw.type;
    body = x.raw.data;
  } else if (x.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(x.body);
  }
  return { url: url.replace(/ /g, '%20'), init: { method: x.method, headers, body, redirect: 'manual' } };
}

/** Sends the request; the answer keeps the headers a client reads, or every header with `allHeaders`. */
export async function sendWp(side: WpSide, x: WpExchange, allHeaders = false): Promise<WpAnswer> {
  const { url, init } = requestOf(side, x);
  const res = await fetch(url, init);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (allHeaders || KEPT_HEADERS.includes(name.toLowerCase())) headers[name.toLowerCase()] = value;
  });
  const date = new Date(res.headers.get('date') ?? Date.now()).toISOString();
  return { status: res.status, date, headers, text: x.method === 'HEAD' ? '' : await res.text() };
}

/**
 * The same, for a side that may drop the connection (a server without the route may answer before reading an
 * upload and close): a failed exchange becomes status 0 with the error as its body, a difference to report.
 */
export async function trySendWp(side: WpSide, x: WpExchange, allHeaders = false): Promise<WpAnswer> {
  try {
    return await sendWp(side, x, allHeaders);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return { status: 0, date: new Date().toISOString(), headers: {}, text: `fetch failed: ${cause ?? String(error)}` };
  }
}

/** A request that must succeed; returns the parsed body. */
export async function callWp(side: WpSide, as: WpCaller, method: string, path: string, body?: unknown): Promise<any> {
  const a = await sendWp(side, { name: path, method, path, as, body });
  if (a.status >= 300) throw new Error(`${method} ${path} as ${as} → ${a.status} ${a.text.slice(0, 300)}`);
  return a.text ? JSON.parse(a.text) : null;
}

/** Puts the ids created by earlier steps into a path or body (`{0}` is the first step's id). */
export function withIds<T>(value: T, ids: number[]): T {
  const text = JSON.stringify(value ?? null).replace(/"\{(\d+)\}"/g, (_, i) => String(ids[Number(i)] ?? 0)).replace(/\{(\d+)\}/g, (_, i) => String(ids[Number(i)] ?? 0));
  return (value === undefined ? undefined : JSON.parse(text)) as T;
}

/** A recording of another oracle, its site URL written as `recordedSite` (plain and JSON-escaped). */
export function resited<T>(value: T, site: string, recordedSite: string): T {
  const text = JSON.stringify(value).replaceAll(site, recordedSite).replaceAll(site.replaceAll('/', '\\\\/'), recordedSite.replaceAll('/', '\\\\/'));
  return JSON.parse(text) as T;
}

import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { restServerOf } from '../../src/app';
import { CATALOGUE } from '../../src/http/errors';
import { useCallers, useTestApp } from '../support/test-app';
import { TRIBE_API } from '../support/rest-paths';

/**
 * A seeded fuzz over every route and method, anonymous and authenticated, with hostile values: huge and negative
 * numbers, nested arrays, SQL and markup, broken JSON, unknown and corrupt Content-Encodings. Whatever comes in,
 * the answer is not a crash (no 5xx but WordPress's own 500 codes), every error is in WordPress's envelope, and a
 * refused request changes no row. FUZZ_REQUESTS and FUZZ_SEED change the run.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const NOW = new Date('2025-06-01T12:00:00Z');
/** Errors WordPress itself answers with 500 (wp_insert_term's WP_Errors, failed deletes): expected, not crashes. */
const WORDPRESS_500 = new Set(
  Object.entries(CATALOGUE)
    .filter(([code, e]) => e.status === 500 && code !== 'internal_server_error')
    .map(([code]) => ({ duplicate_term_slug: 'duplicate_term_slug', rest_cannot_delete_term: 'rest_cannot_delete' })[code as 'duplicate_term_slug'] ?? code),
);
/** WordPress's own 501: a delete without `force` of what has no trash (terms, users, media). */
const WORDPRESS_501 = new Set(['rest_trash_not_supported']);

let server: Server;
let origin: string;
const ids: number[] = [];

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const chance = (p: number) => random() < p;

const NUMBERS = ['0', '-1', '1', '2', '50', '51', '9223372036854775807', '9223372036854775808', '18446744073709551616', '1e308', '1e400', '-9223372036854775809', '4294967296', '1.5', 'NaN', 'Infinity', '0x10', ' 7 ', '٣', '00000000000000000000000001', '9'.repeat(400)];
const TEXT = ['', ' ', 'Music', 'New Fuzz Term', "'; DROP TABLE wp_posts; --", '%_\\', '<script>alert(1)</script>', 'a'.repeat(5000), 'ünïcødé ✓ 🎉', '\u0000', 'null', 'true', '[]', '{}', '../../etc/passwd', 'tomorrow 19:00', '2025-13-45 25:61:00', '2025-07-01 10:00:00', 'publish', 'draft', 'trash', 'any', 'America/New_York', 'Nowhere/Zone', '$15', 'http://example.com/x.jpg', 'javascript:alert(1)'];

function scalar(): unknown {
  const r = random();
  if (r < 0.35) return pick(NUMBERS);
  if (r < 0.7) return pick(TEXT);
  if (r < 0.75) return pick(ids.length > 0 ? ids : [1]);
  if (r < 0.8) return chance(0.5);
  if (r < 0.85) return null;
  return Math.floor(random() * 2 ** 31) * (chance(0.2) ? -1 : 1);
}

function value(depth = 0): unknown {
  const r = random();
  if (depth < 2 && r < 0.12) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
  if (depth < 2 && r < 0.2) return Object.fromEntries(Array.from({ length: Math.floor(random() * 3) + 1 }, () => [pick(['id', 'venue', 'organizer', 'name', 'x', '0']), value(depth + 1)]));
  return scalar();
}

const EXTRA_NAMES = ['page', 'per_page', 'offset', 'include', 'exclude', 'search', 'status', 'categories', 'tags', 'venue', 'organizer', 'start_date', 'end_date', 'orderby', 'order', '_fields', '_envelope', '_method', 'id', 'slug', 'parent', 'hide_empty', 'force'];

/** A query string or form body; PHP-style brackets make nested values. */
function encodeForm(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, v: unknown) => {
    if (Array.isArray(v)) v.forEach((item) => add(`${key}[]`, item));
    else if (v !== null && typeof v === 'object') Object.entries(v).forEach(([k, item]) => add(`${key}[${k}]`, item));
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v ?? ''))}`);
  };
  Object.entries(params).forEach(([k, v]) => add(k, v));
  return parts.join('&');
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  label: string;
}

function buildRequest(): FuzzRequest {
  const routes = restServerOf(t.app).routes.filter((r) => !r.pattern.includes('/test/'));
  const route = pick(routes);
  const path = route.pattern.replace(/\(\?P<(\w+)>[^)]*\)/g, (_m, name: string) =>
    encodeURIComponent(String(name === 'id' ? pick([...ids, ...NUMBERS.filter((n) => /^\d+$/.test(n))]) : pick([...TEXT.filter((s) => s !== ''), 'race-night', 'music']))),
  );
  const method = pick(['GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
  const argNames = [...new Set(route.def.endpoints.flatMap((e) => Object.keys(e.args)))];
  const params: Record<string, unknown> = {};
  const count = Math.floor(random() * 6);
  for (let i = 0; i < count; i++) params[chance(0.8) && argNames.length > 0 ? pick(argNames) : pick(EXTRA_NAMES)] = value();
  const headers: Record<string, string> = {};
  const who = pick(['anonymous', 'administrator', 'administrator', 'editor', 'subscriber', 'bad']);
  if (who === 'bad') headers.Authorization = pick(['Basic Zm9vOmJhcg==', 'Basic ???', 'Bearer x', 'Basic ' + Buffer.from('administrator:wrong').toString('base64')]);
  else if (who !== 'anonymous') headers.Authorization = callers[who as 'administrator'].authorization;
  const query: Record<string, unknown> = {};
  let body: Buffer | string | undefined;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || chance(0.2)) Object.assign(query, params);
  else {
    const style = pick(['json', 'json', 'form', 'badjson', 'gzip', 'bogus-encoding', 'corrupt-gzip']);
    const json = JSON.stringify(params);
    if (style === 'form') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = encodeForm(params);
    } else {
      headers['Content-Type'] = 'application/json';
      body = style === 'badjson' ? json.slice(0, Math.max(1, json.length - 3)) : json;
      if (style === 'gzip') {
        headers['Content-Encoding'] = 'gzip';
        body = gzipSync(json);
      } else if (style === 'bogus-encoding') {
        headers['Content-Encoding'] = pick(['bogus', 'compress', 'br', 'deflate', 'gzip, br', 'x-gzip']);
      } else if (style === 'corrupt-gzip') {
        headers['Content-Encoding'] = 'gzip';
        body = Buffer.concat([gzipSync(json).subarray(0, 12), Buffer.from('not gzip at all')]);
      }
    }
  }
  const qs = encodeForm(query);
  const url = `${origin}${pick(['/wp-json', '/wp-json', '/index.php/wp-json'])}${path}${qs ? `?${qs}` : ''}`;
  return { method, url, headers, body, label: `${method} ${path} ${who} ${JSON.stringify(params).slice(0, 300)} ${JSON.stringify(headers['Content-Encoding'] ?? '')}` };
}

async function fingerprint(): Promise<string> {
  const hash = createHash('sha1');
  for (const table of Object.values(t.wp.t)) hash.update(JSON.stringify(await t.wp.knex(table).select('*')));
  return hash.digest('hex');
}

// Declared before the app's: the server stops before the app's database closes.
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
const t = useTestApp({ clock: () => NOW });
const callers = useCallers(t);
beforeAll(async () => {
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const seed = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${origin}${TRIBE_API}${path}`, { method: 'POST', headers: { Authorization: callers.administrator.authorization, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    ids.push(Number(((await res.json()) as { id: number }).id));
  };
  await seed('/categories', { name: 'Music' });
  await seed('/tags', { name: 'Free' });
  await seed('/venues', { venue: 'Fuzz Hall' });
  await seed('/organizers', { organizer: 'Fuzz Org' });
  await seed('/events', { title: 'Fuzz Night', start_date: '2025-07-01 18:00:00', end_date: '2025-07-01 20:00:00', venue: ids[2], organizer: [ids[3]], categories: [ids[0]], tags: [ids[1]] });
  await seed('/events', { title: 'Draft', status: 'draft', start_date: '2025-07-02 18:00:00', end_date: '2025-07-02 20:00:00' });
  // A first authenticated request records the password's use (WordPress does, once a day): done before the run.
  for (const caller of Object.values(callers)) await fetch(`${origin}/wp-json/`, { headers: { Authorization: caller.authorization } });
});

/** Sends the requests one by one and lists what broke the rules (at most 10). */
async function run(requests: Iterable<FuzzRequest>): Promise<string[]> {
  const failures: string[] = [];
  let before = await fingerprint();
  let i = 0;
  for (const request of requests) {
    if (failures.length >= 10) break;
    i++;
    const res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body }).catch((error: unknown) => error as Error);
    if (res instanceof Error) {
      failures.push(`#${i} ${request.label} → no answer: ${String((res.cause as Error | undefined)?.message ?? res.message)}`);
      continue;
    }
    const text = await res.text();
    const problem = (message: string) => failures.push(`#${i} ${request.label} → ${res.status}: ${message} ${text.slice(0, 200)}`);
    let code: string | undefined;
    if (res.status >= 400 && request.method !== 'HEAD') {
      let parsed: { code?: unknown; message?: unknown; data?: { status?: unknown } | null } | undefined;
      try {
        parsed = JSON.parse(text.replace(/^\/\*\*\/[\w.]+\((.*)\)$/s, '$1'));
      } catch {
        problem('error body is not JSON');
      }
      if (parsed) {
        code = typeof parsed.code === 'string' ? parsed.code : undefined;
        if (!code || typeof parsed.message !== 'string') problem('error without code and message');
        else if (parsed.data !== null && parsed.data?.status !== res.status && !request.url.includes('_envelope')) problem('data.status differs from the HTTP status');
      }
    }
    if (res.status >= 500 && !(code && (WORDPRESS_500.has(code) || (res.status === 501 && WORDPRESS_501.has(code))))) problem('server error');
    const writes = !['GET', 'HEAD', 'OPTIONS'].includes(request.method) || request.url.includes('_method=');
    // Reads are checked now and then; every refused write is checked.
    if (res.status >= 400 || !writes) {
      if (writes || i % 25 === 0) {
        const after = await fingerprint();
        if (after !== before) problem(writes ? 'a refused request changed rows' : 'a read changed rows');
        before = after;
      }
    } else {
      before = await fingerprint();
    }
  }
  return failures;
}

function* randomRequests(): Generator<FuzzRequest> {
  for (let i = 0; i < REQUESTS; i++) yield buildRequest();
}

it(`answers ${REQUESTS} hostile requests without a crash, in WordPress's envelope, and refusals write nothing`, async () => {
  expect(await run(randomRequests())).toEqual([]);
}, 600_000);

/** Term names that sanitize to nothing or are too many: NUL bytes, empty and blank names, and 10,000 of them. */
const HOSTILE_NAMES: unknown[] = [
  '\u0000',
  '',
  ' ',
  '\t\n\r\u000b',
  ' \u0000 ',
  'a\u0000b',
  '%00',
  ['\u0000', '', ' '],
  { a: '\u0000', b: ' ' },
  Array.from({ length: 10_000 }, (_, i) => ['\u0000', '', ' ', `Many ${i}`][i % 4]),
  Array.from({ length: 10_000 }, (_, i) => `Name ${i}`).join(','),
];
/** The arguments that name terms or linked posts, on every write route that has them (and `name` on the term routes). */
const NAME_ARGS = ['categories', 'tags', 'name', 'venue', 'organizer', 'parent', 'slug'];

/** The least a create of the route's resource needs. */
function validBody(pattern: string): Record<string, unknown> {
  if (pattern.includes('/events')) return { title: 'Hostile', start_date: '2025-08-01 10:00:00', end_date: '2025-08-01 11:00:00' };
  if (pattern.includes('/venues')) return { venue: 'Hostile Hall' };
  if (pattern.includes('/organizers')) return { organizer: 'Hostile Org' };
  return { name: 'Hostile Term' };
}

/** Every write route and method, each hostile name in each argument it has, as JSON and as a form body. */
function* hostileNameRequests(): Generator<FuzzRequest> {
  // The calendar's own namespace (its alias serves the same endpoints); POST and PUT (PATCH runs as PUT does).
  const routes = restServerOf(t.app).routes.filter((r) => r.namespace === 'tribe/events/v1' && r.pattern !== '/tribe/events/v1');
  for (const route of routes) {
    for (const endpoint of route.def.endpoints) {
      for (const method of endpoint.methods.filter((m) => m === 'POST' || m === 'PUT')) {
        const names = NAME_ARGS.filter((n) => n in endpoint.args);
        for (const name of names) {
          for (const [v, hostile] of HOSTILE_NAMES.entries()) {
            const path = route.pattern.replace(/\(\?P<(\w+)>[^)]*\)/g, (_m, param: string) => (param === 'id' ? String(pick(ids)) : 'fuzz-night'));
            // Otherwise valid, so that the write gets as far as the names.
            const params: Record<string, unknown> = { ...validBody(route.pattern), [name]: hostile };
            const form = v % 2 === 1;
            yield {
              method,
              url: `${origin}/wp-json${path}`,
              headers: { Authorization: callers.administrator.authorization, 'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
              body: form ? encodeForm(params) : JSON.stringify(params),
              label: `${method} ${path} ${name}=${JSON.stringify(hostile).slice(0, 60)} (${form ? 'form' : 'json'})`,
            };
          }
        }
      }
    }
  }
}

it('answers hostile term names (NUL, empty, blank, 10,000 of them) on every write route without a crash, and refusals write nothing', async () => {
  const requests = [...hostileNameRequests()];
  // The create and update routes of every calendar post type and taxonomy are in the run.
  const covered = new Set(requests.map((r) => `${r.method} ${new URL(r.url).pathname.replace(/\/\d+$/, '/{id}')}`));
  for (const base of ['events', 'venues', 'organizers', 'categories', 'tags']) {
    expect(covered).toContain(`POST /wp-json/tribe/events/v1/${base}`);
    expect(covered).toContain(`PUT /wp-json/tribe/events/v1/${base}/{id}`);
  }
  expect(await run(requests)).toEqual([]);
}, 600_000);

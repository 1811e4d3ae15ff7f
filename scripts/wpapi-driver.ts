/**
 * Drives node-wpapi 1.2.2 (npm `wpapi`, the WP-API project's JavaScript client) against a site, the way a headless
 * client reads and writes the calendar through WordPress's `wp/v2` routes: its default handlers (`wp.types()`,
 * `wp.taxonomies()`, `wp.media()`, `wp.users().me()`, `wp.settings()`), `WPAPI.discover(site)` and the handlers it
 * builds from the site's index (`site.tribe_events()`…), and `wp.registerRoute()` for the events route. Every HTTP
 * request the library makes is logged (method, path, status) beside each call's result; see
 * docs/compat/clients-wpapi.md.
 *
 *   npm install --no-save --prefix /tmp/wpapi-1.2.2 wpapi@1.2.2          (once; not a project dependency)
 *   WPAPI_AUTH=login:application-password npx tsx scripts/wpapi-driver.ts http://127.0.0.1:8091 [out.json]
 *
 * Settings: WPAPI_DIR (the installed package, /tmp/wpapi-1.2.2/node_modules/wpapi), WPAPI_AUTH (an administrator).
 * It writes (an upload, an event it then deletes for good): point it at a throw-away database.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const base = (process.argv[2] ?? 'http://127.0.0.1:8091').replace(/\/$/, '');
const out = process.argv[3];
const dir = process.env.WPAPI_DIR ?? '/tmp/wpapi-1.2.2/node_modules/wpapi';
const [username, ...rest] = (process.env.WPAPI_AUTH ?? '').split(':');
const password = rest.join(':');

interface Logged {
  method: string;
  path: string;
  status?: number;
  contentType?: string;
}

let requests: Logged[] = [];
subscribe('http.client.response.finish', (message) => {
  const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
  requests.push({ method: request.method, path: request.path, status: response.statusCode, contentType: String(response.headers['content-type'] ?? '') });
});

/** What a call returned, short: a list's ids and paging, an object's id and first keys, or the error. */
function summary(result: any): unknown {
  if (Array.isArray(result) && result.every((r) => typeof r === 'string')) return result;
  if (Array.isArray(result)) {
    const paging = (result as any)._paging;
    return { count: result.length, ids: result.map((r: any) => r.id ?? r.slug ?? null), paging: paging ? { total: paging.total, totalPages: paging.totalPages, next: Boolean(paging.next) } : null };
  }
  if (result && typeof result === 'object') return { id: result.id ?? null, keys: Object.keys(result).slice(0, 40) };
  return result;
}

async function main(): Promise<void> {
  let WPAPI: any;
  try {
    WPAPI = createRequire(resolve(dir, 'package.json'))(dir);
  } catch {
    throw new Error(`node-wpapi is not installed at ${dir}: npm install --no-save --prefix /tmp/wpapi-1.2.2 wpapi@1.2.2`);
  }
  const results: Array<{ call: string; ok: boolean; result: unknown; requests: Logged[] }> = [];
  const run = async (call: string, fn: () => Promise<any>): Promise<any> => {
    requests = [];
    try {
      const result = await fn();
      results.push({ call, ok: true, result: summary(result), requests });
      return result;
    } catch (error: any) {
      results.push({ call, ok: false, result: { status: error?.data?.status ?? error?.status ?? null, code: error?.code ?? null, message: String(error?.message ?? error) }, requests });
      return null;
    }
  };

  const wp = new WPAPI({ endpoint: `${base}/wp-json`, username, password });
  await run('wp.root().get()', () => wp.root().get());
  await run('wp.types().get()', () => wp.types().get());
  await run("wp.types().type('tribe_events').get()", () => wp.types().type('tribe_events').get());
  await run('wp.taxonomies().get()', () => wp.taxonomies().get());
  await run("wp.taxonomies().taxonomy('tribe_events_cat').get()", () => wp.taxonomies().taxonomy('tribe_events_cat').get());
  await run("wp.taxonomies().param('type', 'tribe_events').get()", () => wp.taxonomies().param('type', 'tribe_events').get());
  await run('wp.tags().get()', () => wp.tags().get());
  const media = await run('wp.media().perPage(5).get()', () => wp.media().perPage(5).get());
  if (media?.[0]) await run('wp.media().id(first).get()', () => wp.media().id(media[0].id).get());
  const poster = readFileSync(resolve(__dirname, '../tests/fixtures/plugin/wp-v2/poster.jpg'));
  const uploaded = await run("wp.media().file(buffer, 'poster.jpg').create({ title, alt_text })", () => wp.media().auth().file(poster, 'poster.jpg').create({ title: 'Uploaded by node-wpapi', alt_text: 'A poster' }));
  await run('wp.users().me().get()', () => wp.users().me().auth().get());
  await run('wp.settings().get()', () => wp.settings().auth().get());

  // The site's own routes, found from its front page's Link header. node-wpapi 1.2.2 cannot parse some patterns of
  // WordPress 5.9+ (the templates routes; WP-API/node-wpapi#503): then discover() falls back to the 4.7 routes,
  // and the site is bootstrapped a second time from the index without the routes it cannot parse.
  const discovered = await run('WPAPI.discover(site)', () => WPAPI.discover(base));
  await run('handlers WPAPI.discover built for the calendar', async () => Object.keys(discovered ?? {}).filter((k) => /tribe/.test(k)));
  const index = await run('wp.root().get() for its routes', () => wp.root().get());
  const unparsable = Object.keys(index?.routes ?? {}).filter((route) => {
    try {
      new WPAPI({ endpoint: `${base}/wp-json/`, routes: { [route]: index.routes[route] } });
      return false;
    } catch {
      return true;
    }
  });
  await run('routes node-wpapi cannot parse', async () => unparsable);
  const routes = Object.fromEntries(Object.entries(index?.routes ?? {}).filter(([route]) => !unparsable.includes(route)));
  const site = discovered?.tribe_events ? discovered : WPAPI.site(`${base}/wp-json/`, routes);
  site.auth({ username, password });
  await run('handlers WPAPI.site(endpoint, parsable routes) built for the calendar', async () => Object.keys(site).filter((k) => /tribe/.test(k)).sort());
  await run("site.namespace('tribe/events/v1') handlers", async () => Object.keys(site.namespace('tribe/events/v1')).filter((k) => k !== '_options').sort());
  const events = await run('site.tribe_events().perPage(2).get()', () => site.tribe_events().perPage(2).get());
  if (events?._paging?.next) await run('events._paging.next.get()', () => events._paging.next.get());
  await run("site.tribe_events().search('jazz').embed().get()", () => site.tribe_events().search('jazz').embed().get());
  await run('site.tribe_events().param(tribe_events_cat, every category).get()', async () => {
    const cats = await site.tribe_events_cat().get();
    return site.tribe_events().param('tribe_events_cat', cats.map((c: any) => c.id)).get();
  });
  await run("site.tribe_events().tags(first tag).status(['publish', 'draft']).get()", async () => {
    const tags = await site.tags().perPage(1).get();
    return site.tribe_events().tags(tags.map((t: any) => t.id)).status(['publish', 'draft']).get();
  });
  if (events?.[0]) {
    await run('site.tribe_events().id(first).get()', () => site.tribe_events().id(events[0].id).get());
    await run('site.tribe_events().id(first).revisions().get()', () => site.tribe_events().id(events[0].id).revisions().get());
    await run('site.tribe_events_cat().forPost(first).get()', () => site.tribe_events_cat().forPost(events[0].id).get());
  }
  await run('site.tribe_venue().get()', () => site.tribe_venue().get());
  await run('site.tribe_organizer().get()', () => site.tribe_organizer().get());
  const created = await run('site.tribe_events().create({ title, status, featured_media, meta })', () =>
    site.tribe_events().create({ title: 'Made by node-wpapi', status: 'publish', featured_media: uploaded?.id ?? 0, meta: { _EventStartDate: '2030-07-01 10:00:00', _EventEndDate: '2030-07-01 12:00:00', _EventTimezone: 'UTC' } }),
  );
  if (created) {
    await run('site.tribe_events().id(created).update({ title })', () => site.tribe_events().id(created.id).update({ title: 'Renamed by node-wpapi' }));
    await run('site.tribe_events().id(created).delete()', () => site.tribe_events().id(created.id).delete());
    await run("site.tribe_events().id(created).param('force', true).delete()", () => site.tribe_events().id(created.id).param('force', true).delete());
  }
  await run("site.namespace('tribe/events/v1').events().get()", () => site.namespace('tribe/events/v1').events().get());

  // A route registered by hand, as node-wpapi's documentation shows for custom post types.
  wp.tribeEvents = wp.registerRoute('wp/v2', '/tribe_events/(?P<id>\\d+)');
  await run("wp.registerRoute('wp/v2', '/tribe_events/(?P<id>\\d+)') then wp.tribeEvents().get()", () => wp.tribeEvents().get());
  await run('wp.tribeEvents().id(n).get()', async () => {
    const list = await wp.tribeEvents().get();
    return wp.tribeEvents().id(list[0].id).get();
  });
  if (uploaded) await run('wp.media().id(uploaded).param(force, true).delete()', () => wp.media().id(uploaded.id).auth().param('force', true).delete());

  const report = { base, library: 'wpapi 1.2.2', ranAt: new Date().toISOString(), calls: results };
  const text = `${JSON.stringify(report, null, 1)}\n`;
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
  process.stderr.write(`${results.filter((r) => r.ok).length} of ${results.length} calls succeeded\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { updateOption } from '../../../src/wp/options';
import { useTestAppOnPluginRows, type RowsFixture } from '../../support/plugin-answers';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * Protocol details as The Events Calendar 6.17.2 answered them on the comparison calendar
 * (tests/fixtures/plugin/protocol.json, recorded by scripts/compare-plugin/record-protocol.ts, with its rows):
 * - the lists' default page size and the descriptors' `per_page` default, read as the plugin reads them (TEC's
 *   `posts_per_page` setting, then WordPress's option, then 20; a setting that is no number refuses every list);
 * - paths with runs of slashes (the REST route found all the same; a front-end page redirected to its single-slash
 *   form) and pages outside the API (WordPress's 404 page, never a bare text answer);
 * - paging URLs whose values add_query_arg() encodes, and a search word "0" that WordPress drops;
 * - OPTIONS as an author and an administrator (Allow lists what the caller may do);
 * - the plugin's /doc: the service documents every component, property, path and method it has (and more of what it
 *   answers: a project decision).
 */

interface Recorded {
  name: string;
  method: string;
  path: string;
  rawPath?: string;
  as: 'anon' | 'author' | 'admin';
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface ProtocolFixture extends RowsFixture {
  credentials: { admin: string; author: string };
  pageSizes: Array<Recorded & { variant: string }>;
  answers: Recorded[];
}

const fixture = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/plugin/protocol.json'), 'utf8')) as ProtocolFixture;

/** The page-size variants' stored settings, by name (as record-protocol.ts wrote them). */
const VARIANTS: Record<string, { tec?: string; wordpress: string }> = {
  "WordPress's stock 10": { wordpress: '10' },
  "TEC's 7 over WordPress's 10": { tec: '7', wordpress: '10' },
  "TEC's empty setting": { tec: '', wordpress: '10' },
  'no setting at all': { wordpress: '' },
  "TEC's 100, capped": { tec: '100', wordpress: '10' },
  "TEC's setting no number": { tec: 'abc', wordpress: '10' },
};

const t = useTestAppOnPluginRows(fixture);
let tecOptions: Record<string, unknown>;
beforeAll(async () => {
  tecOptions = (await t.wp.knex(t.wp.t.options).where('option_name', 'tribe_events_calendar_options').first()) as Record<string, unknown>;
});

async function send(x: Recorded) {
  const url = x.rawPath ?? `/wp-json${x.path}`;
  const method = x.method.toLowerCase() as 'get' | 'post' | 'options' | 'head';
  let req = t.request[method](url.replace(/ /g, '%20'));
  const credentials = x.as === 'anon' ? undefined : fixture.credentials[x.as];
  if (credentials) req = req.set('Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  return req;
}

const headersOf = (res: { headers: Record<string, string> }, names: string[]) => Object.fromEntries(names.filter((n) => res.headers[n] !== undefined).map((n) => [n, res.headers[n]]));

/**
 * A body to compare: the event list's date-window defaults in descriptors are computed from the clock when each
 * answer was given (they have tests of their own, discovery.test.ts), and the site index lists other namespaces
 * (a project decision): the namespaces and routes of the calendar are compared.
 */
function comparable(body: string): string {
  if (!body.startsWith('{')) return body;
  const data = JSON.parse(body) as Record<string, any>;
  if (Array.isArray(data.namespaces)) return JSON.stringify({ name: data.name, url: data.url, home: data.home, namespaces: data.namespaces.filter((n: string) => n === 'tribe/events/v1'), routes: Object.keys(data.routes).filter((r) => r.startsWith('/tribe/events/v1')) });
  const routes = (data.routes ? Object.values(data.routes) : data.endpoints ? [data] : []) as Array<{ endpoints: Array<{ args: Record<string, { default?: unknown }> | [] }> }>;
  for (const route of routes) for (const e of route.endpoints) for (const name of ['start_date', 'end_date']) if (!Array.isArray(e.args) && e.args[name]?.default !== undefined) e.args[name]!.default = '<now>';
  return JSON.stringify(data);
}

it('recorded every page-size variant, and the variants page differently', () => {
  expect(new Set(fixture.pageSizes.map((p) => p.variant))).toEqual(new Set(Object.keys(VARIANTS)));
  expect(new Set(fixture.pageSizes.filter((p) => p.path.includes('/events?')).map((p) => (JSON.parse(p.body) as { events?: unknown[] }).events?.length ?? p.status)).size).toBeGreaterThan(3);
});

describe.each(Object.keys(VARIANTS))('default page size: %s', (variant) => {
  beforeAll(async () => {
    const { tec, wordpress } = VARIANTS[variant]!;
    const { phpUnserialize } = await import('../../../src/php/php-serialize');
    const stored = phpUnserialize(String(tecOptions.option_value)) as Record<string, unknown>;
    const { posts_per_page: _omitted, ...rest } = stored;
    await updateOption(t.wp, 'tribe_events_calendar_options', tec === undefined ? rest : { posts_per_page: tec, ...rest });
    await updateOption(t.wp, 'posts_per_page', wordpress);
  });

  it.each(fixture.pageSizes.filter((p) => p.variant === variant).map((p) => [p.path, p] as const))('%s', async (_, recorded) => {
    const res = await send(recorded);
    expect(res.status).toBe(recorded.status);
    expect(headersOf(res, ['x-tec-total', 'x-tec-totalpages', 'allow'])).toEqual(headersOf({ headers: recorded.headers }, ['x-tec-total', 'x-tec-totalpages', 'allow']));
    expect(comparable(res.text)).toBe(comparable(recorded.body));
  });
});

describe('paths, paging URLs, OPTIONS and /doc', () => {
  beforeAll(async () => {
    await updateOption(t.wp, 'tribe_events_calendar_options', tecOptions.option_value);
    await updateOption(t.wp, 'posts_per_page', '10');
  });

  const rest = fixture.answers.filter((a) => a.name !== 'doc' && (a.rawPath === undefined || a.headers['content-type']?.startsWith('application/json')));
  it.each(rest.map((a) => [a.name, a] as const))('%s', async (_, recorded) => {
    const res = await send(recorded);
    expect(res.status).toBe(recorded.status);
    const names = ['allow', 'content-type', 'x-tec-total', 'x-tec-totalpages', 'location'];
    expect(headersOf(res, names)).toEqual(headersOf({ headers: recorded.headers }, names));
    expect(comparable(res.text)).toBe(comparable(recorded.body));
  });

  const pages = fixture.answers.filter((a) => a.rawPath !== undefined && !a.headers['content-type']?.startsWith('application/json'));
  it.each(pages.map((a) => [a.name, a] as const))('the front end: %s', async (_, recorded) => {
    const res = await send(recorded);
    const names = ['content-type', 'location', 'x-redirect-by', 'cache-control', 'expires', 'link'];
    expect({ status: res.status, ...headersOf(res, names) }).toEqual({ status: recorded.status, ...headersOf({ headers: recorded.headers }, names) });
    if (recorded.status === 301) expect(res.text).toBe('');
  });

  it("documents every component and property of the plugin's /doc, and no other component", async () => {
    const plugin = JSON.parse(fixture.answers.find((a) => a.name === 'doc')!.body) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> }; paths: Record<string, Record<string, unknown>> };
    const res = await t.request.get(`${TRIBE_API}/doc`);
    const service = res.body as typeof plugin;
    expect(Object.keys(service.components.schemas)).toEqual(Object.keys(plugin.components.schemas));
    for (const [name, schema] of Object.entries(plugin.components.schemas)) {
      expect([name, Object.keys(schema.properties).filter((p) => !(p in service.components.schemas[name]!.properties))]).toEqual([name, []]);
    }
    // The same paths; each with the plugin's methods at least (the service documents every method it serves).
    expect(Object.keys(service.paths)).toEqual(Object.keys(plugin.paths));
    for (const [p, methods] of Object.entries(plugin.paths)) expect([p, Object.keys(methods).filter((m) => !(m in service.paths[p]!))]).toEqual([p, []]);
  });
});

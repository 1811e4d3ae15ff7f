import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * The discovery documents (the REST index's calendar routes, the namespace descriptor, every route's OPTIONS answer)
 * and argument errors as the plugin answers them, pinned by its recorded answers (tests/fixtures/plugin/discovery.json,
 * scripts/compare-plugin/record-discovery.ts). Each request runs at the recorded answer's time: the plugin's event-list
 * defaults are computed from the clock.
 */

interface Recorded {
  method: string;
  path: string;
  as: 'anon' | 'admin';
  body?: unknown;
  status: number;
  date: string;
  headers: Record<string, string>;
  text: string;
}

const fixture = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/plugin/discovery.json'), 'utf8')) as {
  site: string;
  admin: string;
  options: Array<{ option_name: string; option_value: string }>;
  tables: Record<string, Array<Record<string, unknown>>>;
  answers: Record<string, Recorded>;
};
const recorded = (name: string): Recorded => fixture.answers[name] ?? (() => { throw new Error(`no recorded answer "${name}"`); })();
const names = (test: (name: string) => boolean) => Object.keys(fixture.answers).filter(test);

let t: TestApp;
let now = new Date();
beforeAll(async () => {
  t = await startTestApp({ siteUrl: fixture.site, clock: () => now });
  for (const [table, rows] of Object.entries(fixture.tables)) {
    await t.wp.knex(`${t.prefix}${table}`).delete();
    await t.wp.knex(`${t.prefix}${table}`).insert(rows);
  }
  for (const { option_name, option_value } of fixture.options) {
    await t.wp.knex(`${t.prefix}options`).where({ option_name }).delete();
    await t.wp.knex(`${t.prefix}options`).insert({ option_name, option_value, autoload: 'yes' });
  }
});
afterAll(async () => {
  await t.close();
});

async function replay(name: string) {
  const answer = recorded(name);
  now = new Date(answer.date);
  let req = t.request[answer.method.toLowerCase() as 'get'](`/wp-json${answer.path}`);
  if (answer.as === 'admin') req = req.set('Authorization', `Basic ${Buffer.from(fixture.admin).toString('base64')}`);
  if (answer.body !== undefined) req = req.set('Content-Type', 'application/json').send(JSON.stringify(answer.body));
  return req;
}

describe('route descriptors', () => {
  it.each(names((n) => n.startsWith('OPTIONS ')))('%s', async (name) => {
    const res = await replay(name);
    expect([res.status, res.headers.allow]).toEqual([recorded(name).status, recorded(name).headers.allow]);
    expect(res.text).toBe(recorded(name).text);
  });

  it.each(['namespace anon', 'namespace admin'])('the tribe/events/v1 namespace descriptor: %s', async (name) => {
    const res = await replay(name);
    expect(res.status).toBe(200);
    expect(res.text).toBe(recorded(name).text);
  });

  it.each(['index anon', 'index admin'])('the index lists the calendar routes as WordPress does: %s', async (name) => {
    const res = await replay(name);
    const plugin = JSON.parse(recorded(name).text) as { namespaces: string[]; routes: Record<string, unknown> };
    const service = JSON.parse(res.text) as { namespaces: string[]; routes: Record<string, unknown> };
    // The service serves its own namespace beside the plugin's, and of WordPress's only wp/v2 (tests/api/wp-v2/).
    expect(service.namespaces).toEqual(['calendar/events/v1', 'tribe/events/v1', 'wp/v2']);
    expect(plugin.namespaces).toContain('tribe/events/v1');
    const tribe = Object.fromEntries(Object.entries(service.routes).filter(([pattern]) => !pattern.startsWith('/calendar/') && !pattern.startsWith('/wp/v2')));
    expect(Object.keys(tribe)).toEqual(Object.keys(plugin.routes));
    expect(JSON.stringify(tribe)).toBe(JSON.stringify(plugin.routes));
  });

  it('describes the calendar/events/v1 routes as their tribe/events/v1 twins', async () => {
    const res = await replay('index anon');
    const routes = (JSON.parse(res.text) as { routes: Record<string, { namespace: string }> }).routes;
    for (const [pattern, route] of Object.entries(routes).filter(([p]) => p.startsWith('/tribe/events/v1/'))) {
      const twin = routes[pattern.replace('/tribe/', '/calendar/')]!;
      expect(JSON.stringify({ ...twin, namespace: 'x', _links: undefined })).toBe(JSON.stringify({ ...route, namespace: 'x', _links: undefined }));
    }
  });
});

describe('argument errors', () => {
  it.each(names((n) => !n.startsWith('OPTIONS ') && !n.startsWith('index ') && !n.startsWith('namespace ')))('%s', async (name) => {
    const res = await replay(name);
    expect([res.status, res.text]).toEqual([recorded(name).status, recorded(name).text]);
  });
});

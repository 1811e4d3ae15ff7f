import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestApp } from '../../support/test-app';
import { replayWp, startOnWpRows, wpCalendar, wpExtraReads, wpRead, wpReads, wpWrite } from '../../support/wp-v2-answers';
import { recordedExchange, serviceExchange } from '../../support/wp-v2-replay';

/**
 * WordPress's users and settings routes, replayed from the recording of the plugin's site (docs/compat/wp-v2.md §7):
 * what the vendor's MCP server reads at start-up (`/wp-json/`, `users/me`, `settings`), each role's view of users,
 * and the settings writes with the options rows they leave.
 */

const reads = (pattern: RegExp) => Object.keys(wpReads()).filter((name) => pattern.test(wpRead(name).path) && wpRead(name).method === 'GET');

describe('users and settings as the plugin site answers them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startOnWpRows();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(reads(/^\/wp\/v2\/(users|settings)/))('%s', async (name) => {
    const x = wpRead(name);
    expect(await serviceExchange(t, x)).toEqual(recordedExchange(x));
  });

  // The collection's filters (roles, capabilities, who, has_published_posts, slug, search_columns), recorded later.
  it.each(Object.entries(wpExtraReads()).filter(([, x]) => x.path.startsWith('/wp/v2/users')))('%s', async (_name, x) => {
    expect(await serviceExchange(t, x)).toEqual(recordedExchange(x));
  });

  it.each(['OPTIONS /wp/v2/settings [anon]', 'OPTIONS /wp/v2/settings [author]', 'OPTIONS /wp/v2/settings [admin]', 'OPTIONS /wp/v2/users/me [anon]', 'OPTIONS /wp/v2/users/me [author]', 'OPTIONS /wp/v2/users/me [admin]'])('%s', async (name) => {
    const x = wpRead(name);
    expect(await serviceExchange(t, x)).toEqual(recordedExchange(x));
  });

  it("answers the MCP server's start-up calls as it sends them (tec/v1/mcp-4fcf794.json): JSON content type and X-TEC-EEA on GETs", async () => {
    const startUp = (JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/plugin/tec-v1/mcp-4fcf794.json'), 'utf8')) as Array<{ call: unknown; requests: Array<{ method: string; path: string; status: number }> }>)[0]!;
    expect(startUp.call).toBe('start-up');
    const auth = `Basic ${Buffer.from(wpCalendar().credentials.admin).toString('base64')}`;
    for (const request of startUp.requests) {
      const res = await t.request.get(request.path).set('Authorization', auth).set('Content-Type', 'application/json').set('X-TEC-EEA', 'I understand that this endpoint is experimental');
      expect([request.path, res.status]).toEqual([request.path, request.status]);
    }
  });

  it("answers the MCP server's start-up reads: the index's site facts, users/me and settings", async () => {
    const index = JSON.parse(wpRead('index [anon]').text) as Record<string, unknown>;
    const res = await t.request.get('/wp-json/');
    for (const key of ['name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string']) expect([key, res.body[key]]).toEqual([key, index[key]]);
    expect(res.body.namespaces).toContain('wp/v2');
    expect(Object.keys(res.body.routes)).toEqual(expect.arrayContaining(['/wp/v2/users/me', '/wp/v2/settings']));
  });
});

describe('settings and profile writes', () => {
  const scenarios = ['settings PUT as administrator', 'settings as editor', 'settings with a bad value', 'settings with a bad email', 'settings with a bad timezone', 'settings with null', 'users/me update'];

  it.each(scenarios)('%s', async (name) => {
    const t = await startOnWpRows();
    try {
      const scenario = wpWrite(name);
      for (const step of scenario.steps) expect(await serviceExchange(t, step)).toEqual(recordedExchange(step));
      const options = scenario.rows.options;
      for (const change of options?.changed ?? []) {
        const row = await t.wp.knex(`${t.prefix}options`).where({ option_name: change.key }).first();
        expect([change.key, row?.option_value]).toEqual([change.key, change.columns.option_value![1]]);
      }
      for (const removed of options?.removed ?? []) expect(await t.wp.knex(`${t.prefix}options`).where({ option_name: removed }).first()).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('settings as administrator: the options WordPress writes, and the answer', async () => {
    const t = await startOnWpRows();
    try {
      const scenario = wpWrite('settings as administrator');
      const [write] = scenario.steps;
      expect(await serviceExchange(t, write!)).toEqual(recordedExchange(write!));
      // TEC's cache stamps (tribe_last_*) follow the change of `start_of_week`: the time of the write (the test's clock).
      const stamp = (Date.parse(wpCalendar().recordedAt) / 1000).toFixed(4);
      for (const change of scenario.rows.options!.changed) {
        const row = await t.wp.knex(`${t.prefix}options`).where({ option_name: change.key }).first();
        const expected = change.key.startsWith('tribe_last') ? stamp : change.columns.option_value![1];
        expect([change.key, row?.option_value]).toEqual([change.key, expected]);
      }
    } finally {
      await t.close();
    }
  });

  it("stamps TEC's caches only when an option its listeners follow changes", async () => {
    const t = await startOnWpRows();
    try {
      const stamps = async () => (await t.wp.knex(`${t.prefix}options`).whereIn('option_name', ['tribe_last_updated_option', 'tribe_last_save_post']).orderBy('option_name').select('option_value')).map((r: { option_value: string }) => r.option_value);
      const settings = (body: Record<string, unknown>) => replayWp(t, { method: 'POST', path: '/wp/v2/settings', as: 'admin', body });
      const before = await stamps();
      const current = (await t.wp.knex(`${t.prefix}options`).where({ option_name: 'start_of_week' }).first()).option_value as string;
      await settings({ title: 'Another title', posts_per_page: 7, start_of_week: Number(current) });
      expect(await stamps()).toEqual(before);
      await settings({ start_of_week: (Number(current) + 1) % 7 });
      const stamp = (Date.parse(wpCalendar().recordedAt) / 1000).toFixed(4);
      expect(await stamps()).toEqual([stamp, stamp]);
    } finally {
      await t.close();
    }
  });
});

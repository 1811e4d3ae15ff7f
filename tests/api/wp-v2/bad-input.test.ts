import type { TestApp } from '../../support/test-app';
import { replayWp, startOnWpRows } from '../../support/wp-v2-answers';

/**
 * Bad input on the wp/v2 routes the service serves answers a WordPress error with a 4xx status and writes nothing.
 */

const PROBES: Array<{ method: string; path: string; as: 'anon' | 'admin' | 'author'; body?: unknown; status: number; code: string }> = [
  { method: 'GET', path: '/wp/v2/users?per_page=abc', as: 'anon', status: 400, code: 'rest_invalid_param' },
  { method: 'GET', path: '/wp/v2/users?orderby=bogus', as: 'admin', status: 400, code: 'rest_invalid_param' },
  { method: 'GET', path: '/wp/v2/users/999999', as: 'admin', status: 404, code: 'rest_user_invalid_id' },
  { method: 'GET', path: '/wp/v2/users?context=edit', as: 'author', status: 403, code: 'rest_forbidden_context' },
  { method: 'POST', path: '/wp/v2/users/me', as: 'anon', body: { description: 'x' }, status: 404, code: 'rest_user_invalid_id' },
  { method: 'DELETE', path: '/wp/v2/users/me?force=true&reassign=false', as: 'anon', status: 404, code: 'rest_user_invalid_id' },
  { method: 'POST', path: '/wp/v2/users/me', as: 'author', body: { description: 5 }, status: 400, code: 'rest_invalid_param' },
  { method: 'POST', path: '/wp/v2/users/2', as: 'author', body: { description: 'mine now' }, status: 403, code: 'rest_cannot_edit' },
  { method: 'POST', path: '/wp/v2/users/me', as: 'author', body: { meta: { persisted_preferences: 'not an object' } }, status: 400, code: 'rest_invalid_type' },
  { method: 'POST', path: '/wp/v2/users', as: 'admin', body: { username: ['x'], email: 'x@example.com', password: 'pw' }, status: 400, code: 'rest_invalid_param' },
  { method: 'POST', path: '/wp/v2/users', as: 'admin', body: { username: 'x', email: 'x@example.com', password: 'pw', roles: 'nobody' }, status: 400, code: 'rest_user_invalid_role' },
  { method: 'DELETE', path: '/wp/v2/users/5?force=true&reassign=abc', as: 'admin', status: 400, code: 'rest_invalid_param' },
  { method: 'DELETE', path: '/wp/v2/users/5?force=maybe&reassign=2', as: 'admin', status: 400, code: 'rest_invalid_param' },
  { method: 'DELETE', path: '/wp/v2/users/5?reassign=2', as: 'admin', status: 501, code: 'rest_trash_not_supported' },
  { method: 'POST', path: '/wp/v2/settings', as: 'admin', body: { use_smilies: 'perhaps' }, status: 400, code: 'rest_invalid_param' },
  { method: 'POST', path: '/wp/v2/settings', as: 'admin', body: { default_ping_status: 'sometimes' }, status: 400, code: 'rest_invalid_param' },
  { method: 'GET', path: '/wp/v2/tribe_events_cat?post=abc', as: 'anon', status: 400, code: 'rest_invalid_param' },
  { method: 'GET', path: '/wp/v2/tags?slug[a]=x', as: 'anon', status: 400, code: 'rest_invalid_param' },
  { method: 'POST', path: '/wp/v2/tags', as: 'admin', body: { name: ['x'] }, status: 400, code: 'rest_invalid_param' },
  { method: 'POST', path: '/wp/v2/tribe_events_cat', as: 'admin', body: { name: 'x', parent: 'up' }, status: 400, code: 'rest_invalid_param' },
  { method: 'PUT', path: '/wp/v2/tribe_events_cat/999999', as: 'admin', body: { name: 'x' }, status: 404, code: 'rest_term_invalid' },
  { method: 'DELETE', path: '/wp/v2/tags/999999?force=true', as: 'admin', status: 404, code: 'rest_term_invalid' },
  { method: 'GET', path: '/wp/v2/types/tribe_events?context=edit', as: 'anon', status: 401, code: 'rest_forbidden_context' },
  { method: 'GET', path: '/wp/v2/taxonomies/post_tag?context=edit', as: 'anon', status: 401, code: 'rest_forbidden_context' },
  { method: 'GET', path: '/wp/v2/taxonomies?type=nothing', as: 'anon', status: 200, code: '' },
];

describe('bad input on wp/v2', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startOnWpRows();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a profile update through WordPress\'s filters: plain-text names, kses\' tags in the description, a safe URL', async () => {
    const t2 = await startOnWpRows();
    try {
      const res = await replayWp(t2, { method: 'POST', path: '/wp/v2/users/me', as: 'author', body: { name: 'Ann <b>Bold</b> & Co', description: 'Hi <script>x()</script><em>there</em>', url: 'javascript:alert(1)' } });
      expect(res.status).toBe(200);
      const user = await t2.wp.knex(`${t2.prefix}users`).where({ ID: 5 }).first();
      const bio = await t2.wp.knex(`${t2.prefix}usermeta`).where({ user_id: 5, meta_key: 'description' }).first();
      expect([user.display_name, user.user_url, bio.meta_value]).toEqual(['Ann Bold &amp; Co', '', 'Hi x()<em>there</em>']);
    } finally {
      await t2.close();
    }
  });

  it("does not let a caller without list_users find users by e-mail", async () => {
    const anon = await t.request.get('/wp-json/wp/v2/users?search=example.com');
    expect([anon.status, anon.body]).toEqual([200, []]);
    const admin = await replayWp(t, { method: 'GET', path: '/wp/v2/users?search=example.com', as: 'admin' });
    expect(admin.body.length).toBe(6);
    // `%` and `_` are matched literally.
    const wildcard = await replayWp(t, { method: 'GET', path: '/wp/v2/users?search=%25', as: 'admin' });
    expect([wildcard.status, wildcard.body]).toEqual([200, []]);
  });

  it.each(PROBES.map((p) => [`${p.method} ${p.path} [${p.as}]`, p] as const))('%s', async (_name, probe) => {
    const before = await t.wp.knex(`${t.prefix}options`).count({ n: '*' }).first();
    const res = await replayWp(t, probe);
    expect([res.status, res.status === 200 ? '' : res.body.code]).toEqual([probe.status, probe.code]);
    expect(await t.wp.knex(`${t.prefix}options`).count({ n: '*' }).first()).toEqual(before);
    // The author's profile is left as recorded, and no user is added or removed.
    expect((await t.wp.knex(`${t.prefix}usermeta`).where({ user_id: 5, meta_key: 'description' }).first()).meta_value).toBe('The author.');
    expect(Number((await t.wp.knex(`${t.prefix}users`).count({ n: '*' }).first())?.n)).toBe(6);
  });
});

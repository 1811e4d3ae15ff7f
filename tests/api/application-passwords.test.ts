import type { AppContext } from '../../src/app-context';
import { wpHashPassword } from '../../src/auth/password-hashes';
import { POST_TYPE } from '../../src/calendar/registry/identifiers';
import { endpoint, type NamespaceDef } from '../../src/http/routes';
import { phpUnserialize } from '../../src/php/php-serialize';
import { useTestApp, type TestApp } from '../support/test-app';
import { basicAuthorization } from '../support/users';

/**
 * A database WordPress wrote: the user, their capabilities and their application passwords exactly as
 * WordPress stores them (a phpass entry from before 6.8, a `$generic$` one from 6.8+, keys with gaps left by
 * revocations). Logging in must work unchanged and touch nothing but the entry that was used.
 */

const probe: NamespaceDef<AppContext> = {
  namespace: 'auth-probe/v1',
  routes: [
    {
      path: '/whoami',
      endpoints: [endpoint({ methods: ['GET'], args: {}, handler: ({ ctx }) => ({ id: ctx.principal.userId, roles: ctx.principal.roles }) })],
    },
    {
      path: '/events',
      endpoints: [endpoint({ methods: ['POST'], args: {}, permission: ({ ctx }) => ctx.registry.can(ctx.principal, 'create', { postType: POST_TYPE.event }), handler: () => ({ ok: true }) })],
    },
  ],
};

const USER_ID = 12;
// Written by WordPress: entry 1 by 6.7 (phpass, the published vector for "test12345"), entry 3 by 6.8+
// (`$generic$`, the reference vector for "abcdEFGH1234ijklMNOP5678"); entries 0 and 2 were revoked.
const OLD_ENTRY =
  'a:7:{s:4:"uuid";s:36:"0b4e1f4e-6f26-4c1e-9d0b-1c2f5a7e9d11";s:6:"app_id";s:0:"";s:4:"name";s:12:"Old cron job";' +
  's:8:"password";s:34:"$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0";s:7:"created";i:1700000000;s:9:"last_used";i:1700500000;' +
  's:7:"last_ip";s:10:"192.0.2.10";}';
const NEW_ENTRY_HEAD =
  'a:7:{s:4:"uuid";s:36:"5e3c9a7d-2b1f-4d8e-a6c4-8f0e1d2c3b4a";s:6:"app_id";s:36:"c7b4a1f0-3d2e-4f5a-9b8c-7d6e5f4a3b2c";' +
  's:4:"name";s:23:"Zapier – “events”";s:8:"password";s:49:"$generic$F6W18u0QEytvRVb59DemVWRxyTxU6vg_VK0s_f-h";' +
  's:7:"created";i:1735689600;';
const STORED = `a:2:{i:1;${OLD_ENTRY}i:3;${NEW_ENTRY_HEAD}s:9:"last_used";N;s:7:"last_ip";N;}}`;

let now = new Date('2025-06-01T12:00:00Z');
const t = useTestApp({ extraNamespaces: [probe], clock: () => now });

async function seedWordPressUser(app: TestApp): Promise<void> {
  const { knex, t: tables } = app.wp;
  await knex(tables.users).insert({
    ID: USER_ID,
    user_login: 'mara',
    user_pass: '5f4dcc3b5aa765d61d8327deb882cf99',
    user_nicename: 'mara',
    user_email: 'mara@example.org',
    user_url: '',
    user_registered: '2023-11-14 22:13:20',
    user_activation_key: '',
    user_status: 0,
    display_name: 'Mara',
  });
  const meta: Array<[string, string]> = [
    ['nickname', 'mara'],
    ['first_name', 'Mara'],
    ['rich_editing', 'true'],
    ['wp_capabilities', 'a:1:{s:6:"author";b:1;}'],
    ['wp_user_level', '2'],
    ['_application_passwords', STORED],
    ['session_tokens', 'a:0:{}'],
  ];
  for (const [meta_key, meta_value] of meta) await knex(tables.usermeta).insert({ user_id: USER_ID, meta_key, meta_value });
  // Rows written before WordPress 6.6 carry the old autoload value.
  await knex(tables.options).insert({ option_name: 'using_application_passwords', option_value: '1', autoload: 'no' });
}

const storedValue = async (): Promise<string> =>
  (await t.wp.knex(t.wp.t.usermeta).where({ user_id: USER_ID, meta_key: '_application_passwords' }).first()).meta_value;

beforeAll(async () => {
  await seedWordPressUser(t);
});

describe('an application password WordPress created', () => {
  it('logs in unchanged, as the role stored for the user, and records its use in that entry only', async () => {
    const res = await t.request
      .get('/wp-json/auth-probe/v1/whoami')
      .set('Authorization', basicAuthorization('mara', 'abcd EFGH 1234 ijkl MNOP 5678'))
      .set('X-Forwarded-For', '203.0.113.9');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: USER_ID, roles: ['author'] });
    expect(await storedValue()).toBe(`a:2:{i:1;${OLD_ENTRY}i:3;${NEW_ENTRY_HEAD}s:9:"last_used";i:1748779200;s:7:"last_ip";s:11:"203.0.113.9";}}`);
    expect((await t.request.post('/wp-json/auth-probe/v1/events').set('Authorization', basicAuthorization('mara', 'abcdEFGH1234ijklMNOP5678'))).status).toBe(200);
  });

  it('records usage at most once a day', async () => {
    const before = await storedValue();
    now = new Date('2025-06-02T11:59:59Z');
    await t.request.get('/wp-json/').set('Authorization', basicAuthorization('mara@example.org', 'abcdEFGH1234ijklMNOP5678'));
    expect(await storedValue()).toBe(before);
    now = new Date('2025-06-02T12:00:00Z');
    await t.request.get('/wp-json/').set('Authorization', basicAuthorization('mara@example.org', 'abcdEFGH1234ijklMNOP5678'));
    expect(await storedValue()).toBe(before.replace('i:1748779200;s:7:"last_ip";s:11:"203.0.113.9"', 'i:1748865600;s:7:"last_ip";s:9:"127.0.0.1"'));
  });

  it('accepts the legacy phpass entry and updates only it', async () => {
    const before = await storedValue();
    const res = await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', basicAuthorization('mara', 'test12345'));
    expect(res.body.id).toBe(USER_ID);
    const after = await storedValue();
    expect(after).toBe(before.replace('s:9:"last_used";i:1700500000;s:7:"last_ip";s:10:"192.0.2.10"', 's:9:"last_used";i:1748865600;s:7:"last_ip";s:9:"127.0.0.1"'));
    // The phpass hash is kept as it is: WordPress does not rehash application passwords on use.
    expect(after).toContain('$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0');
  });

  it('never accepts the login password over Basic authentication', async () => {
    const res = await t.request.get('/wp-json/').set('Authorization', basicAuthorization('mara', 'password'));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('incorrect_password');
  });

  it('gives entries without a uuid one, and saves the list, as WordPress does on every read', async () => {
    const { knex, t: tables } = t.wp;
    await knex(tables.users).insert({ ID: 20, user_login: 'legacy', user_email: 'legacy@example.org', display_name: 'Legacy' });
    await knex(tables.usermeta).insert([
      { user_id: 20, meta_key: 'wp_capabilities', meta_value: 'a:1:{s:11:"contributor";b:1;}' },
      { user_id: 20, meta_key: '_application_passwords', meta_value: 'a:1:{i:0;a:3:{s:4:"name";s:3:"Old";s:8:"password";s:34:"$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0";s:7:"created";i:1600000000;}}' },
    ]);
    const res = await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', basicAuthorization('legacy', 'test12345'));
    expect(res.body).toEqual({ id: 20, roles: ['contributor'] });
    const value = (await knex(tables.usermeta).where({ user_id: 20, meta_key: '_application_passwords' }).first()).meta_value;
    expect(value).toMatch(
      /^a:1:\{i:0;a:6:\{s:4:"name";s:3:"Old";s:8:"password";s:34:"\$P\$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r\.L0";s:7:"created";i:1600000000;s:4:"uuid";s:36:"[0-9a-f-]{36}";s:9:"last_used";i:1748865600;s:7:"last_ip";s:9:"127\.0\.0\.1";\}\}$/,
    );
    expect(phpUnserialize(value)).toBeTruthy();
  });

  it('applies the user’s own capability grants and denials stored next to the role', async () => {
    await t.wp.knex(t.wp.t.usermeta).where({ user_id: USER_ID, meta_key: 'wp_capabilities' }).update({ meta_value: 'a:2:{s:6:"author";b:1;s:17:"edit_tribe_events";b:0;}' });
    const res = await t.request.post('/wp-json/auth-probe/v1/events').set('Authorization', basicAuthorization('mara', 'abcdEFGH1234ijklMNOP5678'));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } });
  });
});

describe('every hash format WordPress has stored for an application password', () => {
  // Published vectors where they exist; `$wp$2y$` has none, so it is made with wp_hash_password's algorithm.
  const FORMATS: Array<[label: string, password: string, hash: string]> = [
    ['$generic$ (6.8+)', 'abcdEFGH1234ijklMNOP5678', '$generic$F6W18u0QEytvRVb59DemVWRxyTxU6vg_VK0s_f-h'],
    ['phpass $P$ (5.6–6.7)', 'test12345', '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0'],
    ['$wp$2y$ (wp_hash_password 6.8+)', 'Zz9yX8wV7uT6sR5qP4oN3mL2', wpHashPassword('Zz9yX8wV7uT6sR5qP4oN3mL2')],
    ['bcrypt $2y$ (password_verify)', 'rasmuslerdorf', '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a'],
    ['MD5 (wp_check_password)', 'password', '5f4dcc3b5aa765d61d8327deb882cf99'],
  ];

  it.each(FORMATS.map(([label, password, hash], i) => [label, password, hash, 40 + i] as const))('%s', async (_label, password, hash, id) => {
    const { knex, t: tables } = t.wp;
    await knex(tables.users).insert({ ID: id, user_login: `format${id}`, user_email: `format${id}@example.org`, display_name: 'F' });
    const entry = `a:7:{s:4:"uuid";s:36:"00000000-0000-4000-8000-0000000000${id}";s:6:"app_id";s:0:"";s:4:"name";s:1:"F";s:8:"password";s:${Buffer.byteLength(hash)}:"${hash}";s:7:"created";i:1600000000;s:9:"last_used";N;s:7:"last_ip";N;}`;
    await knex(tables.usermeta).insert([
      { user_id: id, meta_key: 'wp_capabilities', meta_value: 'a:1:{s:6:"editor";b:1;}' },
      { user_id: id, meta_key: '_application_passwords', meta_value: `a:1:{i:0;${entry}}` },
    ]);
    const ok = await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', basicAuthorization(`format${id}`, password));
    expect(ok.body).toEqual({ id, roles: ['editor'] });
    const wrong = await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', basicAuthorization(`format${id}`, `${password}0`));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('incorrect_password');
  });

  it('an unreadable list matches nothing', async () => {
    const { knex, t: tables } = t.wp;
    await knex(tables.users).insert({ ID: 60, user_login: 'broken', user_email: 'broken@example.org', display_name: 'B' });
    await knex(tables.usermeta).insert({ user_id: 60, meta_key: '_application_passwords', meta_value: 'a:1:{i:0;s:99:"cut"' });
    const res = await t.request.get('/wp-json/').set('Authorization', basicAuthorization('broken', 'test12345'));
    expect(res.body.code).toBe('incorrect_password');
  });
});

describe('REQUIRE_HTTPS (WordPress’s rule)', () => {
  const untrusting = useTestApp({ extraNamespaces: [probe], requireHttps: true, trustProxy: false });
  const secure = useTestApp({ extraNamespaces: [probe], requireHttps: true });
  beforeAll(async () => {
    await seedWordPressUser(secure);
  });
  const auth = basicAuthorization('mara', 'abcdEFGH1234ijklMNOP5678');

  it('ignores credentials over plain HTTP, right or wrong, and advertises no authentication', async () => {
    expect((await secure.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', auth)).body.id).toBe(0);
    const wrong = await secure.request.get('/wp-json/').set('Authorization', basicAuthorization('mara', 'wrong'));
    expect(wrong.status).toBe(200);
    expect(wrong.body.authentication).toEqual([]);
  });

  it('accepts them when a trusted proxy says the request came over HTTPS', async () => {
    const res = await secure.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', auth).set('X-Forwarded-Proto', 'https');
    expect(res.body.id).toBe(USER_ID);
    const index = await secure.request.get('/wp-json/').set('X-Forwarded-Proto', 'https');
    expect(index.body.authentication).toEqual({ 'application-passwords': { endpoints: { authorization: 'https://calendar.test/wp-admin/authorize-application.php' } } });
    const wrong = await secure.request.get('/wp-json/').set('Authorization', basicAuthorization('mara', 'wrong')).set('X-Forwarded-Proto', 'https');
    expect(wrong.status).toBe(401);
  });

  it('does not believe X-Forwarded-Proto from a proxy that is not trusted', async () => {
    await seedWordPressUser(untrusting);
    const res = await untrusting.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', auth).set('X-Forwarded-Proto', 'https');
    expect(res.body.id).toBe(0);
  });
});

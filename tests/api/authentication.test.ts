import type { AppContext } from '../../src/app-context';
import { deleteApplicationPassword, listApplicationPasswords } from '../../src/auth/application-passwords';
import { POST_TYPE } from '../../src/calendar/registry/identifiers';
import { endpoint, type NamespaceDef } from '../../src/http/routes';
import { useTestApp } from '../support/test-app';
import { basicAuthorization, createAppPassword, createUser } from '../support/users';

/**
 * HTTP Basic authentication with application passwords on the real index and on small routes registered the
 * way a plugin registers them: who the caller is, which 401 a bad credential gets, 401 vs 403 rest_forbidden.
 */

const probe: NamespaceDef<AppContext> = {
  namespace: 'auth-probe/v1',
  routes: [
    {
      path: '/whoami',
      endpoints: [endpoint({ methods: ['GET'], args: {}, handler: ({ ctx }) => ({ id: ctx.principal.userId, login: ctx.principal.login, roles: ctx.principal.roles }) })],
    },
    {
      path: '/events',
      endpoints: [
        endpoint({ methods: ['POST'], args: {}, permission: ({ ctx }) => ctx.registry.can(ctx.principal, 'create', { postType: POST_TYPE.event }), handler: () => ({ created: true }) }),
      ],
    },
  ],
};

const AUTH_ERRORS = {
  invalid_username: '<strong>Error:</strong> Unknown username. Check again or try your email address.',
  invalid_email: '<strong>Error:</strong> Unknown email address. Check again or try your username.',
  incorrect_password: 'The provided password is an invalid application password.',
} as const;

const authError = (code: keyof typeof AUTH_ERRORS) => ({ code, message: AUTH_ERRORS[code], data: { status: 401 } });
const forbiddenBody = (status: number) => ({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status } });

const t = useTestApp({ extraNamespaces: [probe] });
let editor: { id: number; login: string };
let editorAuth: { password: string; authorization: string };
let subscriberAuth: { password: string; authorization: string };

beforeAll(async () => {
  editor = await createUser(t.wp, { login: 'edna', role: 'editor', email: 'edna@example.com' });
  editorAuth = await createAppPassword(t.wp, editor.id, 'Deploy script');
  const subscriber = await createUser(t.wp, { login: 'sam', role: 'subscriber' });
  subscriberAuth = await createAppPassword(t.wp, subscriber.id);
});

describe('a valid application password', () => {
  it('authenticates the user on any route', async () => {
    const res = await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', editorAuth.authorization);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: editor.id, login: 'edna', roles: ['editor'] });
  });

  it('works with the password in groups of four, as WordPress displays it, and by e-mail address', async () => {
    const grouped = editorAuth.password.replace(/(.{4})(?=.)/g, '$1 ');
    const res = await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', basicAuthorization('edna@example.com', grouped));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(editor.id);
  });

  it('lets a user with the capability write', async () => {
    const res = await t.request.post('/wp-json/auth-probe/v1/events').set('Authorization', editorAuth.authorization);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: true });
  });
});

describe('rest_forbidden', () => {
  it('is 401 for an anonymous caller', async () => {
    const res = await t.request.post('/wp-json/auth-probe/v1/events');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(forbiddenBody(401));
  });

  it('is 403 for a logged-in user lacking the capability', async () => {
    const res = await t.request.post('/wp-json/auth-probe/v1/events').set('Authorization', subscriberAuth.authorization);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbiddenBody(403));
  });
});

describe('credentials that fail answer every route with 401', () => {
  const routes = ['/wp-json/', '/wp-json/calendar/events/v1', '/wp-json/auth-probe/v1/whoami', '/wp-json/no/such/route'];

  it.each(routes)('a wrong password on %s → incorrect_password', async (route) => {
    const res = await t.request.get(route).set('Authorization', basicAuthorization('edna', 'abcd efgh ijkl mnop qrst uvwx'));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(authError('incorrect_password'));
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('an unknown login → invalid_username; an unknown e-mail → invalid_email', async () => {
    const byName = await t.request.get('/wp-json/').set('Authorization', basicAuthorization('nobody', editorAuth.password));
    expect(byName.status).toBe(401);
    expect(byName.body).toEqual(authError('invalid_username'));
    const byEmail = await t.request.get('/wp-json/').set('Authorization', basicAuthorization('nobody@example.com', editorAuth.password));
    expect(byEmail.status).toBe(401);
    expect(byEmail.body).toEqual(authError('invalid_email'));
  });

  it('another user’s password does not log in as this user', async () => {
    const res = await t.request.get('/wp-json/').set('Authorization', basicAuthorization('edna', subscriberAuth.password));
    expect(res.body).toEqual(authError('incorrect_password'));
  });

  it('a revoked password → incorrect_password', async () => {
    const temporary = await createAppPassword(t.wp, editor.id, 'Temporary');
    expect((await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', temporary.authorization)).body.id).toBe(editor.id);
    const entry = (await listApplicationPasswords(t.wp, editor.id)).find((p) => p.name === 'Temporary')!;
    expect(await deleteApplicationPassword(t.wp, editor.id, entry.uuid)).toBe(true);
    const res = await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', temporary.authorization);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(authError('incorrect_password'));
    // The other passwords still work.
    expect((await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', editorAuth.authorization)).body.id).toBe(editor.id);
  });
});

describe('headers WordPress never sees as credentials leave the caller anonymous', () => {
  it.each([
    ['not base64 and no colon', 'Basic !!!notbase64'],
    ['no colon', `Basic ${Buffer.from('edna').toString('base64')}`],
    ['another scheme', `Bearer ${editorAuth?.password ?? 'x'}`],
    ['empty Basic', 'Basic '],
    // The plugin answers `admin:`, `nobody:` and `:` as it answers no header at all (200, anonymous).
    ['a known user with an empty password', `Basic ${Buffer.from('edna:').toString('base64')}`],
    ['an unknown user with an empty password', `Basic ${Buffer.from('nobody:').toString('base64')}`],
    ['an empty user and password', `Basic ${Buffer.from(':').toString('base64')}`],
    ['a password cut to nothing at a NUL byte', `Basic ${Buffer.from('edna:\0x').toString('base64')}`],
  ])('%s: reads work anonymously, writes get 401 rest_forbidden', async (_label, header) => {
    const read = await t.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', header);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(0);
    const write = await t.request.post('/wp-json/auth-probe/v1/events').set('Authorization', header);
    expect(write.status).toBe(401);
    expect(write.body).toEqual(forbiddenBody(401));
  });

  it('a password of one space is checked, and refused, as the plugin refuses `apiadmin: `', async () => {
    const res = await t.request.get('/wp-json/').set('Authorization', `Basic ${Buffer.from('edna: ').toString('base64')}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(authError('incorrect_password'));
  });

  it('a Basic header with an empty user name is an unknown username', async () => {
    const res = await t.request.get('/wp-json/').set('Authorization', basicAuthorization('', editorAuth.password));
    expect(res.body).toEqual(authError('invalid_username'));
  });
});

describe('the using_application_passwords option', () => {
  const other = useTestApp({ extraNamespaces: [probe] });
  it('when absent, Basic credentials are ignored as WordPress ignores them', async () => {
    const user = await createUser(other.wp, { login: 'ivy', role: 'editor' });
    const auth = await createAppPassword(other.wp, user.id);
    expect((await other.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', auth.authorization)).body.id).toBe(user.id);
    await other.wp.knex(other.wp.t.options).where({ option_name: 'using_application_passwords' }).delete();
    const res = await other.request.get('/wp-json/auth-probe/v1/whoami').set('Authorization', basicAuthorization('ivy', 'wrong'));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(0);
  });
});

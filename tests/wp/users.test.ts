import { createApplicationPassword } from '../../src/auth/application-passwords';
import { createUser } from '../../src/auth/create-user';
import { checkApplicationPassword, wpCheckPassword } from '../../src/auth/password-hashes';
import { RestError } from '../../src/http/errors';
import { phpUnserialize } from '../../src/php/php-serialize';
import { getUserByEmail, getUserById, getUserByLogin } from '../../src/wp/users';
import { useTestApp } from '../support/test-app';
import { createAppPassword, createUser as createTestUser } from '../support/users';

/** The rows wp_insert_user and WP_Application_Passwords write, exactly. */

const t = useTestApp();

const NOW = new Date('2025-03-04T05:06:07.890Z');

async function metaRows(userId: number) {
  return t.wp.knex(t.wp.t.usermeta).select('meta_key', 'meta_value').where({ user_id: userId }).orderBy('umeta_id');
}

async function expectError(work: Promise<unknown>, code: string, message: string): Promise<void> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RestError);
  expect({ code: (error as RestError).code, message: (error as RestError).message }).toEqual({ code, message });
}

describe('creating a user', () => {
  it('writes the users row and the usermeta rows wp_insert_user writes, in its order', async () => {
    const user = await createUser(t.wp, { login: 'Jane.Doe', email: 'jane@example.com', role: 'author', password: 'secret pass', now: NOW });
    expect(user).toEqual({ id: expect.any(Number), login: 'Jane.Doe', role: 'author' });
    const row = await t.wp.knex(t.wp.t.users).where({ ID: user.id }).first();
    expect({ ...row, ID: Number(row.ID), user_status: Number(row.user_status), user_pass: undefined }).toEqual({
      ID: user.id,
      user_login: 'Jane.Doe',
      user_pass: undefined,
      user_nicename: 'jane-doe',
      user_email: 'jane@example.com',
      user_url: '',
      user_registered: '2025-03-04 05:06:07',
      user_activation_key: '',
      user_status: 0,
      display_name: 'Jane.Doe',
    });
    expect(row.user_pass).toMatch(/^\$wp\$2y\$10\$[./A-Za-z0-9]{53}$/);
    expect(wpCheckPassword('secret pass', row.user_pass)).toBe(true);
    expect(wpCheckPassword('secret  pass', row.user_pass)).toBe(false);

    expect(await metaRows(user.id)).toEqual([
      { meta_key: 'nickname', meta_value: 'Jane.Doe' },
      { meta_key: 'first_name', meta_value: '' },
      { meta_key: 'last_name', meta_value: '' },
      { meta_key: 'description', meta_value: '' },
      { meta_key: 'rich_editing', meta_value: 'true' },
      { meta_key: 'syntax_highlighting', meta_value: 'true' },
      { meta_key: 'comment_shortcuts', meta_value: 'false' },
      { meta_key: 'admin_color', meta_value: 'modern' },
      { meta_key: 'use_ssl', meta_value: '0' },
      { meta_key: 'show_admin_bar_front', meta_value: 'true' },
      { meta_key: 'locale', meta_value: '' },
      { meta_key: 'wp_capabilities', meta_value: 'a:1:{s:6:"author";b:1;}' },
      { meta_key: 'wp_user_level', meta_value: '2' },
      { meta_key: 'dismissed_wp_pointers', meta_value: '' },
    ]);
    // wp_update_user_counts(): the site's number of users.
    const users = Number((await t.wp.knex(t.wp.t.users).count({ n: '*' }).first())?.n);
    expect(await t.wp.knex(t.wp.t.options).where({ option_name: 'user_count' }).first()).toMatchObject({ option_value: String(users) });
  });

  it.each([
    ['administrator', '10'],
    ['editor', '7'],
    ['contributor', '1'],
    ['subscriber', '0'],
  ])('user_level for %s is %s', async (role, level) => {
    const user = await createUser(t.wp, { login: `level-${role}`, email: `${role}@levels.example.com`, role, now: NOW });
    const rows = await metaRows(user.id);
    expect(rows.find((r) => r.meta_key === 'wp_user_level')?.meta_value).toBe(level);
    expect(rows.find((r) => r.meta_key === 'wp_capabilities')?.meta_value).toBe(`a:1:{s:${role.length}:"${role}";b:1;}`);
  });

  it('makes user_nicename unique with -2, -3 as WordPress does', async () => {
    const a = await createUser(t.wp, { login: 'nick@name', email: 'n1@example.com', role: 'subscriber', now: NOW });
    const b = await createUser(t.wp, { login: 'nick.name', email: 'n2@example.com', role: 'subscriber', now: NOW });
    const c = await createUser(t.wp, { login: 'Nick Name', email: 'n3@example.com', role: 'subscriber', now: NOW });
    const nicenames = await Promise.all([a, b, c].map(async (u) => (await getUserById(t.wp, u.id))!.user_nicename));
    expect(nicenames).toEqual(['nickname', 'nick-name', 'nick-name-2']);
  });

  it('finds users by id, login (case-insensitively, as the collation does) and e-mail', async () => {
    const user = await createTestUser(t.wp, { login: 'finder', role: 'subscriber', email: 'Finder@Example.com' });
    expect((await getUserById(t.wp, user.id))?.user_login).toBe('finder');
    expect((await getUserByLogin(t.wp, '  FINDER '))?.ID).toBe(user.id);
    expect((await getUserByEmail(t.wp, 'finder@example.com'))?.ID).toBe(user.id);
    expect(await getUserByLogin(t.wp, '')).toBeNull();
    expect(await getUserById(t.wp, 0)).toBeNull();
  });

  it.each([
    [{ login: '' }, 'empty_user_login', 'Cannot create a user with an empty login name.'],
    [{ login: 'bad name!' }, 'invalid_username', 'This username is invalid because it uses illegal characters. Please enter a valid username.'],
    [{ login: 'x'.repeat(61) }, 'user_login_too_long', 'Username may not be longer than 60 characters.'],
    [{ login: 'fine', email: 'not-an-email' }, 'invalid_email', 'The email address is not correct.'],
    [{ login: 'fine', role: 'overlord' }, 'invalid_role', 'The role "overlord" does not exist on this site.'],
    [{ login: 'Jane.Doe' }, 'existing_user_login', 'Sorry, that username already exists!'],
    [{ login: 'fine', email: 'JANE@example.com' }, 'existing_user_email', 'Sorry, that email address is already used!'],
  ])('refuses %j with %s and writes nothing', async (input, code, message) => {
    const before = await t.wp.knex(t.wp.t.users).count({ n: '*' });
    await expectError(createUser(t.wp, { email: 'fine@example.com', role: 'editor', now: NOW, ...input }), code, message);
    expect(await t.wp.knex(t.wp.t.users).count({ n: '*' })).toEqual(before);
  });
});

describe('creating an application password', () => {
  const fresh = useTestApp();
  it('appends the entry WordPress 6.8+ writes and switches using_application_passwords on', async () => {
    const user = await createUser(fresh.wp, { login: 'app', email: 'app@example.com', role: 'editor', now: NOW });
    expect(await fresh.wp.knex(fresh.wp.t.options).where({ option_name: 'using_application_passwords' }).first()).toBeUndefined();
    const { password, item } = await createApplicationPassword(fresh.wp, user.id, { name: ' My  <b>App</b> ', now: NOW });
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(item.name).toBe('My App');
    expect(item.password).toMatch(/^\$generic\$[A-Za-z0-9_-]{40}$/);
    expect(checkApplicationPassword(password, item.password)).toBe(true);
    const rows = await fresh.wp.knex(fresh.wp.t.usermeta).where({ user_id: user.id, meta_key: '_application_passwords' });
    expect(rows).toHaveLength(1);
    expect(rows[0].meta_value).toBe(
      `a:1:{i:0;a:7:{s:4:"uuid";s:36:"${item.uuid}";s:6:"app_id";s:0:"";s:4:"name";s:6:"My App";s:8:"password";s:49:"${item.password}";` +
        `s:7:"created";i:1741064767;s:9:"last_used";N;s:7:"last_ip";N;}}`,
    );
    expect(item.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const option = await fresh.wp.knex(fresh.wp.t.options).where({ option_name: 'using_application_passwords' }).first();
    expect({ value: option.option_value, autoload: option.autoload }).toEqual({ value: '1', autoload: 'off' });

    const second = await createApplicationPassword(fresh.wp, user.id, { name: 'Second', now: NOW });
    const value = (await fresh.wp.knex(fresh.wp.t.usermeta).where({ user_id: user.id, meta_key: '_application_passwords' }).first()).meta_value;
    expect(value.startsWith(rows[0].meta_value.slice(0, -1).replace(/^a:1:/, 'a:2:'))).toBe(true);
    expect((phpUnserialize(value) as unknown[])[1]).toMatchObject({ name: 'Second', password: second.item.password });
    await expectError(createApplicationPassword(fresh.wp, user.id, { name: 'my app', now: NOW }), 'application_password_duplicate_name', 'Each application name should be unique.');
    await expectError(
      createApplicationPassword(fresh.wp, user.id, { name: ' <i></i> ', now: NOW }),
      'application_password_empty_name',
      'An application name is required to create an application password.',
    );
  });

  it('the test helper returns the password and a ready Authorization header', async () => {
    const user = await createTestUser(t.wp, { login: 'helper', role: 'author' });
    const { password, authorization } = await createAppPassword(t.wp, user.id);
    expect(authorization).toBe(`Basic ${Buffer.from(`helper:${password}`).toString('base64')}`);
  });
});

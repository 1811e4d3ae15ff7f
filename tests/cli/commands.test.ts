import { existsSync } from 'node:fs';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { runCli } from '../../src/cli/program';
import { createCliTarget, type CliTarget } from '../support/cli';
import { basicAuthorization } from '../support/users';

/**
 * The commands of the command-line tool, run in-process with the environment and output streams a process
 * would give them (tests/process/cli.test.ts runs the real process).
 */

const PREFIX = 'cal_';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let target: CliTarget;
beforeAll(async () => {
  target = await createCliTarget(PREFIX);
});
afterAll(async () => {
  await target.close();
});

async function cli(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { ...target.env, ...extraEnv },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

function expectUsageError(run: Run, message: string | RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^wp-calendar: [^\n]+\n$/);
  const text = run.stderr.slice('wp-calendar: '.length, -1);
  if (typeof message === 'string') expect(text).toBe(message);
  else expect(text).toMatch(message);
}

const countRows = (table: string, where: Record<string, unknown> = {}) =>
  target.withDb(async (db) => Number(((await db.knex(`${PREFIX}${table}`).where(where).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n));
const storedPasswords = () =>
  target.withDb(async (db) => (await db.knex(`${PREFIX}usermeta`).where({ user_id: 1, meta_key: '_application_passwords' }).first())?.meta_value as string | undefined);

describe('--help', () => {
  it.each([
    [[], ['user:create', 'app-password:create']],
    [['user:create'], ['--login <login>', '--email <email>', '--role <role>', '--password <password>', '--porcelain']],
    [['app-password:create'], ['--user <user>', '--name <label>', '--app-id <uuid>', '--porcelain']],
    [['help', 'user:create'], ['--login <login>']],
  ])('%j describes the command', async (command, mentions) => {
    const run = await cli(command[0] === 'help' ? command : [...command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: wp-calendar/);
    for (const text of mentions) expect(run.stdout).toContain(text);
  });

  it('no command at all prints the usage on stderr, exit 2', async () => {
    const run = await cli([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Usage: wp-calendar/);
  });
});

describe('bad input before the database is touched: exit 2, one line, nothing created', () => {
  it.each([
    [['user:create', '--login', 'ann'], "required option '--email <email>' not specified"],
    [['user:create', '--email', 'ann@example.com'], "required option '--login <login>' not specified"],
    [['user:create', '--login', 'ann!', '--email', 'ann@example.com'], 'This username is invalid because it uses illegal characters. Please enter a valid username.'],
    [['user:create', '--login', ' ', '--email', 'ann@example.com'], 'Cannot create a user with an empty login name.'],
    [['user:create', '--login', 'ann', '--email', 'ann@'], 'The email address is not correct.'],
    [['user:create', '--login', 'ann', '--email', 'ann@example.com', '--role', ''], '--role must not be empty'],
    [['user:create', '--login', 'ann', '--email', 'ann@example.com', 'extra'], "too many arguments for 'user:create'. Expected 0 arguments but got 1."],
    [['user:create', '--login', 'ann', '--email', 'ann@example.com', '--bogus'], "unknown option '--bogus'"],
    [['app-password:create', '--user', 'ann'], "required option '--name <label>' not specified"],
    [['app-password:create', '--user', 'ann', '--name', ' <b></b> '], '--name must contain some text'],
    [['app-password:create', '--user', 'ann', '--name', 'CI', '--app-id', 'nope'], '--app-id must be a lowercase UUID (got "nope")'],
    [['users:create'], /^unknown command 'users:create' \(Did you mean user:create\?\)$/],
  ] as Array<[string[], string | RegExp]>)('%j', async (args, message) => {
    expectUsageError(await cli(args), message);
    if (target.sqliteFile) expect(existsSync(target.sqliteFile)).toBe(false);
  });

  it('a bad setting is a configuration error', async () => {
    const run = await cli(['user:create', '--login', 'ann', '--email', 'ann@example.com'], { DB_TABLE_PREFIX: 'bad-prefix' });
    expectUsageError(run, 'Configuration error: DB_TABLE_PREFIX: must contain only letters, digits and underscores (as WordPress requires) (got "bad-prefix")');
  });

  it('an unreachable database is exit 1, one line', async () => {
    const run = await cli(['user:create', '--login', 'ann', '--email', 'ann@example.com'], { DATABASE_URL: 'mysql://root@127.0.0.1:1/none' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^wp-calendar: [^\n]*ECONNREFUSED[^\n]*\n$/);
  });
});

describe('user:create and app-password:create', () => {
  let password: string;

  it('user:create writes the user with its role', async () => {
    expect(await cli(['user:create', '--login', 'ann', '--email', 'ann@example.com', '--role', 'author'])).toEqual({ code: 0, stdout: 'Created user 1: ann (author).\n', stderr: '' });
    const meta = await target.withDb((db) =>
      db.knex(`${PREFIX}usermeta`).where({ user_id: 1 }).whereIn('meta_key', [`${PREFIX}capabilities`, `${PREFIX}user_level`, 'nickname']).orderBy('umeta_id'),
    );
    expect(meta.map((r: { meta_key: string; meta_value: string }) => [r.meta_key, r.meta_value])).toEqual([
      ['nickname', 'ann'],
      [`${PREFIX}capabilities`, 'a:1:{s:6:"author";b:1;}'],
      [`${PREFIX}user_level`, '2'],
    ]);
    expect(await cli(['user:create', '--login', 'bo', '--email', 'bo@example.com', '--porcelain'])).toEqual({ code: 0, stdout: '2\n', stderr: '' });
    expect(await target.withDb(async (db) => (await db.knex(`${PREFIX}usermeta`).where({ user_id: 2, meta_key: `${PREFIX}capabilities` }).first()).meta_value)).toBe('a:1:{s:10:"subscriber";b:1;}');
  });

  it('refuses a duplicate login or e-mail, an unknown role and an unknown user, writing nothing', async () => {
    const users = await countRows('users');
    const metas = await countRows('usermeta');
    expectUsageError(await cli(['user:create', '--login', 'ANN', '--email', 'other@example.com']), 'Sorry, that username already exists!');
    expectUsageError(await cli(['user:create', '--login', 'cy', '--email', 'Ann@Example.com']), 'Sorry, that email address is already used!');
    expectUsageError(await cli(['user:create', '--login', 'cy', '--email', 'cy@example.com', '--role', 'overlord']), 'The role "overlord" does not exist on this site.');
    expectUsageError(await cli(['app-password:create', '--user', 'ghost', '--name', 'CI']), 'no user "ghost" (give a login, an e-mail address or an ID)');
    expect(await countRows('users')).toBe(users);
    expect(await countRows('usermeta')).toBe(metas);
  });

  it('app-password:create prints the password once, stores only its hash, and the password logs in', async () => {
    const run = await cli(['app-password:create', '--user', 'ann@example.com', '--name', 'Deploy script']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Created application password "Deploy script" for ann \(uuid [0-9a-f-]{36}\)\.$/);
    password = /^Password \(shown only now; spaces are optional\): ([A-Za-z0-9]{24})$/.exec(lines[1]!)![1]!;
    const stored = (await storedPasswords())!;
    expect(stored).toMatch(
      /^a:1:\{i:0;a:7:\{s:4:"uuid";s:36:"[0-9a-f-]{36}";s:6:"app_id";s:0:"";s:4:"name";s:13:"Deploy script";s:8:"password";s:49:"\$generic\$[\w-]{40}";s:7:"created";i:\d+;s:9:"last_used";N;s:7:"last_ip";N;\}\}$/,
    );
    expect(stored).not.toContain(password);
    expect(await countRows('options', { option_name: 'using_application_passwords', option_value: '1' })).toBe(1);

    await target.withDb(async (db) => {
      const app = createApp({ db, tablePrefix: PREFIX });
      const ok = await supertest(app).get('/wp-json/').set('Authorization', basicAuthorization('ann', password.replace(/(.{4})(?=.)/g, '$1 ')));
      expect(ok.status).toBe(200);
      expect(ok.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
      const wrong = await supertest(app).get('/wp-json/').set('Authorization', basicAuthorization('ann', `${password.slice(1)}x`));
      expect(wrong.body.code).toBe('incorrect_password');
    });
  });

  it('--porcelain prints only the password; --app-id is stored; a duplicate name is refused and changes nothing', async () => {
    const appId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const porcelain = await cli(['app-password:create', '--user', '1', '--name', 'Backup', '--app-id', appId, '--porcelain']);
    expect(porcelain.code).toBe(0);
    expect(porcelain.stdout).toMatch(/^[A-Za-z0-9]{24}\n$/);
    const before = await storedPasswords();
    expect(before).toContain(`s:6:"app_id";s:36:"${appId}";s:4:"name";s:6:"Backup";`);
    expectUsageError(await cli(['app-password:create', '--user', 'ann', '--name', 'deploy SCRIPT']), 'Each application name should be unique.');
    expect(await storedPasswords()).toBe(before);
  });
});

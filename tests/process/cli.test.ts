import { spawn } from 'node:child_process';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { createCliTarget, type CliTarget } from '../support/cli';
import { basicAuthorization } from '../support/users';

/**
 * The command-line tool as a real process, configured by DATABASE_URL / DB_TABLE_PREFIX, on an SQLite file or
 * (with TEST_MYSQL_URL) a MariaDB database. Every other case runs in-process in tests/cli/commands.test.ts.
 */

const PREFIX = 'proc_';

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: `${__dirname}/../..`, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let target: CliTarget;
beforeAll(async () => {
  target = await createCliTarget(PREFIX);
});
afterAll(async () => {
  await target.close();
});

describe('the wp-calendar process', () => {
  it('answers --help on a command with exit code 0', async () => {
    const run = await cli(['app-password:create', '--help'], target.env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: wp-calendar app-password:create \[options\]/);
  });

  it('exits 2 with one line on bad input', async () => {
    const run = await cli(['user:create', '--login', 'x'], target.env);
    expect(run).toEqual({ code: 2, stdout: '', stderr: "wp-calendar: required option '--email <email>' not specified\n" });
  });

  it('creates a user and an application password that then logs in', async () => {
    const user = await cli(['user:create', '--login', 'dee', '--email', 'dee@example.com', '--role', 'editor'], target.env);
    expect(user).toEqual({ code: 0, stdout: 'Created user 1: dee (editor).\n', stderr: '' });
    const created = await cli(['app-password:create', '--user', 'dee', '--name', 'CI', '--porcelain'], target.env);
    expect(created.code).toBe(0);
    const password = created.stdout.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    await target.withDb(async (db) => {
      const res = await supertest(createApp({ db, tablePrefix: PREFIX })).get('/wp-json/').set('Authorization', basicAuthorization('dee', password));
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    });
  });
});

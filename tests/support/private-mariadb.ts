import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import knexFactory from 'knex';

/**
 * A MariaDB server of the test's own: its own data directory and port, started, killed, paused and restarted by
 * the test (faults, replicas). The data directory is initialised on first start and survives restarts;
 * `destroy()` stops the server and removes the directory. Root has no password; connect with `url(database)`.
 */

const run = promisify(execFile);
/** knex prints every refused connection while a server is still starting or is down: not worth a line. */
const QUIET = { warn() {}, error() {}, debug() {}, deprecate() {} };
const MARIADBD = '/usr/sbin/mariadbd';

export interface PrivateMariaDbOptions {
  port: number;
  /** Created if missing; must be private to this server (e.g. under os.tmpdir()). */
  datadir: string;
  /** More server options, e.g. ['--server-id=2', '--log-bin=mysql-bin'] for a primary. */
  extraArgs?: string[];
}

export class PrivateMariaDb {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  constructor(readonly options: PrivateMariaDbOptions) {}

  get port(): number {
    return this.options.port;
  }

  /** The server process is alive (started, not stopped or killed). */
  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  url(database: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server (initialising the data directory the first time) and waits until it answers. */
  async start(): Promise<void> {
    const { datadir } = this.options;
    if (!existsSync(datadir) || readdirSync(datadir).length === 0) {
      mkdirSync(datadir, { recursive: true });
      await run('mariadb-install-db', ['--no-defaults', `--datadir=${datadir}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db', ...this.sizeArgs()]);
    }
    const child = spawn(MARIADBD, [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--port=${this.port}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(datadir, 'mysqld.sock')}`,
      `--pid-file=${path.join(datadir, 'mysqld.pid')}`,
      '--user=root',
      '--skip-name-resolve',
      ...this.sizeArgs(),
      ...(this.options.extraArgs ?? []),
    ], { stdio: 'ignore' });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await this.waitUntilReady();
  }

  /** A clean shutdown (SIGTERM), waiting for the process to end. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  /** SIGKILL: the server dies mid-flight, as in a crash; InnoDB recovers on the next start. */
  async kill(): Promise<void> {
    this.child?.kill('SIGCONT');
    await this.signal('SIGKILL');
  }

  /** SIGSTOP: the server hangs with its sockets open (connections and statements wait, nothing is refused). */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Runs statements as root on the server (no database selected unless given). */
  async query(sql: string, database?: string): Promise<unknown> {
    const knex = knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', port: this.port, user: 'root', password: '', database }, log: QUIET });
    try {
      return await knex.raw(sql);
    } finally {
      await knex.destroy();
    }
  }

  /** Stops the server and removes its data directory. */
  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.options.datadir, { recursive: true, force: true });
  }

  private sizeArgs(): string[] {
    return ['--innodb-buffer-pool-size=32M', '--innodb-log-file-size=8M', '--skip-log-bin'].filter((a) => !(this.options.extraArgs ?? []).some((x) => a === '--skip-log-bin' && x.startsWith('--log-bin')));
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill(signal);
    await this.exited;
    this.child = undefined;
  }

  private async waitUntilReady(): Promise<void> {
    const end = Date.now() + 60_000;
    for (;;) {
      try {
        await this.query('SELECT 1');
        return;
      } catch (error) {
        if (!this.child || this.child.exitCode !== null || Date.now() > end) throw new Error(`private mariadbd on port ${this.port} did not start: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
}

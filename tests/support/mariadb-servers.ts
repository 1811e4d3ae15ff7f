import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../../src/db/database-config';
import { PrivateMariaDb } from './private-mariadb';
import { freePort } from './process';

/**
 * Private MariaDB servers for tests that need servers of their own (replication, a server that goes away): each
 * is a `PrivateMariaDb` with its own datadir and port under a temporary directory, stopped and deleted by
 * `close()`. `startReplicatedPair()` makes a primary and a GTID replica of it, as an operator would.
 */

const run = promisify(execFile);
/** knex prints every refused connection while a server is still starting: not worth a line. */
const QUIET = { warn() {}, error() {}, debug() {}, deprecate() {} };

export interface MariadbServer {
  readonly name: string;
  readonly port: number;
  /** A mysql:// URL of a database on this server. */
  url(database: string): string;
  config(database: string): Extract<DatabaseConfig, { client: 'mysql' }>;
  /** A connection as root without a default database (the caller destroys it). */
  admin(): Knex;
  /** Stops the server (SIGTERM, a clean shutdown) and waits for it to exit. */
  stop(): Promise<void>;
  readonly running: boolean;
}

export interface ReplicatedPair {
  primary: MariadbServer;
  replica: MariadbServer;
  /** Waits until the replica has applied everything the primary has written so far. */
  synced(): Promise<void>;
  close(): Promise<void>;
}

/** One fresh datadir made by mariadb-install-db, copied for each server (installing takes seconds). */
async function installDatadir(dir: string): Promise<string> {
  const datadir = path.join(dir, 'template');
  await run('mariadb-install-db', ['--no-defaults', `--datadir=${datadir}`, '--auth-root-authentication-method=normal', '--skip-test-db', `--user=${os.userInfo().username}`], {
    timeout: 120_000,
  });
  return datadir;
}

async function startServer(dir: string, template: string, name: string, serverId: number, extra: string[]): Promise<MariadbServer> {
  const datadir = path.join(dir, name);
  cpSync(template, datadir, { recursive: true });
  const server = new PrivateMariaDb({ port: await freePort(), datadir, extraArgs: [`--server-id=${serverId}`, '--performance-schema=OFF', ...extra] });
  await server.start();
  const port = server.port;
  return {
    name,
    port,
    url: (database) => server.url(database),
    config: (database) => ({ client: 'mysql' as const, host: '127.0.0.1', port, user: 'root', password: '', database }),
    admin: () => knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', port, user: 'root', password: '' }, pool: { min: 0, max: 2 }, log: QUIET }),
    get running() {
      return server.running;
    },
    stop: () => server.stop(),
  };
}

/** A primary with a binary log and a read-only replica following it by GTID. */
export async function startReplicatedPair(): Promise<ReplicatedPair> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-mariadb-'));
  const servers: MariadbServer[] = [];
  const close = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const template = await installDatadir(dir);
    const [primary, replica] = await Promise.all([
      startServer(dir, template, 'primary', 1, ['--log-bin=primary-bin', '--binlog-format=ROW', '--gtid-strict-mode=1']),
      startServer(dir, template, 'replica', 2, ['--read-only=1', '--relay-log=replica-relay', '--gtid-strict-mode=1']),
    ]);
    servers.push(primary, replica);
    const admin = replica.admin();
    try {
      await admin.raw(
        `CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = ?, MASTER_USER = 'root', MASTER_PASSWORD = '', MASTER_USE_GTID = slave_pos, MASTER_CONNECT_RETRY = 1`,
        [primary.port],
      );
      await admin.raw('START SLAVE');
    } finally {
      await admin.destroy();
    }
    const synced = async () => {
      const p = primary.admin();
      const r = replica.admin();
      try {
        const position = String((await p.raw('SELECT @@GLOBAL.gtid_binlog_pos AS pos'))[0][0].pos);
        const waited = (await r.raw('SELECT MASTER_GTID_WAIT(?, 30) AS waited', [position]))[0][0].waited;
        if (Number(waited) !== 0) throw new Error(`the replica did not reach ${position} in 30 s`);
      } finally {
        await Promise.all([p.destroy(), r.destroy()]);
      }
    };
    return { primary, replica, synced, close };
  } catch (error) {
    await close();
    throw error;
  }
}

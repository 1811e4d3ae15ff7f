import knexFactory, { type Knex } from 'knex';
import { parseDatabaseUrl } from '../src/config/config';

/**
 * A write every second elsewhere than in what the lists read, while a scenario runs with its cache on: on MariaDB
 * into another database of the same server (a WordPress site next door), on SQLite into a transient option of the
 * same file (WordPress writes them all the time). Neither moves the lists' change stamp.
 */
export async function startWritesElsewhere(kind: 'sqlite' | 'mysql', url: string): Promise<{ writes(): number; stop(): Promise<void> }> {
  const config = parseDatabaseUrl(url);
  let knex: Knex;
  let write: () => Promise<unknown>;
  if (config.client === 'mysql') {
    const other = `${config.database}_elsewhere`;
    knex = knexFactory({ client: 'mysql2', connection: { host: config.host, port: config.port, user: config.user, password: config.password }, pool: { min: 1, max: 1 } });
    await knex.raw('CREATE DATABASE IF NOT EXISTS ??', [other]);
    await knex.raw('CREATE TABLE IF NOT EXISTS ??.wp_options (option_id BIGINT AUTO_INCREMENT PRIMARY KEY, option_value LONGTEXT) ENGINE=InnoDB', [other]);
    write = () => knex.raw('INSERT INTO ??.wp_options (option_value) VALUES (?)', [other, new Date().toISOString()]);
    const stopWrites = loop(write);
    return {
      writes: stopWrites.count,
      async stop() {
        await stopWrites.stop();
        await knex.raw('DROP DATABASE IF EXISTS ??', [other]);
        await knex.destroy();
      },
    };
  }
  if (kind !== 'sqlite' || config.client !== 'sqlite') throw new Error('a sqlite: URL was expected');
  knex = knexFactory({ client: 'better-sqlite3', connection: { filename: config.filename }, useNullAsDefault: true });
  write = () => knex.raw("INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('_transient_bench_elsewhere', ?, 'off') ON CONFLICT (option_name) DO UPDATE SET option_value = excluded.option_value", [new Date().toISOString()]);
  const stopWrites = loop(write);
  return {
    writes: stopWrites.count,
    async stop() {
      await stopWrites.stop();
      await knex.destroy();
    },
  };
}

function loop(write: () => Promise<unknown>): { count(): number; stop(): Promise<void> } {
  let count = 0;
  let last: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    last = last.then(write).then(() => count++);
  }, 1000);
  return {
    count: () => count,
    async stop() {
      clearInterval(timer);
      await last;
    },
  };
}

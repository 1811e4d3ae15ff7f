import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../config/config';
import { dialectFor, type Dialect } from './dialect';

/** A connection pool plus the dialect that knows how to talk to it. Owned by whoever created it. */
export interface Database {
  knex: Knex;
  dialect: Dialect;
  close(): Promise<void>;
}

/** `log` replaces knex's console output (warnings such as a failed connection attempt). */
export function createDatabase(config: DatabaseConfig, options: { log?: Knex.Logger } = {}): Database {
  const dialect = dialectFor(config);
  const knex = knexFactory({ ...dialect.knexConfig(config), ...(options.log ? { log: options.log } : {}) });
  return { knex, dialect, close: () => knex.destroy() };
}

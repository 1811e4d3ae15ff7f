import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../config/config';
import { dialectFor, type Dialect } from './dialect';

/** A connection pool plus the dialect that knows how to talk to it. Owned by whoever created it. */
export interface Database {
  knex: Knex;
  dialect: Dialect;
  close(): Promise<void>;
}

export function createDatabase(config: DatabaseConfig): Database {
  const dialect = dialectFor(config);
  const knex = knexFactory(dialect.knexConfig(config));
  return { knex, dialect, close: () => knex.destroy() };
}

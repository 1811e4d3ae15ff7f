import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../config/config';
import { dialectFor, type Dialect } from './dialect';
import type { ReadRouting } from './read-routing';
import type { ReplicaSet } from './replicas';

/** A connection pool plus the dialect that knows how to talk to it. Owned by whoever created it. */
export interface Database {
  knex: Knex;
  dialect: Dialect;
  close(): Promise<void>;
  /** Present when statements are routed per request (read replicas, query timing): see read-routing.ts. */
  routing?: ReadRouting;
  /** The read replicas of a MySQL primary, when DATABASE_REPLICA_URLS names some. */
  replicas?: ReplicaSet;
}

export interface DatabaseOptions {
  /** Replaces knex's console output (warnings such as a failed connection attempt). */
  log?: Knex.Logger;
  /** How long opening one connection may take (MySQL). */
  connectTimeoutMs?: number;
  /** How long a query may wait for a pooled connection (knex's default is 60 s). */
  acquireTimeoutMs?: number;
}

export function createDatabase(config: DatabaseConfig, options: DatabaseOptions = {}): Database {
  const dialect = dialectFor(config);
  const knex = knexFactory({
    ...dialect.knexConfig(config, { connectTimeoutMs: options.connectTimeoutMs }),
    ...(options.log ? { log: options.log } : {}),
    ...(options.acquireTimeoutMs ? { acquireConnectionTimeout: options.acquireTimeoutMs } : {}),
  });
  return { knex, dialect, close: () => knex.destroy() };
}

import type { DatabaseConfig } from './database-config';
import type { Database } from './database';
import { installReadRouting, type QueryObserver } from './read-routing';
import { ReplicaSet, type ReplicaStatus, type ReplicaState } from './replicas';

/**
 * The service's database: the primary, its read replicas (DATABASE_REPLICA_URLS) and the per-request routing
 * between them. Without replicas and without a query observer the primary is used as it is.
 */

/** The replicas to read from and how closely to watch them (config's DATABASE_REPLICA_URLS, REPLICA_MAX_LAG, …). */
export interface ReplicaSettings {
  replicas: Array<{ database: DatabaseConfig; url: string }>;
  /** A replica further behind its primary than this many seconds is skipped. */
  replicaMaxLag: number;
  /** How often each replica's health and lag are checked, in milliseconds. */
  replicaCheckInterval: number;
}

export interface RoutingOptions {
  observe?: QueryObserver;
  onReplicaChange?: (status: ReplicaStatus, previous: ReplicaState) => void;
}

export function withReadRouting(
  primary: Database,
  config: ReplicaSettings,
  options: RoutingOptions = {},
): Database {
  if (config.replicas.length === 0 && !options.observe) return primary;
  const replicas =
    config.replicas.length > 0
      ? new ReplicaSet(config.replicas, { maxLagSeconds: config.replicaMaxLag, checkIntervalMs: config.replicaCheckInterval, onChange: options.onReplicaChange })
      : undefined;
  const routing = installReadRouting(primary.knex, replicas, options.observe);
  void replicas?.start();
  return {
    ...primary,
    routing,
    replicas,
    // The counters of the change stamp replicate with the rows, in the writers' transactions: a stamp read on a
    // replica vouches for what that replica answers (read-routing.ts keeps a request on one replica).
    stamps: primary.stamps,
    async close() {
      await replicas?.close();
      await primary.close();
    },
  };
}

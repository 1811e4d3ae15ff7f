import type { Config } from '../config/config';
import type { Database } from './database';
import { installReadRouting, type QueryObserver } from './read-routing';
import { ReplicaSet, type ReplicaStatus, type ReplicaState } from './replicas';

/**
 * The service's database: the primary, its read replicas (DATABASE_REPLICA_URLS) and the per-request routing
 * between them. Without replicas and without a query observer the primary is used as it is.
 */

export interface RoutingOptions {
  observe?: QueryObserver;
  onReplicaChange?: (status: ReplicaStatus, previous: ReplicaState) => void;
}

export function withReadRouting(
  primary: Database,
  config: Pick<Config, 'replicas' | 'replicaMaxLag' | 'replicaCheckInterval'>,
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
    // A replica answers from an earlier state than the primary's change stamp says.
    stamps: replicas ? undefined : primary.stamps,
    async close() {
      await replicas?.close();
      await primary.close();
    },
  };
}

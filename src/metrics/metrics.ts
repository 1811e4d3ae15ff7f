import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { PRIMARY } from '../db/read-routing';

/**
 * The service's Prometheus metrics, in a registry of its own (never prom-client's global one): requests by
 * route and status, their latency, statement time per database, connection-pool use and replica lag. Served on
 * METRICS_PORT by metrics-server.ts; with several workers the supervisor sums the workers' registries.
 */

export interface Metrics {
  readonly registry: Registry;
  /** One finished HTTP request; `route` is the REST route pattern or a fixed name, never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One statement, on `database` (`primary`, `replica-1`…). */
  observeQuery(database: string, seconds: number): void;
  /** Reads pool use and replica lag from this database at each scrape. */
  watch(db: Database): void;
}

type TarnPool = { numUsed(): number; numFree(): number; numPendingAcquires(): number };

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its response, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time to run one SQL statement (connection wait included), by database',
    labelNames: ['database'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  const watched: Database[] = [];
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of each database pool: used, free, and acquisitions waiting for one',
    labelNames: ['database', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const db of watched) {
        for (const [name, pool] of pools(db)) {
          this.set({ database: name, state: 'used' }, pool.numUsed());
          this.set({ database: name, state: 'free' }, pool.numFree());
          this.set({ database: name, state: 'pending' }, pool.numPendingAcquires());
        }
      }
    },
  });
  new Gauge({
    name: 'db_replica_lag_seconds',
    help: 'Seconds each read replica was behind the primary at its last check (absent when unknown)',
    labelNames: ['replica'] as const,
    aggregator: 'max',
    registers: [registry],
    collect() {
      this.reset();
      for (const db of watched) for (const r of db.replicas?.statuses() ?? []) if (r.lagSeconds !== null) this.set({ replica: r.name }, r.lagSeconds);
    },
  });
  new Gauge({
    name: 'db_replica_up',
    help: '1 when a read replica takes reads (reachable, replicating, within the lag bound), 0 when it is skipped',
    labelNames: ['replica'] as const,
    aggregator: 'min',
    registers: [registry],
    collect() {
      this.reset();
      for (const db of watched) for (const r of db.replicas?.statuses() ?? []) this.set({ replica: r.name }, r.state === 'healthy' ? 1 : 0);
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    observeQuery(database, seconds) {
      queries.observe({ database }, seconds);
    },
    watch(db) {
      watched.push(db);
    },
  };
}

function pools(db: Database): Array<[string, TarnPool]> {
  const out: Array<[string, TarnPool]> = [];
  const primary = (db.knex.client as { pool?: TarnPool }).pool;
  if (primary) out.push([PRIMARY, primary]);
  for (const replica of db.replicas?.replicas ?? []) {
    const pool = (replica.knex.client as { pool?: TarnPool }).pool;
    if (pool) out.push([replica.name, pool]);
  }
  return out;
}

import type { Knex } from 'knex';
import type { DatabaseConfig } from './database-config';
import { createDatabase, type Database } from './database';

/**
 * The read replicas of a MySQL/MariaDB primary and their health. Each replica is checked on a timer with
 * `SHOW REPLICA STATUS` (LudicrousDB and HyperDB judge a replica the same way: reachable, replicating, and
 * not too far behind); a replica that fails the check, stops replicating or lags past the bound is skipped until
 * a later check finds it healthy again. A query that fails to reach a replica marks it down at once.
 */

const QUIET = { warn() {}, error() {}, debug() {}, deprecate() {} };

/** The reason shown for a replica that does not answer (the driver's message stays in `error`). */
const REPLICA_DOWN = 'the replica does not answer';

export type ReplicaState = 'unknown' | 'healthy' | 'lagging' | 'down';

export interface ReplicaStatus {
  /** `replica-1`, `replica-2`… in DATABASE_REPLICA_URLS order: the name the response header and metrics use. */
  name: string;
  /** The URL with its password masked. */
  url: string;
  state: ReplicaState;
  /** Seconds_Behind_Master of the last check; null when unknown or not replicating. */
  lagSeconds: number | null;
  /** Why the replica is skipped, when it is: words of the service's own, safe to show to anyone (/readyz). */
  reason?: string;
  /** The driver's message behind a replica that does not answer: for the log only (it names hosts and users). */
  error?: string;
}

export interface ReplicaOptions {
  /** A replica further behind than this many seconds is skipped. */
  maxLagSeconds: number;
  /** Milliseconds between two checks of each replica. */
  checkIntervalMs: number;
  /** Told when a replica changes state (the service logs it). */
  onChange?: (status: ReplicaStatus, previous: ReplicaState) => void;
}

export class Replica {
  readonly db: Database;
  private current: ReplicaStatus;

  constructor(
    readonly name: string,
    url: string,
    config: DatabaseConfig,
    private readonly options: ReplicaOptions,
  ) {
    // A replica that does not answer must not hold a request for long: the read then goes to the primary.
    // knex would print every refused connection; the replica's state change is what gets logged instead.
    this.db = createDatabase(config, { limits: { acquireTimeoutMs: 2000, queryTimeoutMs: 2000 }, log: QUIET });
    this.current = { name, url, state: 'unknown', lagSeconds: null, reason: 'not checked yet' };
  }

  get status(): ReplicaStatus {
    return this.current;
  }

  get healthy(): boolean {
    return this.current.state === 'healthy';
  }

  get knex(): Knex {
    return this.db.knex;
  }

  /** A query could not reach the replica: skip it until the next check succeeds. */
  markDown(error: unknown): void {
    this.update({ state: 'down', lagSeconds: null, reason: REPLICA_DOWN, error: errorText(error) });
  }

  async check(): Promise<ReplicaStatus> {
    try {
      const lag = await replicationLag(this.db.knex);
      if (lag === undefined) this.update({ state: 'down', lagSeconds: null, reason: 'not a replica: SHOW REPLICA STATUS is empty' });
      else if (lag === null) this.update({ state: 'down', lagSeconds: null, reason: 'replication is stopped (Seconds_Behind_Master is NULL)' });
      else if (lag > this.options.maxLagSeconds) this.update({ state: 'lagging', lagSeconds: lag, reason: `${lag} s behind the primary (bound: ${this.options.maxLagSeconds} s)` });
      else this.update({ state: 'healthy', lagSeconds: lag });
    } catch (error) {
      this.markDown(error);
    }
    return this.current;
  }

  private update(next: Omit<ReplicaStatus, 'name' | 'url'>): void {
    const previous = this.current.state;
    this.current = { name: this.current.name, url: this.current.url, ...next };
    if (previous !== next.state) this.options.onChange?.(this.current, previous);
  }
}

export class ReplicaSet {
  readonly replicas: Replica[];
  private timer: NodeJS.Timeout | undefined;
  private turn = 0;

  constructor(
    list: Array<{ database: DatabaseConfig; url: string }>,
    private readonly options: ReplicaOptions,
  ) {
    this.replicas = list.map((r, i) => new Replica(`replica-${i + 1}`, r.url, r.database, options));
  }

  /** The next healthy replica in turn, or null when none is: the read then goes to the primary. */
  pick(): Replica | null {
    const count = this.replicas.length;
    for (let i = 0; i < count; i++) {
      const replica = this.replicas[(this.turn + i) % count]!;
      if (replica.healthy) {
        this.turn = (this.turn + i + 1) % count;
        return replica;
      }
    }
    return null;
  }

  statuses(): ReplicaStatus[] {
    return this.replicas.map((r) => r.status);
  }

  checkAll(): Promise<ReplicaStatus[]> {
    return Promise.all(this.replicas.map((r) => r.check()));
  }

  /** Checks now, then on the interval; the timer never keeps the process alive. */
  start(): Promise<ReplicaStatus[]> {
    if (!this.timer) {
      this.timer = setInterval(() => void this.checkAll(), this.options.checkIntervalMs);
      this.timer.unref();
    }
    return this.checkAll();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.replicas.map((r) => r.db.close()));
  }
}

/**
 * Seconds the replica is behind: a number, null when replication is stopped, undefined when the server is not a
 * replica. `SHOW REPLICA STATUS` (MariaDB ≥ 10.5, MySQL ≥ 8.0.22) falls back to `SHOW SLAVE STATUS` on older servers.
 */
async function replicationLag(knex: Knex): Promise<number | null | undefined> {
  let rows: Array<Record<string, unknown>>;
  try {
    rows = (await knex.raw('SHOW REPLICA STATUS'))[0];
  } catch (error) {
    if ((error as { code?: string }).code !== 'ER_PARSE_ERROR') throw error;
    rows = (await knex.raw('SHOW SLAVE STATUS'))[0];
  }
  const row = rows[0];
  if (!row) return undefined;
  const lag = row.Seconds_Behind_Master ?? row.Seconds_Behind_Source;
  return lag === null || lag === undefined ? null : Number(lag);
}

/** Whether a query failed because the server could not be reached (the read is then retried on the primary). */
export function isUnreachable(error: unknown): boolean {
  const e = error as { code?: string; name?: string; fatal?: boolean };
  if (e?.name === 'KnexTimeoutError') return true;
  if (e?.fatal === true) return true;
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'PROTOCOL_CONNECTION_LOST', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR'].includes(
    String(e?.code),
  );
}

function errorText(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e?.code ? `${e.code}: ${e.message ?? ''}`.trim() : String(e?.message ?? error);
}

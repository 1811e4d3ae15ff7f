import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from './database-config';
import { dialectFor, type DatabaseLimits, type Dialect } from './dialect';
import { ChangeStamps, StampedCache } from './stamped-cache';
import { CommitOutcomeUnknown, WriteLockTimeout } from './faults';
import { Deadline, DeadlineExceeded } from './deadline';
import type { ReadRouting } from './read-routing';
import type { ReplicaSet } from './replicas';

export type { DatabaseLimits } from './dialect';
export { Deadline, DeadlineExceeded } from './deadline';

/** A connection pool plus the dialect that knows how to talk to it. Owned by whoever created it. */
export interface Database {
  knex: Knex;
  dialect: Dialect;
  limits: DatabaseLimits;
  /**
   * Runs `work` as one write transaction under the database's write lock. A deadlock or lock-wait timeout rolls the
   * whole transaction back and runs `work` again (a bounded number of times, after a jittered pause), so `work` must
   * depend only on what it reads inside the transaction. Under a `deadline` (the request's) no wait, statement or
   * retry outlasts it, and a transaction that reaches it is rolled back with DeadlineExceeded (deadline.ts).
   */
  writeTransaction<T>(work: (trx: Knex.Transaction) => Promise<T>, deadline?: Deadline): Promise<T>;
  close(): Promise<void>;
  /** The change stamp (stamped-cache.ts); absent where it cannot vouch for what is read (read replicas). */
  stamps?: ChangeStamps;
  /** List totals kept until the next commit, under the change stamp. */
  counts: StampedCache<number>;
  /** Present when statements are routed per request (read replicas, query timing): see read-routing.ts. */
  routing?: ReadRouting;
  /** The read replicas of a MySQL primary, when DATABASE_REPLICA_URLS names some. */
  replicas?: ReplicaSet;
}

/**
 * The defaults bound nothing the command-line tool does (long bulk statements); the service passes its configured
 * limits (config.ts).
 */
const UNBOUNDED_LIMITS: DatabaseLimits = { acquireTimeoutMs: 60_000, queryTimeoutMs: 0, lockTimeoutMs: 60_000, commitTimeoutMs: 0, poolSize: 10 };

/** Attempts of a write transaction that keeps meeting deadlocks (the first run included). */
const WRITE_ATTEMPTS = 6;

export interface DatabaseOptions {
  /** Replaces knex's console output (warnings such as a failed connection attempt). */
  log?: Knex.Logger;
  limits?: Partial<DatabaseLimits>;
}

export function createDatabase(config: DatabaseConfig, options: DatabaseOptions = {}): Database {
  const dialect = dialectFor(config);
  const limits = { ...UNBOUNDED_LIMITS, ...options.limits };
  const knex = knexFactory({ ...dialect.knexConfig(config, limits), ...(options.log ? { log: options.log } : {}) });
  const gate = new WriteGate();
  return {
    knex,
    dialect,
    limits,
    stamps: new ChangeStamps(dialect),
    counts: new StampedCache<number>(),
    writeTransaction: (work, deadline = Deadline.none()) =>
      deadline.whileWriting(async () => {
        for (let attempt = 1; ; attempt++) {
          deadline.check();
          // Every wait is bounded by its own limit and by the time the request has left.
          const bounded = { ...limits, lockTimeoutMs: deadline.cap(limits.lockTimeoutMs), queryTimeoutMs: deadline.cap(limits.queryTimeoutMs) };
          const state = { commitSent: false };
          try {
            // Writers of this process queue here rather than each holding a pooled connection while they wait for
            // the database's lock: reads keep the rest of the pool.
            return await gate.run(bounded.lockTimeoutMs, () => dialect.writeTransaction(knex, bounded, (trx) => underDeadline(trx, deadline, bounded, state, work), deadline));
          } catch (error) {
            // A COMMIT that went out and got no answer may have been applied: it is never run again, and no answer
            // may say it was not. One the database refused (an error in answer) rolled back like any statement.
            if (state.commitSent && dialect.isCommitOutcomeUnknown(error)) throw new CommitOutcomeUnknown(error);
            // Whatever failed before the COMMIT went out was rolled back: past the deadline, that is the answer.
            if (deadline.passed) throw error instanceof DeadlineExceeded ? error : new DeadlineExceeded(error);
            if (attempt >= WRITE_ATTEMPTS || !dialect.isRetryable(error)) throw error;
            await pause(attempt);
          }
        }
      }),
    close: () => knex.destroy(),
  };
}

/** The answer for this failure is "try again later": the database is unreachable, read-only, or its lock busy. */
export function isDatabaseUnavailable(db: Pick<Database, 'dialect'>, error: unknown): boolean {
  return error instanceof WriteLockTimeout || db.dialect.isUnavailable(error);
}

type TransactionClient = { query(conn: unknown, obj: string | { sql: string; options?: Record<string, unknown> }): Promise<unknown> };

/**
 * Runs `work` with the deadline checked before each of its statements (a statement past it is refused, which rolls
 * the transaction back) and each statement's time limited to the time left (on MySQL, where a statement that times
 * out closes its connection and the server rolls the transaction back); checked once more after `work`: the COMMIT
 * goes out only before the deadline. Once sent, the COMMIT is waited for up to its own limit (`commitTimeoutMs`), not
 * the statement limit nor the deadline: a server that received it applies it, however late, so the request must
 * wait for its answer to tell the truth (the answer's time is then the COMMIT's).
 */
async function underDeadline<T>(trx: Knex.Transaction, deadline: Deadline, limits: DatabaseLimits, state: { commitSent: boolean }, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const client = trx.client as unknown as TransactionClient;
  const query = client.query.bind(client);
  const limited = (obj: string | { sql: string; options?: Record<string, unknown> }, timeout: number) => (typeof obj === 'string' ? { sql: obj, options: { timeout } } : { ...obj, options: { ...obj.options, timeout } });
  client.query = (conn, obj) => {
    const sql = typeof obj === 'string' ? obj : obj.sql;
    if (/^\s*COMMIT\b/i.test(sql)) {
      state.commitSent = true;
      deadline.noteCommitSent();
      // mysql2's per-statement timeout (SQLite commits in-process and ignores it); 0 waits without a limit.
      return query(conn, limited(obj, limits.commitTimeoutMs)).then((answer) => {
        deadline.noteCommitted();
        return answer;
      });
    }
    if (/^\s*ROLLBACK\b/i.test(sql) || deadline.at === Infinity) return query(conn, obj);
    if (deadline.passed) return Promise.reject(new DeadlineExceeded());
    return query(conn, limited(obj, deadline.cap(limits.queryTimeoutMs)));
  };
  const result = await work(trx);
  deadline.check();
  return result;
}

/** Full jitter on an exponential step: 10, 20, 40… ms at most, so retried writers do not meet again in step. */
function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** (attempt - 1)));
}

/** One write at a time per process, in arrival order; a writer that waits longer than its bound gives up. */
class WriteGate {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(timeoutMs: number, work: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let leave!: () => void;
    this.tail = new Promise<void>((resolve) => (leave = resolve));
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      await Promise.race([
        previous,
        new Promise<void>((_, reject) => {
          timer = setTimeout(() => {
            timedOut = true;
            reject(new WriteLockTimeout(timeoutMs));
          }, timeoutMs);
        }),
      ]);
    } catch (error) {
      // The writers behind this one must still wait for the ones ahead of it.
      void previous.then(leave);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    if (timedOut) throw new WriteLockTimeout(timeoutMs);
    try {
      return await work();
    } finally {
      leave();
    }
  }
}

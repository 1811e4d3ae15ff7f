import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import { isUnreachable, type Replica, type ReplicaSet } from './replicas';

/**
 * Which database runs each statement of a request, by LudicrousDB's rule (LudicrousDB::db_server / HyperDB's
 * `srtm`): reads go to a healthy replica; writes go to the primary, and once a request has written, every later
 * read of that request goes to the primary too, so a request always reads its own writes. A request that may
 * write (any method but GET, HEAD or OPTIONS) reads from the primary from the start, so the answer it returns
 * after writing is the primary's. Transactions run wholly on the primary. A request reads from one replica only
 * (the first it is given): its change stamp (src/db/stamped-cache.ts) and the rows it vouches for are then read
 * from the same state of the data, as on the primary.
 *
 * Statements are routed where knex runs them (the client's `runner`), so the data layer builds queries as
 * before; the request's route state travels with its async context. Outside a request (start-up, the
 * command-line tool) everything goes to the primary.
 */

export const PRIMARY = 'primary';

export interface RequestRoute {
  /** Set for requests that may write: every statement goes to the primary. */
  readonly primaryOnly: boolean;
  /** Set by the first write (or transaction): later reads go to the primary. */
  wrote: boolean;
  /** The databases that answered, in first-use order (`primary`, `replica-1`…). */
  readonly used: Set<string>;
  /** The replica this request reads from: not chosen yet (undefined), or none, the primary (null). */
  replica?: Replica | null;
}

/** Told the duration of every statement and which database ran it (the metrics' query-time histogram). */
export type QueryObserver = (database: string, seconds: number) => void;

export interface ReadRouting {
  /** Runs `work` as (part of) one request: its statements are routed by `route`. */
  run<T>(route: RequestRoute, work: () => T): T;
}

export function newRoute(method: string): RequestRoute {
  return { primaryOnly: !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()), wrote: false, used: new Set() };
}

type Runner = { run(): Promise<unknown> };
type Builder = {
  _method?: string;
  sql?: string;
  _single?: { lock?: unknown };
  _statements?: Array<{ grouping?: string; value?: unknown }>;
};
type RoutingClient = Omit<Knex.Client, 'runner' | 'transaction'> & { runner(builder: Builder): Runner; transaction(...args: unknown[]): unknown };

const READ_METHODS = new Set(['select', 'first', 'pluck']);
/** Reads that take locks or read session state: they belong to the primary's session. */
const PRIMARY_READ = /\b(GET_LOCK|RELEASE_LOCK|RELEASE_ALL_LOCKS|IS_FREE_LOCK|IS_USED_LOCK|LAST_INSERT_ID|FOUND_ROWS|ROW_COUNT)\s*\(|\bFOR\s+UPDATE\b|\bLOCK\s+IN\s+SHARE\s+MODE\b|\bFOR\s+SHARE\b/i;
const READ_SQL = /^\s*\(?\s*(SELECT|WITH|SHOW|EXPLAIN|DESCRIBE|DESC)\b/i;

type Kind = 'read' | 'write' | 'other';

/** A query builder's method, or a raw statement's first word, says whether it reads. */
function kindOf(builder: Builder): Kind {
  if (typeof builder.sql === 'string') return READ_SQL.test(builder.sql) && !PRIMARY_READ.test(builder.sql) ? 'read' : 'write';
  if (typeof builder._method !== 'string') return 'other'; // schema builders: the primary, without counting as a write
  if (!READ_METHODS.has(builder._method)) return 'write';
  if (builder._single?.lock) return 'write';
  for (const s of builder._statements ?? []) {
    const sql = (s.value as { sql?: unknown } | undefined)?.sql;
    if (typeof sql === 'string' && PRIMARY_READ.test(sql)) return 'write';
    if (Array.isArray(s.value) && s.value.some((v) => typeof (v as { sql?: unknown })?.sql === 'string' && PRIMARY_READ.test((v as { sql: string }).sql))) return 'write';
  }
  return 'read';
}

/**
 * Installs the routing on the primary's knex client. Builders keep compiling with the primary's client (the
 * replicas speak the same dialect); only the connection a statement runs on changes.
 */
export function installReadRouting(primary: Knex, replicas: ReplicaSet | undefined, observe?: QueryObserver): ReadRouting {
  const storage = new AsyncLocalStorage<RequestRoute>();
  const client = primary.client as unknown as RoutingClient;
  const proto = Object.getPrototypeOf(client) as RoutingClient;

  const onPrimary = (builder: Builder, route: RequestRoute | undefined): Runner => {
    const runner = proto.runner.call(client, builder);
    route?.used.add(PRIMARY);
    return observe ? timed(runner, PRIMARY, observe) : runner;
  };

  const onReplica = (builder: Builder, route: RequestRoute, replica: Replica): Runner => {
    const runner = (replica.knex.client as unknown as RoutingClient).runner(builder);
    const run = runner.run.bind(runner);
    runner.run = async () => {
      const started = process.hrtime.bigint();
      try {
        const result = await run();
        observe?.(replica.name, Number(process.hrtime.bigint() - started) / 1e9);
        route.used.add(replica.name);
        return result;
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        // A replica that went away answers nothing: the read is repeated on the primary, the replica skipped by
        // this request's later reads and by other requests.
        replica.markDown(error);
        route.replica = null;
        return onPrimary(builder, route).run();
      }
    };
    return runner;
  };

  client.runner = function routedRunner(builder: Builder): Runner {
    const route = storage.getStore();
    if (!route) return onPrimary(builder, undefined);
    const kind = kindOf(builder);
    if (kind === 'write') route.wrote = true;
    if (kind !== 'read' || route.wrote || route.primaryOnly) return onPrimary(builder, route);
    if (route.replica === undefined) route.replica = replicas?.pick() ?? null;
    return route.replica ? onReplica(builder, route, route.replica) : onPrimary(builder, route);
  };

  client.transaction = function routedTransaction(...args: unknown[]) {
    const route = storage.getStore();
    if (route) {
      route.wrote = true;
      route.used.add(PRIMARY);
    }
    return proto.transaction.apply(client, args);
  };

  return { run: (route, work) => storage.run(route, work) };
}

function timed(runner: Runner, database: string, observe: QueryObserver): Runner {
  const run = runner.run.bind(runner);
  runner.run = async () => {
    const started = process.hrtime.bigint();
    try {
      return await run();
    } finally {
      observe(database, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
  return runner;
}

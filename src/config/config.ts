import { availableParallelism } from 'node:os';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { DatabaseConfig } from '../db/database-config';
import type { DatabaseLimits } from '../db/dialect';
import { SAFE_PORTS } from '../media/safe-fetch';
import type { MediaSettings } from '../media/uploads';

/**
 * Service configuration, read from the environment once at start-up by main.ts.
 * loadConfig is pure: it takes the environment as an argument and never touches process.env itself.
 */

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Raw DATABASE_URL, kept for messages (password masked). */
  databaseUrl: string;
  tablePrefix: string;
  siteUrl?: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  requireHttps: boolean;
  /**
   * Express `trust proxy`: whose X-Forwarded-* headers are believed (default: loopback proxies only). `true`/`false`,
   * a number of proxy hops in front of the service, or a comma list of addresses, CIDR ranges and the names
   * `loopback`, `linklocal`, `uniquelocal`.
   */
  trustProxy: TrustProxy;
  /** Fixed "now" for deterministic runs (CLOCK=2025-06-01T12:00:00Z). */
  clock?: Date;
  /**
   * Opt-in test-double routes (TEST_DOUBLE=1): the reset route, for programs on this machine calling it directly, never
   * for web pages or through proxies (src/test-double/transport-guard.ts, docs/test-double.md).
   */
  testDouble: boolean;
  /** Fixture file the test double's reset route loads again after each reset. */
  fixtures?: string;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Keep answers (list totals and pages, whole answers by ETag) until what they are made of changes (stamped-cache.ts). */
  listCache: boolean;
  /** Keep list pages' single objects by viewer and id until the next commit (OBJECT_CACHE), independent of listCache. */
  objectCache: boolean;
  /** `s-maxage` of anonymous public GET answers (CACHE_S_MAXAGE): seconds a CDN may answer without asking. */
  cacheSMaxAge: number;
  /** Waiting bounds for the database (connections, statements, the write lock) and the MySQL pool size. */
  databaseLimits: DatabaseLimits;
  /** Bounds on requests and slow clients (ms; 0 disables a timeout). */
  http: HttpLimits;
  /** Worker processes sharing the port (WORKERS; `auto` is one per core). */
  workers: number;
  /** Read replicas of a MySQL primary (DATABASE_REPLICA_URLS), each with its masked URL for messages. */
  replicas: Array<{ database: DatabaseConfig; url: string }>;
  /** A replica further behind its primary than this many seconds is skipped (REPLICA_MAX_LAG). */
  replicaMaxLag: number;
  /** How often each replica's health and lag are checked, in milliseconds (REPLICA_CHECK_INTERVAL). */
  replicaCheckInterval: number;
  /** Name the databases that answered each request in an `X-Database` response header (DATABASE_HEADER=1). */
  databaseHeader: boolean;
  /** Port of the Prometheus endpoint (METRICS_PORT); none when unset. */
  metricsPort?: number;
  /** Address the metrics endpoint listens on (METRICS_HOST). */
  metricsHost: string;
  /** Image URLs: where they are stored, how long and how much to fetch, which private hosts and which ports may be fetched. */
  media: MediaSettings;
}

export interface HttpLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  keepAliveTimeoutMs: number;
  heavyConcurrency: number;
  heavyQueueMs: number;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {}

/** What Express's `trust proxy` setting takes: all or none, a hop count, or addresses and ranges (comma list). */
export type TrustProxy = boolean | number | string;

const TRUST_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address as proxy-addr compares them: dotted-quad IPv4 (not `1` or `127.1`, which ipaddr.js would read), or IPv6. */
const isAddress = (text: string): boolean => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);

/** One entry of a TRUST_PROXY list: a name proxy-addr knows, an address, `address/bits` or `IPv4/netmask`. */
function isTrustEntry(entry: string): boolean {
  if (TRUST_NAMES.has(entry)) return true;
  const [address, range, extra] = entry.split('/');
  if (extra !== undefined || !isAddress(address!)) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (ipaddr.IPv4.isValidFourPartDecimal(address!) ? 32 : 128);
  return ipaddr.IPv4.isValidFourPartDecimal(range) && ipaddr.IPv4.parse(range).prefixLengthFromSubnetMask() !== null;
}

/** TRUST_PROXY as Express takes it: `1` and `2` are hop counts, never the addresses 0.0.0.1 and 0.0.0.2. */
function parseTrustProxy(text: string): TrustProxy | undefined {
  const value = text.trim();
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isTrustEntry) ? entries.join(',') : undefined;
}

const boolFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** A duration in milliseconds (0 where a timeout may be disabled). */
const ms = z.coerce.number().int().min(0).max(3_600_000);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).default('sqlite:./data/calendar.db'),
  // wpdb::set_prefix: anything outside [A-Za-z0-9_] is an invalid prefix.
  DB_TABLE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_]+$/, 'must contain only letters, digits and underscores (as WordPress requires)')
    .default('wp_'),
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUIRE_HTTPS: boolFlag.default(false),
  TRUST_PROXY: z
    .string()
    .refine((v) => parseTrustProxy(v) !== undefined, {
      message: 'must be true, false, a number of proxy hops (1, 2…), or a comma list of addresses, CIDR ranges (10.0.0.0/8, 10.0.0.0/255.0.0.0) and the names loopback, linklocal, uniquelocal',
    })
    .transform((v) => parseTrustProxy(v)!)
    .default('loopback'),
  CLOCK: z.iso
    .datetime({ offset: true })
    .transform((s) => new Date(s))
    .optional(),
  TEST_DOUBLE: boolFlag.default(false),
  FIXTURES: z.string().min(1).optional(),
  LIST_CACHE: boolFlag.default(true),
  OBJECT_CACHE: boolFlag.default(true),
  CACHE_S_MAXAGE: z.coerce.number().int().min(0).max(31_536_000).default(0),
  BODY_LIMIT: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DB_ACQUIRE_TIMEOUT: ms.default(5_000),
  DB_QUERY_TIMEOUT: ms.default(10_000),
  DB_LOCK_TIMEOUT: ms.default(10_000),
  DB_COMMIT_TIMEOUT: ms.default(60_000),
  REQUEST_TIMEOUT: ms.default(30_000),
  HEADERS_TIMEOUT: ms.default(10_000),
  BODY_TIMEOUT: ms.default(30_000),
  KEEP_ALIVE_TIMEOUT: ms.default(5_000),
  HEAVY_REQUESTS: z.coerce.number().int().min(1).max(1000).default(4),
  HEAVY_QUEUE_TIMEOUT: ms.default(10_000),
  SHUTDOWN_TIMEOUT: ms.default(10_000),
  WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)], { error: 'must be a whole number from 1 to 256, or auto' })
    .default(1),
  DATABASE_REPLICA_URLS: z.string().optional(),
  REPLICA_MAX_LAG: z.coerce.number().min(0).default(5),
  REPLICA_CHECK_INTERVAL: z.coerce.number().int().min(100).default(1000),
  DATABASE_HEADER: boolFlag.default(false),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  UPLOADS_DIR: z.string().min(1).default('./data/uploads'),
  IMAGE_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  IMAGE_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  IMAGE_FETCH_ALLOW: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((h) => h.trim()).filter(Boolean)),
  // The ports an image URL may name (WordPress's http_allowed_safe_ports); the site's own port is allowed on its host.
  IMAGE_FETCH_PORTS: z
    .string()
    .default(SAFE_PORTS.join(','))
    .refine((s) => s.split(',').every((p) => /^\s*\d{1,5}\s*$/.test(p) && Number(p) >= 1 && Number(p) <= 65535), 'must be a comma list of port numbers (1-65535)')
    .transform((s) => s.split(',').map(Number)),
});

/** Parses a DATABASE_URL in one of the forms mysql://user:pass@host:port/db, sqlite:path, sqlite::memory:. */
export function parseDatabaseUrl(url: string): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    // sqlite:///abs/path and sqlite:/abs/path both name /abs/path.
    const filename = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!filename) throw new ConfigError('DATABASE_URL: sqlite URL needs a file path or :memory:');
    return { client: 'sqlite', filename };
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError('DATABASE_URL: not a valid mysql:// URL');
    }
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    if (!database || database.includes('/')) {
      throw new ConfigError('DATABASE_URL: the mysql URL must name a database, e.g. mysql://root@127.0.0.1:3306/wordpress');
    }
    return {
      client: 'mysql',
      host: parsed.hostname || '127.0.0.1',
      port: parsed.port ? Number(parsed.port) : 3306,
      user: decodeURIComponent(parsed.username || 'root'),
      password: decodeURIComponent(parsed.password),
      database,
    };
  }
  throw new ConfigError('DATABASE_URL: expected mysql://user:pass@host:port/db, sqlite:path/to/file.db or sqlite::memory:');
}

export function maskDatabaseUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}

/** Validates the environment; throws ConfigError with a one-line message naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined>, cores = availableParallelism()): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`${name}: ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`);
  }
  const e = result.data;
  const database = parseDatabaseUrl(e.DATABASE_URL);
  const workers = e.WORKERS === 'auto' ? Math.max(1, cores) : e.WORKERS;
  const replicas = parseReplicaUrls(e.DATABASE_REPLICA_URLS ?? '', database);
  if (workers > 1 && database.client === 'sqlite' && database.filename === ':memory:') {
    throw new ConfigError('WORKERS: an in-memory SQLite database lives inside one process; workers need a database file or MySQL');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    databaseUrl: maskDatabaseUrl(e.DATABASE_URL),
    tablePrefix: e.DB_TABLE_PREFIX,
    siteUrl: e.SITE_URL,
    logLevel: e.LOG_LEVEL,
    requireHttps: e.REQUIRE_HTTPS,
    trustProxy: e.TRUST_PROXY,
    clock: e.CLOCK,
    testDouble: e.TEST_DOUBLE,
    fixtures: e.FIXTURES,
    bodyLimit: e.BODY_LIMIT,
    listCache: e.LIST_CACHE,
    objectCache: e.OBJECT_CACHE,
    cacheSMaxAge: e.CACHE_S_MAXAGE,
    databaseLimits: { poolSize: e.DB_POOL_SIZE, acquireTimeoutMs: Math.max(1, e.DB_ACQUIRE_TIMEOUT), queryTimeoutMs: e.DB_QUERY_TIMEOUT, lockTimeoutMs: Math.max(1, e.DB_LOCK_TIMEOUT), commitTimeoutMs: e.DB_COMMIT_TIMEOUT },
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT,
      headersTimeoutMs: e.HEADERS_TIMEOUT,
      bodyTimeoutMs: e.BODY_TIMEOUT,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT,
      heavyConcurrency: e.HEAVY_REQUESTS,
      heavyQueueMs: e.HEAVY_QUEUE_TIMEOUT,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT,
    },
    workers,
    replicas,
    replicaMaxLag: e.REPLICA_MAX_LAG,
    replicaCheckInterval: e.REPLICA_CHECK_INTERVAL,
    databaseHeader: e.DATABASE_HEADER,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    media: { uploadsDir: e.UPLOADS_DIR, timeoutMs: e.IMAGE_FETCH_TIMEOUT_MS, maxBytes: e.IMAGE_MAX_BYTES, allow: e.IMAGE_FETCH_ALLOW, ports: e.IMAGE_FETCH_PORTS },
  };
}

/** DATABASE_REPLICA_URLS: comma-separated mysql:// URLs of replicas of the DATABASE_URL primary. */
function parseReplicaUrls(list: string, primary: DatabaseConfig): Config['replicas'] {
  const urls = list.split(',').map((u) => u.trim()).filter(Boolean);
  if (urls.length === 0) return [];
  if (primary.client !== 'mysql') {
    throw new ConfigError('DATABASE_REPLICA_URLS: read replicas need a MySQL/MariaDB primary; SQLite has no replication, unset the variable or use a mysql:// DATABASE_URL');
  }
  return urls.map((url) => {
    let database: DatabaseConfig;
    try {
      database = parseDatabaseUrl(url);
    } catch (error) {
      throw new ConfigError(`DATABASE_REPLICA_URLS: ${(error as Error).message.replace(/^DATABASE_URL: /, '')} (got ${JSON.stringify(maskDatabaseUrl(url))})`);
    }
    if (database.client !== 'mysql') throw new ConfigError(`DATABASE_REPLICA_URLS: a replica must be a mysql:// URL (got ${JSON.stringify(maskDatabaseUrl(url))})`);
    return { database, url: maskDatabaseUrl(url) };
  });
}

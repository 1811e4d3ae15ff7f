import type { DatabaseLimits } from './dialect';

/** How the MySQL/MariaDB dialect sets up each pooled connection: WordPress's session settings and bounded statements. */

/** SQL modes WordPress's wpdb removes from every session (wpdb::$incompatible_modes). */
const INCOMPATIBLE_SQL_MODES = ['NO_ZERO_DATE', 'ONLY_FULL_GROUP_BY', 'STRICT_TRANS_TABLES', 'STRICT_ALL_TABLES', 'TRADITIONAL', 'ANSI'];

function compatibleSqlMode(current: string): string {
  return current
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m && !INCOMPATIBLE_SQL_MODES.includes(m.toUpperCase()))
    .join(',');
}

interface MysqlConnection {
  query(sql: string, cb: (err: Error | null, rows?: Array<Record<string, unknown>>) => void): void;
  query(sql: string, values: unknown[], cb: (err: Error | null) => void): void;
  destroy(): void;
}

/**
 * Every statement of the connection gets mysql2's inactivity timeout (unless 0), so a hung server answers with an
 * error in bounded time. The connection is then destroyed: its late answer must not reach the next statement, and
 * the pool drops destroyed connections. Non-finite numbers have no SQL spelling (mysql2 would write `Infinity`, a
 * column name): they are bound as NULL, which matches no row.
 */
function boundQueries(conn: MysqlConnection, timeoutMs: number): void {
  const query = conn.query.bind(conn) as (...args: unknown[]) => unknown;
  (conn as { query: unknown }).query = (...args: unknown[]) => {
    const [first, ...rest] = args;
    const options = typeof first === 'string' ? { sql: first } : (first as Record<string, unknown>);
    const timeout = options.timeout === undefined ? timeoutMs : (options.timeout as number);
    const bounded = { ...options, timeout: timeout > 0 ? timeout : undefined };
    if (Array.isArray(rest[0])) rest[0] = rest[0].map((v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v));
    const last = rest.length - 1;
    if (typeof rest[last] === 'function') {
      const callback = rest[last] as (err: { code?: string } | null, ...more: unknown[]) => void;
      rest[last] = (err: { code?: string } | null, ...more: unknown[]) => {
        if (err?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') conn.destroy();
        callback(err, ...more);
      };
    }
    return query(bounded, ...rest);
  };
}

/**
 * The pool's afterCreate: bounded statements, then the session as wpdb sets it (its incompatible SQL modes removed,
 * UTC, utf8mb4) with the lock wait of the service's limits.
 */
export function prepareConnection(limits: DatabaseLimits) {
  return (conn: MysqlConnection, done: (err: Error | null, conn: MysqlConnection) => void): void => {
    boundQueries(conn, limits.queryTimeoutMs);
    conn.query('SELECT @@SESSION.sql_mode AS mode', (err, rows) => {
      if (err) return done(err, conn);
      const mode = compatibleSqlMode(String(rows?.[0]?.mode ?? ''));
      const lockWait = Math.max(1, Math.ceil(limits.lockTimeoutMs / 1000));
      conn.query(`SET SESSION sql_mode = ?, time_zone = '+00:00', NAMES utf8mb4, innodb_lock_wait_timeout = ${lockWait}`, [mode], (err2) => done(err2 ?? null, conn));
    });
  };
}

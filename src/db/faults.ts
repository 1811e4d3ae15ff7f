/**
 * How each engine reports the failures a service must survive, kept apart from the dialects' SQL so both lists can
 * be read at a glance. "Retryable" failures undo a transaction that can simply run again (InnoDB deadlocks and lock
 * waits, SQLite's busy file); "unavailable" ones mean the database cannot be reached or written at all right now.
 */

export const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';

/** ER_LOCK_DEADLOCK (1213) and ER_LOCK_WAIT_TIMEOUT (1205): InnoDB rolled the statement or transaction back. */
const MYSQL_RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/** Lost, refused or timed-out connections, a server shutting down or full. */
const MYSQL_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_QUERY_INTERRUPTED',
  'ER_STATEMENT_TIMEOUT',
  'ER_OPTION_PREVENTS_STATEMENT',
]);

export function mysqlRetryable(error: unknown): boolean {
  return MYSQL_RETRYABLE.has(codeOf(error));
}

export function mysqlUnavailable(error: unknown): boolean {
  if (mysqlRetryable(error) || MYSQL_UNAVAILABLE.has(codeOf(error))) return true;
  // mysql2 flags errors that killed the connection as fatal; knex names its pool's acquire timeout.
  return (error as { fatal?: unknown })?.fatal === true || isPoolTimeout(error) || /closed state/.test((error as Error)?.message ?? '');
}

/**
 * A failed COMMIT whose outcome only the server knows: the connection was lost, or the COMMIT went unanswered within
 * its bound (the connection is then closed, but a server that received the COMMIT still applies it). An error the
 * server sent back in answer (a packet with its errno) means that the transaction was not committed.
 */
export function mysqlCommitOutcomeUnknown(error: unknown): boolean {
  return (error as { fatal?: unknown })?.fatal === true || typeof (error as { errno?: unknown })?.errno !== 'number';
}

/** SQLITE_BUSY / SQLITE_LOCKED (and their extended codes): another connection holds the file. */
export function sqliteRetryable(error: unknown): boolean {
  return /^SQLITE_(BUSY|LOCKED)/.test(codeOf(error));
}

/** A read-only, missing, full, unreadable or damaged file. */
export function sqliteUnavailable(error: unknown): boolean {
  return sqliteRetryable(error) || /^SQLITE_(READONLY|CANTOPEN|IOERR|FULL|PERM|NOTADB|CORRUPT|AUTH)/.test(codeOf(error)) || isPoolTimeout(error);
}

function isPoolTimeout(error: unknown): boolean {
  return (error as Error)?.name === 'KnexTimeoutError';
}

/** Raised when a write waited longer than its bound for the database's write lock. */
export class WriteLockTimeout extends Error {
  readonly code = 'WRITE_LOCK_TIMEOUT';
  constructor(ms: number) {
    super(`waited ${ms} ms for the write lock`);
  }
}

/**
 * A write whose COMMIT was sent but whose outcome is unknown (mysqlCommitOutcomeUnknown): it may be stored. No answer
 * may claim either outcome; the request is left unanswered (its connection closed) rather than answered 5xx.
 */
export class CommitOutcomeUnknown extends Error {
  readonly code = 'COMMIT_OUTCOME_UNKNOWN';
  constructor(cause: unknown) {
    super('the connection failed while the COMMIT was under way; whether it was stored is unknown', { cause });
  }
}

import type { Knex } from 'knex';
import type { DatabaseConfig } from './database-config';
import type { Deadline } from './deadline';
import { mysqlDialect } from './mysql-dialect';
import { sqliteDialect } from './sqlite-dialect';

/**
 * Everything that differs between MySQL/MariaDB and SQLite lives behind this interface, and only there: its two
 * implementations are mysql-dialect.ts and sqlite-dialect.ts. The rest of the code asks the dialect for a knex
 * config, a SQL fragment or an introspection result.
 */

export interface ColumnInfo {
  name: string;
  /** Normalised to the WordPress family: 'integer' or 'text' (dates and strings are text in SQLite). */
  family: 'integer' | 'text';
  nullable: boolean;
  /** Default value as a string, or null for none/NULL. */
  defaultValue: string | null;
  autoIncrement: boolean;
}

export interface IndexInfo {
  name: string;
  unique: boolean;
  primary: boolean;
  columns: string[];
}

/** Bounds on waiting for the database; 0 disables the query timeout (the command-line tool's bulk work). */
export interface DatabaseLimits {
  /** Longest wait for a pooled connection, and for a new connection's handshake. */
  acquireTimeoutMs: number;
  /** Longest wait for one statement's answer (MySQL; SQLite statements run in-process). */
  queryTimeoutMs: number;
  /** Longest wait for the write lock (GET_LOCK, InnoDB row locks, SQLite's busy file). */
  lockTimeoutMs: number;
  /**
   * Longest wait for a COMMIT's answer (MySQL), 0 for none. Neither the statement limit nor the request's deadline
   * cuts it: a COMMIT the server received is applied, so the request waits for what it did (database.ts).
   */
  commitTimeoutMs: number;
  /** Connections in the MySQL pool. */
  poolSize: number;
}

export interface Dialect {
  readonly name: 'mysql' | 'sqlite';
  /** Connection settings, including the session set-up WordPress's wpdb does on every connection. */
  knexConfig(config: DatabaseConfig, limits: DatabaseLimits): Knex.Config;
  /**
   * Runs `work` in a transaction that holds the database's write lock until it ends, so that writers in every
   * process take turns: slug choice, same-named venue reuse and term creation by name see each other's commits.
   * Its waits (a connection, the lock) end by `deadline` too (DeadlineExceeded).
   */
  writeTransaction<T>(knex: Knex, limits: DatabaseLimits, work: (trx: Knex.Transaction) => Promise<T>, deadline: Deadline): Promise<T>;
  /** A deadlock or lock wait that rolled back work which can run again as it is. */
  isRetryable(error: unknown): boolean;
  /** The database cannot be reached or written right now (retryable failures included, once retries ran out). */
  isUnavailable(error: unknown): boolean;
  /** A COMMIT failed this way may have been applied all the same (the connection failed, not the transaction). */
  isCommitOutcomeUnknown(error: unknown): boolean;
  listTables(knex: Knex): Promise<string[]>;
  columns(knex: Knex, table: string): Promise<ColumnInfo[]>;
  indexes(knex: Knex, table: string): Promise<IndexInfo[]>;
  /** The collation of each text column of `table` that declares one (MySQL/MariaDB; none on SQLite). */
  columnCollations(knex: Knex, table: string): Promise<Map<string, string>>;
  /** `CAST(<expr> AS <signed integer>)` for numeric comparison of meta values. */
  castInteger(knex: Knex, column: string): Knex.Raw;
  /** Case-sensitive binary equality (slugs are case-insensitive by collation; hashes are not). */
  binaryEquals(knex: Knex, column: string, value: string): Knex.Raw;
  /** The column's value in an expression no index serves, so that the planner drives a query from another key. */
  unindexed(knex: Knex, column: string): Knex.Raw;
  /**
   * Joins `table` (aliased) to `query` on `on` (column pairs, then column/value pairs) after the tables before it:
   * on MySQL a STRAIGHT_JOIN, which keeps that order, for a statement the optimizer would drive from a worse table
   * (the date-meta lists: MariaDB reads the posts' type/status key first and probes the meta per event). SQLite's
   * planner picks that order for them by itself: a plain join, which leaves it free where another order is better.
   */
  joinAfter(query: Knex.QueryBuilder, table: { alias: string; name: string }, on: { columns: readonly [string, string]; value?: readonly [string, string] }): Knex.QueryBuilder;
  /**
   * `<column> [NOT] LIKE <pattern>` with `\` as the escape character, as wpdb::esc_like() escapes patterns
   * (MySQL's default; SQLite needs it spelled out).
   */
  like(knex: Knex, column: string, pattern: string, negate?: boolean): Knex.Raw;
  /** Whether a table exists, in one cheap statement. */
  tableExists(knex: Knex, table: string): Promise<boolean>;
  /**
   * The tables of `names` that exist, one row each, to be combined (UNION ALL) with a query of three columns:
   * `columns[0]` is 1, `columns[1]` the table's name, `columns[2]` NULL. Names compare as tableExists compares them.
   */
  existingTables(knex: Knex, names: readonly string[], columns: readonly [string, string, string]): Knex.QueryBuilder;
  /** The DDL file in schema/ that describes WordPress's tables for this dialect. */
  readonly schemaFile: string;
  /** The text substituted for {charset_collate} in the DDL. */
  charsetCollate(knex: Knex): Promise<string>;
  /**
   * Restarts an emptied table's ids after its highest remaining one, as a fresh install numbers them. On MySQL
   * this is DDL (an implicit commit): call it after the transaction that emptied the table.
   */
  resetAutoIncrement(knex: Knex, table: string): Promise<void>;
  /** `CAST(<expr> AS <signed integer>)` as SQL text, for trigger bodies and other DDL. */
  castIntegerSql(expr: string): string;
  /** CREATE TRIGGER for an AFTER row trigger whose statements run when `when` holds (SQLite's WHEN, MySQL's IF). */
  createTriggerSql(trigger: TriggerSpec): string;
  /** Names of the triggers of the database (SQLite file / MySQL schema). */
  listTriggers(knex: Knex): Promise<string[]>;
  /** Names of the triggers on one table (none when the table does not exist): a lookup of that table alone. */
  triggersOn(knex: Knex, table: string): Promise<string[]>;
  /**
   * Lets triggers idle for the rest of the transaction `knex` (one connection), for a bulk writer that writes what
   * they would in one statement per batch; returns what makes them fire again, to run before the transaction ends.
   * MySQL sets the session flag that triggers created with `unlessSessionFlag` test (other sessions never set it).
   * SQLite triggers cannot read per-connection state: the triggers `names` are dropped inside the transaction and
   * made again from their own SQL. DDL is transactional there and the write lock keeps every other connection out
   * until the commit, so no other writer ever runs without them, and a rollback brings them back.
   */
  suspendTriggers(knex: Knex, triggers: { flag: string; names: readonly string[] }): Promise<() => Promise<void>>;
  /**
   * Of the privileges named (`CREATE`, `TRIGGER`, `DROP`, …), those the session's user lacks on its database;
   * SQLite has no privileges, so always none there.
   */
  missingPrivileges(knex: Knex, privileges: readonly string[]): Promise<string[]>;
  /** Is this driver error about a table that does not exist (dropped meanwhile)? */
  isMissingTable(error: unknown): boolean;
  /** Is this driver error a refusal for lack of a privilege (or a read-only database)? */
  isPermissionError(error: unknown): boolean;
  /** Refreshes the planner's statistics of the tables (SQLite keeps none until ANALYZE runs). */
  analyze(knex: Knex, tables: readonly string[]): Promise<void>;
  /**
   * A value that differs whenever a change may have been committed to the database since it was last read, by any
   * writer (this process, another one, plain SQL), for a database without change stamp triggers
   * (src/wp/change-stamps.ts). SQLite: the connection's identity, its `data_version` (commits by other
   * connections), `schema_version` (DDL) and `total_changes()` (its own row changes, trigger programs included).
   * MySQL/MariaDB offer none that is exact (InnoDB's log sequence number moves with every database of the server
   * and before a commit is visible): undefined.
   */
  changeStamp(knex: Knex): Promise<string | undefined>;
  /** How many of the database's triggers have a name that starts with `stem` (a plain statement of its own). */
  triggerCount(knex: Knex, stem: string): Promise<number>;
  /**
   * Where counting the triggers costs more than a status read (MySQL/MariaDB read information_schema.TRIGGERS from
   * every table's trigger file, milliseconds per call): a value that moves whenever the server may have made,
   * dropped or altered a table or a trigger, and differs between servers. Absent: the triggers are counted.
   */
  schemaMark?(knex: Knex): Promise<string>;
  /**
   * The schema mark as a scalar SQL expression, where the server offers its status counters as a table (MariaDB's
   * information_schema, MySQL 8's performance_schema; found once per server): the change stamp's statement reads it
   * along (ChangeStamps.read), one statement instead of two. Undefined where there is none.
   */
  schemaMarkColumn?(knex: Knex): Promise<string | undefined>;
  /**
   * The statement of a trigger body that adds 1 to the counter row (`family`, `slot`) of `table` (SQL expressions),
   * making the row at 1 when it is not there yet.
   */
  counterIncrementSql(table: string, key: { family: string; slot: string }): string;
  /**
   * An INSERT … SELECT into `table` whose rows, on a key that exists, add the selected `sums` to its columns and
   * raise its `maxima` to the selected values (every column named as the select names it).
   */
  addToRowsSql(table: string, columns: { key: readonly string[]; sums: readonly string[]; maxima: readonly string[] }, select: string): string;
  /** Whether the text `expr` is a `Y-m-d H:i:s` wall clock of two-digit fields in range (SQL text, for triggers). */
  isWallClockSql(expr: string): string;
  /** The query plan of a statement as text lines, for tests and diagnostics. */
  explain(knex: Knex, query: { sql: string; bindings: readonly Knex.Value[] }): Promise<string[]>;
  /** The engine and its version as the server names them (`SQLite 3.46.1`, `MariaDB 10.11.6`), for the operator. */
  serverVersion(knex: Knex): Promise<string>;
  /**
   * Rows that tie on the ORDER BY come back in the order the engine's plan and sort leave them, and that order is
   * what a WordPress site on this engine shows (MySQL/MariaDB: WordPress's own engine). False on SQLite, which no
   * WordPress site answers from: queries there spell out a tie-break.
   */
  readonly tiesAsWordPressShowsThem: boolean;
}

export interface TriggerSpec {
  name: string;
  table: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  /** SQL condition on NEW / OLD; absent means always. */
  when?: string;
  /**
   * A session flag (MySQL user variable) under which the trigger does nothing, for a bulk writer that writes what
   * the trigger would in one statement per batch (suspendTriggers). SQLite triggers cannot read per-connection
   * state: ignored there.
   */
  unlessSessionFlag?: string;
  statements: readonly string[];
}

export function dialectFor(config: DatabaseConfig): Dialect {
  return config.client === 'mysql' ? mysqlDialect : sqliteDialect;
}

import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { DatabaseConfig } from '../config/config';
import { mysqlRetryable, mysqlUnavailable, sqliteRetryable, sqliteUnavailable, WriteLockTimeout } from './faults';

/**
 * Everything that differs between MySQL/MariaDB and SQLite lives here, and only here.
 * The rest of the code asks the dialect for a knex config, a SQL fragment or an introspection result.
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
   */
  writeTransaction<T>(knex: Knex, limits: DatabaseLimits, work: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  /** A deadlock or lock wait that rolled back work which can run again as it is. */
  isRetryable(error: unknown): boolean;
  /** The database cannot be reached or written right now (retryable failures included, once retries ran out). */
  isUnavailable(error: unknown): boolean;
  listTables(knex: Knex): Promise<string[]>;
  columns(knex: Knex, table: string): Promise<ColumnInfo[]>;
  indexes(knex: Knex, table: string): Promise<IndexInfo[]>;
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
  /** Is this driver error a refusal for lack of a privilege (or a read-only database)? */
  isPermissionError(error: unknown): boolean;
  /** Refreshes the planner's statistics of the tables (SQLite keeps none until ANALYZE runs). */
  analyze(knex: Knex, tables: readonly string[]): Promise<void>;
  /** The query plan of a statement as text lines, for tests and diagnostics. */
  explain(knex: Knex, query: { sql: string; bindings: readonly Knex.Value[] }): Promise<string[]>;
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

/** SQL modes WordPress's wpdb removes from every session (wpdb::$incompatible_modes). */
const INCOMPATIBLE_SQL_MODES = ['NO_ZERO_DATE', 'ONLY_FULL_GROUP_BY', 'STRICT_TRANS_TABLES', 'STRICT_ALL_TABLES', 'TRADITIONAL', 'ANSI'];

export function compatibleSqlMode(current: string): string {
  return current
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m && !INCOMPATIBLE_SQL_MODES.includes(m.toUpperCase()))
    .join(',');
}

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;

const mysql: Dialect = {
  name: 'mysql',
  tiesAsWordPressShowsThem: true,
  schemaFile: 'mysql.sql',
  knexConfig(config, limits) {
    if (config.client !== 'mysql') throw new Error('mysql dialect needs a mysql config');
    return {
      client: 'mysql2',
      acquireConnectionTimeout: limits.acquireTimeoutMs,
      connection: {
        host: config.host,
        port: config.port,
        user: config.user,
        password: config.password,
        database: config.database,
        charset: 'utf8mb4',
        // WordPress converts between local and UTC time itself; the session must never shift DATETIMEs.
        timezone: 'Z',
        // DATETIME values stay the exact strings WordPress wrote, including '0000-00-00 00:00:00'.
        dateStrings: true,
        supportBigNumbers: true,
        decimalNumbers: true,
        connectTimeout: limits.acquireTimeoutMs,
      },
      pool: {
        min: 0,
        max: limits.poolSize,
        afterCreate(conn: MysqlConnection, done: (err: Error | null, conn: MysqlConnection) => void) {
          boundQueries(conn, limits.queryTimeoutMs);
          conn.query('SELECT @@SESSION.sql_mode AS mode', (err, rows) => {
            if (err) return done(err, conn);
            const mode = compatibleSqlMode(String(rows?.[0]?.mode ?? ''));
            const lockWait = Math.max(1, Math.ceil(limits.lockTimeoutMs / 1000));
            conn.query(`SET SESSION sql_mode = ?, time_zone = '+00:00', NAMES utf8mb4, innodb_lock_wait_timeout = ${lockWait}`, [mode], (err2) => done(err2 ?? null, conn));
          });
        },
      },
    };
  },
  async writeTransaction(knex, limits, work) {
    // GET_LOCK belongs to the session, not the transaction: the connection is held from before BEGIN until the
    // lock is released after COMMIT, so the next writer's statements start after this one's commit. READ COMMITTED
    // takes no gap locks on the postmeta and term indexes, where concurrent inserts deadlocked under REPEATABLE READ.
    const client = knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(conn: unknown): Promise<unknown> };
    const conn = await client.acquireConnection();
    const name = writeLockName(knex);
    let locked = false;
    try {
      const seconds = Math.max(1, Math.ceil(limits.lockTimeoutMs / 1000));
      const [rows] = await knex.raw('SELECT GET_LOCK(?, ?) AS got', [name, seconds]).connection(conn).options({ timeout: limits.queryTimeoutMs > 0 ? seconds * 1000 + limits.queryTimeoutMs : 0 });
      if (Number(rows?.[0]?.got) !== 1) throw new WriteLockTimeout(limits.lockTimeoutMs);
      locked = true;
      return await knex.transaction(work, { connection: conn, isolationLevel: 'read committed' });
    } finally {
      if (locked) await knex.raw('SELECT RELEASE_LOCK(?)', [name]).connection(conn).catch(() => undefined);
      await client.releaseConnection(conn);
    }
  },
  isRetryable: mysqlRetryable,
  isUnavailable: mysqlUnavailable,
  async listTables(knex) {
    const rows: Array<{ name: string }> = (
      await knex.raw('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()')
    )[0];
    return rows.map((r) => r.name);
  },
  async columns(knex, table) {
    const rows: Array<Record<string, string | null>> = (
      await knex.raw(
        `SELECT COLUMN_NAME AS name, DATA_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS def, EXTRA AS extra
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
        [table],
      )
    )[0];
    return rows.map((r) => ({
      name: String(r.name),
      family: /int/i.test(String(r.type)) ? 'integer' : 'text',
      nullable: r.nullable === 'YES',
      // MariaDB reports defaults as SQL literals ('0000-00-00 00:00:00' quoted, NULL as the word NULL).
      defaultValue: r.def === null || r.def === 'NULL' ? null : String(r.def).replace(/^'(.*)'$/s, '$1'),
      autoIncrement: /auto_increment/i.test(String(r.extra)),
    }));
  },
  async indexes(knex, table) {
    const rows: Array<{ Key_name: string; Non_unique: number; Column_name: string; Seq_in_index: number }> = (
      await knex.raw('SHOW INDEX FROM ??', [table])
    )[0];
    return groupIndexRows(
      rows.map((r) => ({ name: r.Key_name, unique: Number(r.Non_unique) === 0, column: r.Column_name, seq: Number(r.Seq_in_index) })),
      (name) => name === 'PRIMARY',
    );
  },
  castInteger: (knex, column) => knex.raw('CAST(?? AS SIGNED)', [column]),
  binaryEquals: (knex, column, value) => knex.raw('?? = BINARY ?', [column, value]),
  unindexed: (knex, column) => knex.raw('CONCAT(??)', [column]),
  joinAfter: (query, table, on) =>
    query.joinRaw(`STRAIGHT_JOIN ?? AS ?? ON ?? = ??${on.value ? ' AND ?? = ?' : ''}`, [table.name, table.alias, ...on.columns, ...(on.value ?? [])]),
  like: (knex, column, pattern, negate) => knex.raw(`?? ${negate ? 'NOT LIKE' : 'LIKE'} ?`, [column, pattern]),
  async tableExists(knex, table) {
    const rows: unknown[] = (await knex.raw('SHOW TABLES LIKE ?', [table.replace(/[\\%_]/g, (c) => `\\${c}`)]))[0];
    return rows.length > 0;
  },
  // An equality on the schema and the name lets the server look the table up alone (Skip_open_table), as SHOW TABLES does.
  existingTables: (knex, names, [flag, name, value]) =>
    knex('information_schema.TABLES')
      .select(knex.raw('1 AS ??', [flag]), { [name]: 'TABLE_NAME' }, knex.raw('NULL AS ??', [value]))
      .whereRaw('TABLE_SCHEMA = DATABASE()')
      .where((q) => names.forEach((n) => q.orWhere('TABLE_NAME', n))),
  async charsetCollate(knex) {
    // wpdb::determine_charset: utf8mb4_unicode_520_ci when the server has it, else utf8mb4_unicode_ci.
    const rows: unknown[] = (await knex.raw("SHOW COLLATION LIKE 'utf8mb4_unicode_520_ci'"))[0];
    const collate = rows.length > 0 ? 'utf8mb4_unicode_520_ci' : 'utf8mb4_unicode_ci';
    return `DEFAULT CHARACTER SET utf8mb4 COLLATE ${collate}`;
  },
  async resetAutoIncrement(knex, table) {
    // InnoDB raises a value below the highest id to max(id) + 1.
    await knex.raw('ALTER TABLE ?? AUTO_INCREMENT = 1', [table]);
  },
  castIntegerSql: (expr) => `CAST(${expr} AS SIGNED)`,
  createTriggerSql(t) {
    const body = t.statements.map((s) => `${s};`).join(' ');
    const when = [t.unlessSessionFlag ? `@${t.unlessSessionFlag} IS NULL` : undefined, t.when].filter((c) => c !== undefined).join(' AND ');
    return `CREATE TRIGGER \`${t.name}\` AFTER ${t.event} ON \`${t.table}\` FOR EACH ROW BEGIN ${when ? `IF ${when} THEN ${body} END IF;` : body} END`;
  },
  async suspendTriggers(knex, { flag }) {
    await knex.raw(`SET @${flag} = 1`);
    return async () => {
      await knex.raw(`SET @${flag} = NULL`);
    };
  },
  async listTriggers(knex) {
    const rows: Array<{ name: string }> = (await knex.raw('SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()'))[0];
    return rows.map((r) => r.name);
  },
  async triggersOn(knex, table) {
    // Both names given as constants: the server reads that table's trigger file alone ("Scanned 0 databases").
    const rows: Array<{ name: string }> = (
      await knex.raw('SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = ?', [table])
    )[0];
    return rows.map((r) => r.name);
  },
  async missingPrivileges(knex, privileges) {
    // Global grants, then grants on this database (whose name may be a LIKE pattern such as `wp\_%`).
    const rows: Array<{ privilege: string }> = (
      await knex.raw(
        `SELECT PRIVILEGE_TYPE AS privilege FROM information_schema.USER_PRIVILEGES WHERE GRANTEE = @grantee
         UNION SELECT PRIVILEGE_TYPE FROM information_schema.SCHEMA_PRIVILEGES WHERE GRANTEE = @grantee AND DATABASE() LIKE TABLE_SCHEMA`.replaceAll(
          '@grantee',
          "CONCAT('''', SUBSTRING_INDEX(CURRENT_USER(), '@', 1), '''@''', SUBSTRING_INDEX(CURRENT_USER(), '@', -1), '''')",
        ),
      )
    )[0];
    const held = new Set(rows.map((r) => r.privilege.toUpperCase()));
    return privileges.filter((p) => !held.has(p.toUpperCase()));
  },
  // ER_TABLEACCESS_DENIED_ERROR, ER_DBACCESS_DENIED_ERROR, ER_SPECIFIC_ACCESS_DENIED_ERROR, and binary logging's
  // demand for SUPER (or log_bin_trust_function_creators) to create triggers.
  isPermissionError: (error) => ['ER_TABLEACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_SPECIFIC_ACCESS_DENIED_ERROR', 'ER_BINLOG_CREATE_ROUTINE_NEED_SUPER'].includes(errorCode(error) ?? ''),
  async analyze(knex, tables) {
    for (const table of tables) await knex.raw('ANALYZE TABLE ??', [table]);
  },
  async explain(knex, query) {
    const rows: Array<Record<string, unknown>> = (await knex.raw(`EXPLAIN ${query.sql}`, [...query.bindings] as Knex.Value[]))[0];
    return rows.map((r) => `table=${r.table} type=${r.type} key=${r.key} rows=${r.rows} extra=${r.Extra ?? ''}`);
  },
};

const sqlite: Dialect = {
  name: 'sqlite',
  tiesAsWordPressShowsThem: false,
  schemaFile: 'sqlite.sql',
  knexConfig(config, limits) {
    if (config.client !== 'sqlite') throw new Error('sqlite dialect needs a sqlite config');
    return {
      client: 'better-sqlite3',
      acquireConnectionTimeout: limits.acquireTimeoutMs,
      connection: { filename: config.filename },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: SqliteConnection) => void) {
          try {
            // WAL lets other processes (another instance, WordPress's SQLite plugin) read while we write.
            if (config.filename !== ':memory:') conn.pragma('journal_mode = WAL');
            conn.pragma(`busy_timeout = ${Math.max(0, Math.round(limits.lockTimeoutMs))}`);
            // WordPress's LIKE is case-insensitive for ASCII, which is SQLite's default; keep it explicit.
            conn.pragma('case_sensitive_like = OFF');
            cachePreparedStatements(conn);
            done(null, conn);
          } catch (error) {
            done(error as Error, conn);
          }
        },
      },
    };
  },
  async listTables(knex) {
    const rows: Array<{ name: string }> = await knex.raw(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    );
    return rows.map((r) => r.name);
  },
  async columns(knex, table) {
    const rows: Array<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }> = await knex.raw(
      'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)',
      [table],
    );
    const sql: Array<{ sql: string }> = await knex.raw("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [table]);
    const ddl = sql[0]?.sql ?? '';
    return rows.map((r) => ({
      name: r.name,
      family: /int/i.test(r.type) ? 'integer' : 'text',
      nullable: r.notnull === 0 && r.pk === 0,
      defaultValue: r.dflt_value === null || r.dflt_value === 'NULL' ? null : r.dflt_value.replace(/^'(.*)'$/s, '$1'),
      autoIncrement: r.pk === 1 && new RegExp(`"${r.name}"[^,]*AUTOINCREMENT`, 'i').test(ddl),
    }));
  },
  async indexes(knex, table) {
    const list: Array<{ name: string; unique: number; origin: string }> = await knex.raw('SELECT name, "unique", origin FROM pragma_index_list(?)', [table]);
    const result: IndexInfo[] = [];
    for (const index of list) {
      const cols: Array<{ name: string; seqno: number }> = await knex.raw('SELECT name, seqno FROM pragma_index_info(?) ORDER BY seqno', [index.name]);
      const primary = index.origin === 'pk';
      result.push({
        name: primary ? 'PRIMARY' : index.name.replace(new RegExp(`^${table}__`), ''),
        unique: index.unique === 1,
        primary,
        columns: cols.map((c) => c.name),
      });
    }
    // A single-column INTEGER PRIMARY KEY is the rowid and has no pragma index entry.
    const columns = await sqlite.columns(knex, table);
    const pkCols: Array<{ name: string; pk: number }> = await knex.raw('SELECT name, pk FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk', [table]);
    if (!result.some((i) => i.primary) && pkCols.length > 0 && columns.length > 0) {
      result.unshift({ name: 'PRIMARY', unique: true, primary: true, columns: pkCols.map((c) => c.name) });
    }
    return result;
  },
  castInteger: (knex, column) => knex.raw('CAST(?? AS INTEGER)', [column]),
  binaryEquals: (knex, column, value) => knex.raw('?? = ? COLLATE BINARY', [column, value]),
  // SQLite's documented way to keep a term off the indexes: a unary `+`, which leaves the value as it is.
  unindexed: (knex, column) => knex.raw('+??', [column]),
  joinAfter: (query, table, on) =>
    query.join({ [table.alias]: table.name }, (j) => {
      j.on(...on.columns);
      if (on.value) j.andOnVal(on.value[0], on.value[1]);
    }),
  like: (knex, column, pattern, negate) => knex.raw(`?? ${negate ? 'NOT LIKE' : 'LIKE'} ? ESCAPE '\\'`, [column, pattern]),
  async tableExists(knex, table) {
    const rows: unknown[] = await knex.raw("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE", [table]);
    return rows.length > 0;
  },
  existingTables: (knex, names, [flag, name, value]) =>
    knex('sqlite_master')
      .select(knex.raw('1 AS ??', [flag]), { [name]: 'name' }, knex.raw('NULL AS ??', [value]))
      .where('type', 'table')
      .where((q) => names.forEach((n) => q.orWhereRaw('name = ? COLLATE NOCASE', [n]))),
  charsetCollate: async () => '',
  // The single connection runs one transaction at a time; BEGIN IMMEDIATE (see cachePreparedStatements) takes the
  // file's write lock at the start, so writers in other processes wait (busy_timeout) instead of failing mid-way.
  writeTransaction: (knex, _limits, work) => knex.transaction(work),
  isRetryable: sqliteRetryable,
  isUnavailable: sqliteUnavailable,
  async resetAutoIncrement(knex, table) {
    // AUTOINCREMENT tables keep their counter in sqlite_sequence (absent until the first insert).
    const sequence = await knex.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'");
    if (sequence.length === 0) return;
    const max: Array<{ pk: string }> = await knex.raw("SELECT name AS pk FROM pragma_table_info(?) WHERE pk = 1", [table]);
    const column = max[0]?.pk;
    const highest = column ? Number(((await knex(table).max({ m: column })) as Array<{ m: number | null }>)[0]?.m ?? 0) : 0;
    if (highest === 0) await knex.raw('DELETE FROM sqlite_sequence WHERE name = ?', [table]);
    else await knex.raw('UPDATE sqlite_sequence SET seq = ? WHERE name = ?', [highest, table]);
  },
  castIntegerSql: (expr) => `CAST(${expr} AS INTEGER)`,
  createTriggerSql: (t) => `CREATE TRIGGER "${t.name}" AFTER ${t.event} ON "${t.table}" FOR EACH ROW${t.when ? ` WHEN ${t.when}` : ''} BEGIN ${t.statements.map((s) => `${s};`).join(' ')} END`,
  async suspendTriggers(knex, { names }) {
    if (names.length === 0) return async () => {};
    const suspended: Array<{ name: string; sql: string }> = await knex.raw(
      `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${names.map(() => '?').join(', ')}) ORDER BY name`,
      [...names],
    );
    for (const trigger of suspended) await knex.raw(`DROP TRIGGER "${trigger.name.replaceAll('"', '""')}"`);
    return async () => {
      for (const trigger of suspended) await knex.raw(trigger.sql);
    };
  },
  async listTriggers(knex) {
    const rows: Array<{ name: string }> = await knex.raw("SELECT name FROM sqlite_master WHERE type = 'trigger'");
    return rows.map((r) => r.name);
  },
  async triggersOn(knex, table) {
    const rows: Array<{ name: string }> = await knex.raw("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? COLLATE NOCASE", [table]);
    return rows.map((r) => r.name);
  },
  missingPrivileges: async () => [],
  isPermissionError: (error) => /^SQLITE_(READONLY|CANTOPEN|AUTH|PERM)/.test(errorCode(error) ?? ''),
  async analyze(knex, tables) {
    for (const table of tables) await knex.raw('ANALYZE ??', [table]);
  },
  async explain(knex, query) {
    const rows: Array<{ detail: string }> = await knex.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.bindings] as Knex.Value[]);
    return rows.map((r) => r.detail);
  },
};

function groupIndexRows(
  rows: Array<{ name: string; unique: boolean; column: string; seq: number }>,
  isPrimary: (name: string) => boolean,
): IndexInfo[] {
  const byName = new Map<string, IndexInfo & { seqs: number[] }>();
  for (const r of rows) {
    let index = byName.get(r.name);
    if (!index) {
      index = { name: r.name, unique: r.unique, primary: isPrimary(r.name), columns: [], seqs: [] };
      byName.set(r.name, index);
    }
    index.columns[r.seq - 1] = r.column;
  }
  return [...byName.values()].map(({ seqs: _seqs, ...index }) => index);
}

export function dialectFor(config: DatabaseConfig): Dialect {
  return config.client === 'mysql' ? mysql : sqlite;
}

interface MysqlConnection {
  query(sql: string, cb: (err: Error | null, rows?: Array<Record<string, unknown>>) => void): void;
  query(sql: string, values: unknown[], cb: (err: Error | null) => void): void;
  destroy(): void;
}

/** GET_LOCK names are server-wide (64 characters at most): one lock per database. */
function writeLockName(knex: Knex): string {
  const database = String((knex.client as { connectionSettings?: { database?: string } }).connectionSettings?.database ?? '');
  return `wp-calendar:${createHash('sha1').update(database).digest('hex')}`;
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
interface SqliteConnection {
  pragma(sql: string): unknown;
  prepare(sql: string): unknown;
}

/** Statements kept per connection; the service issues a few dozen distinct SQL texts. */
const PREPARED_CACHE_SIZE = 256;

/**
 * knex prepares every query afresh on better-sqlite3, which costs as much as running a small one. Statements are
 * reusable (execution is synchronous), so the connection keeps the most recent ones by SQL text.
 */
function cachePreparedStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (text: string) => {
    // knex opens transactions with a deferred BEGIN, which takes the write lock only at the first write: two
    // processes that both read first would then fail to upgrade (SQLITE_BUSY) instead of waiting their turn.
    const sql = text === 'BEGIN;' ? 'BEGIN IMMEDIATE;' : text;
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (cache.size >= PREPARED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    }
    return statement;
  };
}

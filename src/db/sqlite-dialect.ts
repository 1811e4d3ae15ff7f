import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Dialect, IndexInfo } from './dialect';
import { codeOf, sqliteRetryable, sqliteUnavailable } from './faults';

const CONNECTION_ID_FUNCTION = 'calendar_connection_id';

/** The SQLite dialect: the embedded store of the zero-configuration start and of the test double. */

export const sqliteDialect: Dialect = {
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
            // Who this connection is, for changeStamp: a new connection's data_version says nothing of the old one's.
            const id = randomUUID();
            conn.function(CONNECTION_ID_FUNCTION, { deterministic: true }, () => id);
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
  columnCollations: async () => new Map(),
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
    const columns = await sqliteDialect.columns(knex, table);
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
  // SQLite commits in-process: a failed COMMIT is one the library saw fail.
  isCommitOutcomeUnknown: () => false,
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
  async triggerCount(knex, stem) {
    const rows: Array<{ n: number }> = await knex.raw("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND substr(name, 1, length(?)) = ? COLLATE NOCASE", [stem, stem]);
    return Number(rows[0]?.n ?? 0);
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
  isPermissionError: (error) => /^SQLITE_(READONLY|CANTOPEN|AUTH|PERM)/.test(codeOf(error)),
  // Not `instanceof Error`: better-sqlite3's errors may come from another realm (a test runner's sandbox).
  isMissingTable: (error) => /no such table/i.test(String((error as { message?: unknown } | null)?.message ?? '')),
  async analyze(knex, tables) {
    for (const table of tables) await knex.raw('ANALYZE ??', [table]);
  },
  async changeStamp(knex) {
    // schema_version: DDL on this connection (a table dropped and made again empty changes no row).
    const rows: Array<{ stamp: string }> = await knex.raw(
      `SELECT ${CONNECTION_ID_FUNCTION}() || ':' || d.data_version || ':' || s.schema_version || ':' || total_changes() AS stamp FROM pragma_data_version d, pragma_schema_version s`,
    );
    return rows[0]?.stamp;
  },
  // `WHERE true` keeps the parser from reading ON CONFLICT as a join constraint of the select.
  addToRowsSql: (table, { key, sums, maxima }, select) =>
    `INSERT INTO "${table}" (${[...key, ...sums, ...maxima].join(', ')}) SELECT * FROM (${select}) WHERE true ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${[...sums.map((c) => `${c} = ${c} + excluded.${c}`), ...maxima.map((c) => `${c} = MAX(${c}, excluded.${c})`)].join(', ')}`,
  isWallClockSql: (expr) => `(${expr} GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9]')`,
  counterIncrementSql: (table, key) => `INSERT INTO "${table}" (family, slot, version) VALUES (${key.family}, ${key.slot}, 1) ON CONFLICT (family, slot) DO UPDATE SET version = version + 1`,
  async explain(knex, query) {
    const rows: Array<{ detail: string }> = await knex.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.bindings] as Knex.Value[]);
    return rows.map((r) => r.detail);
  },
  async serverVersion(knex) {
    const rows: Array<{ v: string }> = await knex.raw('SELECT sqlite_version() AS v');
    return `SQLite ${rows[0]?.v ?? '?'}`;
  },
};

interface SqliteConnection {
  pragma(sql: string): unknown;
  prepare(sql: string): unknown;
  function(name: string, options: { deterministic: boolean }, body: () => unknown): unknown;
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

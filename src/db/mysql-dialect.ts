import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Dialect, IndexInfo } from './dialect';
import { codeOf, mysqlCommitOutcomeUnknown, mysqlRetryable, mysqlUnavailable, WriteLockTimeout } from './faults';
import { prepareConnection } from './mysql-connection';
import { schemaMark, schemaMarkColumn } from './mysql-schema-mark';

/** The MySQL/MariaDB dialect: WordPress's own engine. */

/** How long GET_LOCK's answer may take once its wait is over. */
const LOCK_ANSWER_MS = 1_000;

export const mysqlDialect: Dialect = {
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
        afterCreate: prepareConnection(limits),
      },
    };
  },
  async writeTransaction(knex, limits, work, deadline) {
    // GET_LOCK belongs to the session, not the transaction: the connection is held from before BEGIN until the
    // lock is released after COMMIT, so the next writer's statements start after this one's commit. READ COMMITTED
    // takes no gap locks on the postmeta and term indexes, where concurrent inserts deadlocked under REPEATABLE READ.
    const client = knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(conn: unknown): Promise<unknown> };
    const conn = await deadline.race(client.acquireConnection(), (late) => void client.releaseConnection(late));
    const name = writeLockName(knex);
    let locked = false;
    try {
      // The lock wait is whatever the deadline leaves once the connection is there.
      const lockWaitMs = deadline.cap(limits.lockTimeoutMs);
      deadline.check();
      const seconds = Math.max(1, Math.ceil(lockWaitMs / 1000));
      // The statement waits for the lock, then answers: its own limit is the lock wait and a round trip, not a
      // statement's limit on top of the wait (a hung server is then noticed within the lock wait).
      const [rows] = await knex.raw('SELECT GET_LOCK(?, ?) AS got', [name, seconds]).connection(conn).options({ timeout: limits.queryTimeoutMs > 0 || deadline.at !== Infinity ? lockWaitMs + LOCK_ANSWER_MS : 0 });
      if (Number(rows?.[0]?.got) !== 1) throw new WriteLockTimeout(lockWaitMs);
      locked = true;
      return await knex.transaction(work, { connection: conn, isolationLevel: 'read committed' });
    } finally {
      if (locked) await knex.raw('SELECT RELEASE_LOCK(?)', [name]).connection(conn).catch(() => undefined);
      await client.releaseConnection(conn);
    }
  },
  isRetryable: mysqlRetryable,
  isUnavailable: mysqlUnavailable,
  isCommitOutcomeUnknown: mysqlCommitOutcomeUnknown,
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
  async columnCollations(knex, table) {
    const rows: Array<{ name: string; collation: string }> = (
      await knex.raw('SELECT COLUMN_NAME AS name, COLLATION_NAME AS collation FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND COLLATION_NAME IS NOT NULL', [table])
    )[0];
    return new Map(rows.map((r) => [String(r.name), String(r.collation)]));
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
  async triggerCount(knex, stem) {
    // A statement of its own: MariaDB 10.11 crashed (signal 11) on this count as a subquery beside aggregates.
    const like = `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows: Array<{ n: number }> = (await knex.raw('SELECT COUNT(*) AS n FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE ?', [like]))[0];
    return Number(rows[0]?.n ?? 0);
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
  isPermissionError: (error) => ['ER_TABLEACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_SPECIFIC_ACCESS_DENIED_ERROR', 'ER_BINLOG_CREATE_ROUTINE_NEED_SUPER'].includes(codeOf(error)),
  isMissingTable: (error) => codeOf(error) === 'ER_NO_SUCH_TABLE',
  async analyze(knex, tables) {
    for (const table of tables) await knex.raw('ANALYZE TABLE ??', [table]);
  },
  changeStamp: async () => undefined,
  schemaMark,
  schemaMarkColumn,
  addToRowsSql: (table, { key, sums, maxima }, select) =>
    `INSERT INTO \`${table}\` (${[...key, ...sums, ...maxima].join(', ')}) ${select} ON DUPLICATE KEY UPDATE ${[...sums.map((c) => `${c} = \`${table}\`.${c} + VALUES(${c})`), ...maxima.map((c) => `${c} = GREATEST(\`${table}\`.${c}, VALUES(${c}))`)].join(', ')}`,
  isWallClockSql: (expr) => `(${expr} REGEXP '^[0-9]{4}-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9]$')`,
  counterIncrementSql: (table, key) => `INSERT INTO \`${table}\` (family, slot, version) VALUES (${key.family}, ${key.slot}, 1) ON DUPLICATE KEY UPDATE version = version + 1`,
  async explain(knex, query) {
    const rows: Array<Record<string, unknown>> = (await knex.raw(`EXPLAIN ${query.sql}`, [...query.bindings] as Knex.Value[]))[0];
    return rows.map((r) => `table=${r.table} type=${r.type} key=${r.key} rows=${r.rows} extra=${r.Extra ?? ''}`);
  },
  async serverVersion(knex) {
    // VERSION() is `10.11.6-MariaDB-0+deb12u1` on MariaDB, `8.0.36` on MySQL.
    const rows: Array<{ v: string }> = (await knex.raw('SELECT VERSION() AS v'))[0];
    const version = String(rows[0]?.v ?? '?');
    const mariadb = /mariadb/i.test(version);
    return `${mariadb ? 'MariaDB' : 'MySQL'} ${version.replace(/-MariaDB.*$/i, '')}`;
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

/** GET_LOCK names are server-wide (64 characters at most): one lock per database. */
export function writeLockName(knex: Knex): string {
  const database = String((knex.client as { connectionSettings?: { database?: string } }).connectionSettings?.database ?? '');
  return `wp-calendar:${createHash('sha1').update(database).digest('hex')}`;
}


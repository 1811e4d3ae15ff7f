import type { Knex } from 'knex';
import { mysqlUnavailable } from './faults';

/**
 * The MySQL/MariaDB schema mark (Dialect.schemaMark): the server's counters of the statements that can take a trigger
 * or its table away, read from the status table the server has, found once per server.
 */

/** The status counters of the statements that can take a trigger away (schemaMark). */
const SCHEMA_STATEMENTS = ['Com_alter_table', 'Com_create_table', 'Com_create_trigger', 'Com_drop_db', 'Com_drop_table', 'Com_drop_trigger', 'Com_rename_table', 'Com_truncate', 'Com_flush', 'Uptime_since_flush_status'];

/** The status counters of schemaMark as one value of a SELECT, from the table `table` holds them in. */
const markOf = (table: string) =>
  `(SELECT GROUP_CONCAT(VARIABLE_NAME, '=', VARIABLE_VALUE ORDER BY VARIABLE_NAME SEPARATOR ' ') FROM ${table} WHERE VARIABLE_NAME IN (${SCHEMA_STATEMENTS.map((n) => `'${n}'`).join(', ')}))`;
/** Where the servers keep the status counters as a table: MariaDB (and MySQL 5.x), then MySQL 8. */
const MARK_TABLES = ['information_schema.GLOBAL_STATUS', 'performance_schema.global_status'];
/** The column found per server (knex client: a replica's is another). */
const markColumns = new WeakMap<object, Promise<string | undefined>>();

/**
 * The first of the status tables that answers with every counter (MySQL 8 has no information_schema.GLOBAL_STATUS;
 * a performance_schema switched off answers with none): found once per server. A failure that is not the table's
 * absence (a lost connection) is not kept: the next call asks again.
 */
export function schemaMarkColumn(knex: Knex): Promise<string | undefined> {
  const key = knex.client as object;
  let found = markColumns.get(key);
  if (!found) {
    found = (async () => {
      for (const table of MARK_TABLES) {
        try {
          const mark = String((await knex.raw(`SELECT ${markOf(table)} AS mark`))[0][0]?.mark ?? '');
          if (mark.split(' ').filter(Boolean).length === SCHEMA_STATEMENTS.length) return markOf(table);
        } catch (error) {
          if (mysqlUnavailable(error)) throw error;
        }
      }
      return undefined;
    })();
    markColumns.set(key, found);
    found.catch(() => markColumns.get(key) === found && markColumns.delete(key));
  }
  return found;
}

/**
 * The server's statement counters of every DDL that can take a trigger away, or the table it sits on (they count the
 * replication thread's statements too), and the seconds since they started (a restart or FLUSH STATUS starts them
 * again): the mark moves at least every second, and two servers (a primary and its replica) give the same one only in
 * the same second with the same counts.
 */
export async function schemaMark(knex: Knex): Promise<string> {
  const column = await schemaMarkColumn(knex);
  if (column) return String((await knex.raw(`SELECT ${column} AS mark`))[0][0]?.mark ?? '');
  const rows = (await knex.raw(`SHOW GLOBAL STATUS WHERE Variable_name IN (${SCHEMA_STATEMENTS.map(() => '?').join(', ')})`, SCHEMA_STATEMENTS))[0] as Array<{ Variable_name: string; Value: string }>;
  return rows.map((r) => `${r.Variable_name}=${r.Value}`).join(' ');
}

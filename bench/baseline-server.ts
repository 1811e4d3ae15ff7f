import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { parseDatabaseUrl } from '../src/config/config';
import { createDatabase } from '../src/db/database';

/**
 * The benchmark's baseline: no framework, no validation, no serialization — for each scenario path it runs the
 * very SQL statements the service ran for it (recorded from knex), in the same order, on a raw connection of the
 * same driver (better-sqlite3 / mysql2, set up as the service sets its sessions), and answers the rows as JSON.
 * Its figures are what the database allows.
 *
 * Usage: tsx bench/baseline-server.ts <statements.json> <port> <sqlite:file | mysql://…>
 */

interface Statement {
  sql: string;
  bindings: unknown[];
}

interface SqliteConnection {
  prepare(sql: string): { all(...bindings: unknown[]): unknown[] };
}
interface MysqlConnection {
  query(sql: string, bindings: unknown[], callback: (error: Error | null, rows: unknown) => void): void;
}
interface RawClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

const [file, portText, url] = process.argv.slice(2);
if (!file || !portText || !url) throw new Error('usage: baseline-server <statements.json> <port> <database url>');
const scenarios = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Statement[]>;
const db = createDatabase(parseDatabaseUrl(url));
const client = (db.knex as unknown as { client: RawClient }).client;

/** Prepared once per SQL text, as a hand-written server would. */
const prepared = new Map<string, ReturnType<SqliteConnection['prepare']>>();

async function runSqlite(statements: Statement[]): Promise<unknown[]> {
  const connection = (await client.acquireConnection()) as SqliteConnection;
  try {
    return statements.map(({ sql, bindings }) => {
      let statement = prepared.get(sql);
      if (!statement) prepared.set(sql, (statement = connection.prepare(sql)));
      return statement.all(...bindings);
    });
  } finally {
    await client.releaseConnection(connection);
  }
}

async function runMysql(statements: Statement[]): Promise<unknown[]> {
  const connection = (await client.acquireConnection()) as MysqlConnection;
  try {
    const results: unknown[] = [];
    for (const { sql, bindings } of statements) {
      results.push(await new Promise((resolve, reject) => connection.query(sql, bindings, (error, rows) => (error ? reject(error) : resolve(rows)))));
    }
    return results;
  } finally {
    await client.releaseConnection(connection);
  }
}

const run = db.dialect.name === 'mysql' ? runMysql : runSqlite;

createServer((req, res) => {
  const statements = scenarios[req.url ?? ''];
  if (!statements) {
    res.writeHead(404).end();
    return;
  }
  run(statements).then(
    (results) => res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify(results)),
    (error: unknown) => res.writeHead(500).end(String(error)),
  );
}).listen(Number(portText), '127.0.0.1', () => process.stdout.write('ready\n'));

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

/**
 * Creates the WordPress core tables that are missing, and only those. An existing table is never altered,
 * dropped or rewritten, so pointing the service at a live WordPress database leaves it as it was.
 */

const SCHEMA_DIR = path.resolve(__dirname, '../../schema');

/** The nine core tables this service reads and writes, in WordPress's creation order. */
export const CORE_TABLES = [
  'termmeta',
  'terms',
  'term_taxonomy',
  'term_relationships',
  'options',
  'postmeta',
  'posts',
  'users',
  'usermeta',
] as const;
export type CoreTable = (typeof CORE_TABLES)[number];

/** The DDL statements for one dialect, grouped by core table (CREATE TABLE first, then its indexes). */
function schemaStatements(schemaFile: string, prefix: string, charsetCollate: string): Map<CoreTable, string[]> {
  const text = readFileSync(path.join(SCHEMA_DIR, schemaFile), 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
  const byTable = new Map<CoreTable, string[]>();
  for (const raw of text.split(/;\s*\n/)) {
    const statement = raw.trim().replace(/;$/, '');
    if (!statement) continue;
    const match = /(?:CREATE TABLE|\bON)\s+"?\{prefix\}(\w+)"?/.exec(statement);
    const table = match?.[1] as CoreTable | undefined;
    if (!table || !CORE_TABLES.includes(table)) throw new Error(`schema/${schemaFile}: cannot tell the table of: ${statement.slice(0, 60)}`);
    const sql = statement.replaceAll('{prefix}', prefix).replaceAll('{charset_collate}', charsetCollate);
    byTable.set(table, [...(byTable.get(table) ?? []), sql]);
  }
  return byTable;
}

/** The statements of a DDL file of the service's own tables (schema/<dir>/<dialect file>), prefix and collation filled in. */
export function ddlStatements(dir: string, schemaFile: string, prefix: string, charsetCollate: string): string[] {
  const text = readFileSync(path.join(SCHEMA_DIR, dir, schemaFile), 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
  return text
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter((s) => s !== '')
    .map((s) => s.replaceAll('{prefix}', prefix).replaceAll('{charset_collate}', charsetCollate));
}

export interface SchemaResult {
  /** Core tables (without prefix) created by this call. */
  created: CoreTable[];
}

export async function ensureSchema(db: Database, prefix: string): Promise<SchemaResult> {
  const existing = new Set((await db.dialect.listTables(db.knex)).map((t) => t.toLowerCase()));
  const missing = CORE_TABLES.filter((t) => !existing.has(`${prefix}${t}`.toLowerCase()));
  if (missing.length === 0) return { created: [] };
  const statements = schemaStatements(db.dialect.schemaFile, prefix, await db.dialect.charsetCollate(db.knex));
  const created: CoreTable[] = [];
  for (const table of missing) {
    const [createTable, ...indexes] = statements.get(table) ?? [];
    if (!createTable) throw new Error(`schema/${db.dialect.schemaFile} has no definition for ${table}`);
    // Another process sharing the database may create the same table at the same moment: IF NOT EXISTS
    // makes that race harmless, and we only report the tables that did not exist before.
    await db.knex.raw(createTable.replace(/^CREATE TABLE /, 'CREATE TABLE IF NOT EXISTS '));
    for (const index of indexes) await db.knex.raw(index.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    created.push(table);
  }
  return { created };
}

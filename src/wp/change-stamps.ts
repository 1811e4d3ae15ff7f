import { randomInt } from 'node:crypto';
import type { TriggerSpec } from '../db/dialect';
import { ddlStatements } from '../db/schema';
import { EPOCH_FAMILY, TRIGGERS_FAMILY } from '../db/stamped-cache';
import type { WpData } from './wp-handle';

/**
 * The change stamps: a table of counters, one per family of rows and slot, that triggers on WordPress's tables add
 * to inside the writer's own transaction (the table is the service's own; WordPress's tables are never altered).
 * A family is a post type (its posts, their meta and term relationships, and the rows of `postTables` such as a
 * plugin's tables of a post), `:terms` (terms, taxonomies, term meta), `:options` (options but transients and
 * cron, which WordPress writes all the time and nothing here reads) or `:users`. A reader sums the counters of the
 * families its answer is made of (ChangeStamps.read in src/db/stamped-cache.ts): the sum moves exactly when one of
 * them changed, by any writer, and not when unrelated rows or other databases of the server do.
 *
 * A writer moves the slot of the row's id modulo SLOTS, so concurrent writers of one family (new posts get
 * consecutive ids) lock different counter rows until they commit. The counters replicate with the rows they
 * stamp (row or statement based), so a replica's stamp describes the replica's own state.
 */

export const CHANGE_STAMP_TABLE = 'calendar_change_stamps';
/** The version of the triggers below: the mark (the epoch row's slot) a reader asks for. */
export const CHANGE_STAMP_VERSION = 1;
const SLOTS = 8;

export const changeStampTable = (prefix: string) => `${prefix}${CHANGE_STAMP_TABLE}`;
export const STAMP_FAMILY = { terms: ':terms', options: ':options', users: ':users' } as const;

/** A table of rows of one post (a plugin's custom table), stamped as that post's type. */
export interface PostTable {
  table: string;
  postIdColumn: string;
}

/** The start of every change-stamp trigger's name. */
export const changeStampTriggerStem = (prefix: string) => `${prefix}calendar_stamp_`;
const triggerName = (prefix: string, table: string, event: TriggerSpec['event']) => `${changeStampTriggerStem(prefix)}${table}_${event.toLowerCase()}`;
/** Whether a trigger is one of the change stamps' (its names share this stem). */
const isChangeStampTrigger = (prefix: string, name: string): boolean => name.toLowerCase().startsWith(changeStampTriggerStem(prefix).toLowerCase());

/** The triggers, on the core tables and on `postTables` (unprefixed names in their trigger names). */
/**
 * The triggers, on the core tables and on `postTables`. Those on the posts' own rows (posts, their meta and term
 * relationships, `postTables`) do nothing in a session holding `sleepFlag` (a bulk writer that stamps its batch
 * at once: stampBulkWrite).
 */
function changeStampTriggers(wp: WpData, postTables: readonly PostTable[] = [], sleepFlag?: string): TriggerSpec[] {
  const table = changeStampTable(wp.prefix);
  const bump = (family: string, id: string) => wp.dialect.counterIncrementSql(table, { family, slot: `${id} % ${SLOTS}` });
  // A row whose post is gone stamps a family nothing reads: the post's own delete stamped its type.
  const typeOf = (postId: string) => `COALESCE((SELECT p.post_type FROM ${wp.t.posts} p WHERE p.ID = ${postId}), ':none')`;
  const specs: TriggerSpec[] = [];
  const each = (name: string, tableName: string, body: (row: 'NEW' | 'OLD') => string[], when?: (row: 'NEW' | 'OLD') => string, bulk = false) => {
    for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      const rows = event === 'INSERT' ? (['NEW'] as const) : event === 'DELETE' ? (['OLD'] as const) : (['NEW', 'OLD'] as const);
      // An update stamps the row as it was and as it is (a post that changed type leaves one family for another).
      const conditions = when ? rows.map((row) => `(${when(row)})`).join(' OR ') : undefined;
      specs.push({ name: triggerName(wp.prefix, name, event), table: tableName, event, when: conditions, statements: rows.flatMap(body), ...(bulk && sleepFlag ? { unlessSessionFlag: sleepFlag } : {}) });
    }
  };
  each('posts', wp.t.posts, (r) => [bump(`${r}.post_type`, `${r}.ID`)], undefined, true);
  each('postmeta', wp.t.postmeta, (r) => [bump(typeOf(`${r}.post_id`), `${r}.post_id`)], undefined, true);
  each('term_relationships', wp.t.term_relationships, (r) => [bump(typeOf(`${r}.object_id`), `${r}.object_id`)], undefined, true);
  const terms = `'${STAMP_FAMILY.terms}'`;
  each('terms', wp.t.terms, (r) => [bump(terms, `${r}.term_id`)]);
  each('term_taxonomy', wp.t.term_taxonomy, (r) => [bump(terms, `${r}.term_taxonomy_id`)]);
  each('termmeta', wp.t.termmeta, (r) => [bump(terms, `${r}.term_id`)]);
  each('options', wp.t.options, (r) => [bump(`'${STAMP_FAMILY.options}'`, `${r}.option_id`)], (r) =>
    `SUBSTR(${r}.option_name, 1, 11) <> '_transient_' AND SUBSTR(${r}.option_name, 1, 16) <> '_site_transient_' AND ${r}.option_name <> 'cron'`);
  each('users', wp.t.users, (r) => [bump(`'${STAMP_FAMILY.users}'`, `${r}.ID`)]);
  for (const extra of postTables) {
    const short = extra.table.startsWith(wp.prefix) ? extra.table.slice(wp.prefix.length) : extra.table;
    each(short, extra.table, (r) => [bump(typeOf(`${r}.${extra.postIdColumn}`), `${r}.${extra.postIdColumn}`)], undefined, true);
  }
  return specs;
}

/** The triggers a bulk writer may put to sleep for its transaction (those on the posts' own rows). */
export const bulkStampTriggers = (wp: WpData, present: readonly string[]): string[] => {
  const stems = ['posts', 'postmeta', 'term_relationships'].map((t) => `${wp.prefix}calendar_stamp_${t}_`.toLowerCase());
  const core = new Set(['terms', 'term_taxonomy', 'termmeta', 'options', 'users'].map((t) => `${wp.prefix}calendar_stamp_${t}_`.toLowerCase()));
  return present.filter((name) => isChangeStampTrigger(wp.prefix, name) && (stems.some((s) => name.toLowerCase().startsWith(s)) || ![...core].some((s) => name.toLowerCase().startsWith(s))));
};

/**
 * What the sleeping triggers would have done for a bulk write of the posts `where(column)` selects (run in its
 * transaction; several conditions, one statement each): every family's counters move, and those of the post types written, made where missing.
 */
export async function stampBulkWrite(trx: WpData, wheres: ReadonlyArray<(column: string) => string>): Promise<void> {
  const table = changeStampTable(trx.prefix);
  if (!(await trx.dialect.tableExists(trx.knex, table))) return;
  await trx.knex(table).whereNotIn('family', [EPOCH_FAMILY, TRIGGERS_FAMILY]).increment('version', 1);
  const types = new Set<string>();
  for (const where of wheres) for (const row of (await trx.knex(trx.t.posts).distinct('post_type').whereRaw(where('ID'))) as Array<{ post_type: string }>) types.add(row.post_type);
  for (const post_type of types) await trx.knex.raw(trx.dialect.counterIncrementSql(table, { family: '?', slot: '0' }), [post_type]);
}

const quoted = (wp: WpData, name: string) => (wp.dialect.name === 'mysql' ? `\`${name}\`` : `"${name}"`);

export interface ChangeStampState {
  table: boolean;
  /** The mark of this version is there: every trigger was made. */
  complete: boolean;
  triggers: string[];
}

export async function changeStampState(wp: WpData, present?: readonly string[]): Promise<ChangeStampState> {
  const table = await wp.dialect.tableExists(wp.knex, changeStampTable(wp.prefix));
  const triggers = (present ?? (await wp.dialect.listTriggers(wp.knex))).filter((t) => isChangeStampTrigger(wp.prefix, t)).sort();
  const mark = table ? await wp.knex(changeStampTable(wp.prefix)).where({ family: EPOCH_FAMILY, slot: CHANGE_STAMP_VERSION }).first() : undefined;
  return { table, complete: mark !== undefined, triggers };
}

/**
 * Makes the table and the triggers that are missing (all of them again when they are of another version), then
 * the mark last: readers use the counters only once every trigger moves them. The mark's counter starts at a
 * random value, so that stamps after a drop and a new install never repeat one of before.
 */
export async function installChangeStamps(wp: WpData, postTables: readonly PostTable[], sleepFlag: string | undefined, run: (sql: string) => Promise<void>): Promise<{ created: boolean }> {
  const present = await wp.dialect.listTriggers(wp.knex);
  const state = await changeStampState(wp, present);
  const wanted = changeStampTriggers(wp, postTables, sleepFlag);
  const have = new Set(state.triggers.map((t) => t.toLowerCase()));
  if (state.complete && wanted.every((t) => have.has(t.name.toLowerCase())) && state.triggers.length === wanted.length) return { created: false };
  const table = changeStampTable(wp.prefix);
  await wp.knex(table).whereIn('family', [EPOCH_FAMILY, TRIGGERS_FAMILY]).delete().catch(() => undefined);
  for (const name of state.triggers) await run(`DROP TRIGGER IF EXISTS ${quoted(wp, name)}`);
  if (!state.table) for (const sql of ddlStatements('change-stamps', wp.dialect.schemaFile, wp.prefix, await wp.dialect.charsetCollate(wp.knex))) await run(sql);
  for (const trigger of wanted) await run(wp.dialect.createTriggerSql(trigger));
  // Every family that has rows gets counters, so that a bulk writer's stamp (stampBulkWrite) moves them all.
  const families = [...Object.values(STAMP_FAMILY), ...(await wp.knex(wp.t.posts).distinct('post_type')).map((r: { post_type: string }) => r.post_type)];
  for (const family of families) await wp.knex.raw(wp.dialect.counterIncrementSql(table, { family: '?', slot: '0' }), [family]);
  await wp.knex(table).insert({ family: TRIGGERS_FAMILY, slot: 0, version: wanted.length });
  await wp.knex(table).insert({ family: EPOCH_FAMILY, slot: CHANGE_STAMP_VERSION, version: randomInt(2 ** 47) });
  return { created: true };
}

/** Removes the mark (readers stop at once), the triggers and the table. */
export async function dropChangeStamps(wp: WpData, run: (sql: string) => Promise<void>): Promise<boolean> {
  const state = await changeStampState(wp);
  if (!state.table && state.triggers.length === 0) return false;
  if (state.table) await wp.knex(changeStampTable(wp.prefix)).where({ family: EPOCH_FAMILY }).delete();
  for (const name of state.triggers) await run(`DROP TRIGGER IF EXISTS ${quoted(wp, name)}`);
  await run(`DROP TABLE IF EXISTS ${quoted(wp, changeStampTable(wp.prefix))}`);
  return true;
}

import type { Knex } from 'knex';
import type { Dialect } from './dialect';

/**
 * Answers remembered until what they were read from changes. A list's total counts every match (tens of thousands
 * of index entries in a calendar's default window), its page of events is loaded and rendered from a dozen rows
 * each, and the same ones are asked again and again between two writes. Each is kept with the change stamp read
 * *before* it was computed, on the same server, and given again only while the stamp is unchanged.
 *
 * The stamp is a sum of counters kept in a table of the database (src/wp/change-stamps.ts): triggers add to them in
 * the writer's own transaction, for every writer (this process, another one, WordPress, plain SQL), so a stamp read
 * sees a change exactly when the change itself is visible. Why a stamp read first vouches for what is read after it:
 * counters only grow, so while a later read finds the same stamp no change to those families has become visible
 * since the first read; everything computed after it (and stored before the later read) saw exactly that state.
 * Nothing expires by time, and nothing is older than the last commit.
 */

/** Counters of a family that are not a change: the mark of the installed triggers' version, with a random base. */
export const EPOCH_FAMILY = ':epoch';

/**
 * The row holding how many triggers the installer made. A table the triggers sit on may be dropped and made again
 * (the plugin does that to its custom tables), and its triggers go with it while no counter moves: a read that finds
 * fewer triggers than were made trusts no counter.
 */
export const TRIGGERS_FAMILY = ':triggers';

/**
 * The schema mark (Dialect.schemaMark) of a request, read once for all that asks it. `claim`, while nothing has read
 * it yet, lets a statement about to run read it along (requestMark()).
 */
export type SchemaMark = (() => Promise<string | undefined>) & { claim?: () => ((mark: Promise<string | undefined>) => void) | undefined };

/**
 * A request's schema mark: read alone (`readAlone`) by the first that asks for it, unless the request's first
 * change stamp claimed it before (ChangeStamps.read reads it in the stamp's own statement where the server can).
 * Whoever claims it must settle it, once.
 */
export function requestMark(readAlone: () => Promise<string | undefined>): SchemaMark {
  let value: Promise<string | undefined> | undefined;
  const mark = () => (value ??= readAlone());
  return Object.assign(mark, {
    claim() {
      if (value) return undefined;
      let settle!: (mark: Promise<string | undefined>) => void;
      value = new Promise<string | undefined>((resolve) => (settle = resolve));
      return settle;
    },
  });
}

/** How long a database without the stamp table is believed to have none (another process may install it). */
const ABSENT_RECHECK_MS = 10_000;

/** Reads the change stamp of one database (one per Database). */
export class ChangeStamps {
  /** Whether the counters table exists, with the time it was found missing. */
  private tables = new Map<string, { present: Promise<boolean>; at: number }>();
  /** Facts about the schema (schemaFact: how many triggers a stem has, which a table has), each with the mark read before it was found. */
  private facts = new Map<string, { mark: string; value: Promise<unknown> }>();

  constructor(private readonly dialect: Dialect) {}

  /**
   * The stamp of the families of rows named (all of them when absent) in the counters table `table`, whose
   * triggers are of version `version`; without that table (or its mark of that version), the engine's own stamp
   * where it has an exact one (SQLite's, of the whole file), else undefined: nothing can be kept.
   */
  async read(knex: Knex, counters: { table: string; version: number; triggerStem: string }, families?: readonly string[], mark?: SchemaMark): Promise<string | undefined> {
    if (await this.present(knex, counters.table)) {
      // The request's schema mark, when nothing has read it yet, is read in the same statement where the server can.
      const column = mark?.claim && this.dialect.schemaMarkColumn ? await this.dialect.schemaMarkColumn(knex) : undefined;
      let settle = column ? mark?.claim?.() : undefined;
      try {
        const marks = [EPOCH_FAMILY, TRIGGERS_FAMILY];
        const scope = families ? `family IN (${[...marks, ...families].map(() => '?').join(', ')})` : '1 = 1';
        const rows = await knex.raw(
          `SELECT SUM(CASE WHEN family = ? AND slot = ? THEN version END) AS epoch, SUM(CASE WHEN family = ? THEN version END) AS made, ` +
            `SUM(CASE WHEN family NOT IN (?, ?) THEN version ELSE 0 END) AS total${settle ? `, ${column} AS mark` : ''} ` +
            `FROM ${this.dialect.name === 'mysql' ? `\`${counters.table}\`` : `"${counters.table}"`} WHERE ${scope}`,
          [EPOCH_FAMILY, counters.version, TRIGGERS_FAMILY, ...marks, ...(families ? [...marks, ...families] : [])],
        );
        const row = (this.dialect.name === 'mysql' ? rows[0][0] : rows[0]) as { epoch: unknown; made: unknown; total: unknown; mark?: unknown } | undefined;
        settle?.(Promise.resolve(row?.mark === null || row?.mark === undefined ? undefined : String(row.mark)));
        settle = undefined;
        // No mark of this version: the triggers are being made or removed, or are of another version. Fewer
        // triggers than were made: a table was made again without them.
        const made = row?.made === null || row?.made === undefined ? undefined : Number(row.made);
        const complete = made === undefined || (await this.triggersComplete(knex, counters.triggerStem, made, mark));
        if (row?.epoch !== null && row?.epoch !== undefined && complete) return `${row.epoch}.${row.total ?? 0}`;
      } catch (error) {
        // Whatever failed here (a table or a trigger being made or removed as it was read, a lost connection), the
        // counters vouch for nothing this time: the request goes on without them, and its own statements meet the
        // database as it is (a lost database is their 503, never the cache's 500). A mark claimed is read alone.
        settle?.(this.dialect.schemaMark!(knex));
        if (this.dialect.isMissingTable(error)) this.tables.delete(counters.table);
        return undefined;
      }
    }
    return this.dialect.changeStamp(knex);
  }

  /**
   * Whether at least `made` triggers of `stem` exist: counted once per schema mark (schemaFact; no table or trigger
   * can have come or gone while it stays the same).
   */
  private async triggersComplete(knex: Knex, stem: string, made: number, schemaMark?: SchemaMark): Promise<boolean> {
    const mark = schemaMark ? await schemaMark() : await this.dialect.schemaMark?.(knex);
    return (await this.schemaFact(`triggers ${stem}`, mark, () => this.dialect.triggerCount(knex, stem))) >= made;
  }

  /**
   * A fact about the schema (which triggers a table has, say), found by `find` once per schema mark: while no
   * statement that can take a table or a trigger away has run since `mark` was read, the fact found after an
   * earlier read of the same mark still holds. Without a mark (SQLite), found every time.
   */
  async schemaFact<T>(key: string, mark: string | undefined, find: () => Promise<T>): Promise<T> {
    if (mark === undefined) return find();
    const known = this.facts.get(key);
    if (known?.mark === mark) return known.value as Promise<T>;
    const entry = { mark, value: find() };
    this.facts.set(key, entry);
    entry.value.catch(() => this.facts.get(key) === entry && this.facts.delete(key));
    return entry.value as Promise<T>;
  }

  private present(knex: Knex, table: string): Promise<boolean> {
    const known = this.tables.get(table);
    if (known && (Date.now() - known.at < ABSENT_RECHECK_MS || known.at === 0)) return known.present;
    const present = this.dialect.tableExists(knex, table);
    const entry = { present, at: 0 };
    this.tables.set(table, entry);
    present.then((found) => (entry.at = found ? 0 : Date.now()), () => this.tables.delete(table));
    return present;
  }
}

/** Values kept with the stamp read before they were computed; the least recently used go first. */
export class StampedCache<V> {
  private readonly entries = new Map<string, { stamp: string; value: V }>();

  constructor(private readonly capacity = 512) {}

  /** The value kept for `key` under this very stamp, or what `compute` gives (then kept); no stamp, no keeping. */
  async through(stamp: string | undefined, key: string, compute: () => Promise<V>): Promise<V> {
    if (stamp === undefined) return compute();
    const known = this.entries.get(key);
    this.entries.delete(key);
    if (known?.stamp === stamp) {
      this.entries.set(key, known); // most recently used last
      return known.value;
    }
    const value = await compute();
    this.keep(stamp, key, value);
    return value;
  }

  /** The value kept for `key` under this very stamp (then most recently used), without computing anything. */
  peek(stamp: string, key: string): V | undefined {
    const known = this.entries.get(key);
    if (known?.stamp !== stamp) return undefined;
    this.entries.delete(key);
    this.entries.set(key, known);
    return known.value;
  }

  /** Keeps `value`, computed after `stamp` was read, under that stamp. */
  keep(stamp: string, key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets everything (tests that watch the statements a request runs). */
  clear(): void {
    this.entries.clear();
  }
}

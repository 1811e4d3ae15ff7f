import type { Knex } from 'knex';
import type { SchemaMark, StampedCache } from '../db/stamped-cache';
import type { Database } from '../db/database';
import type { Deadline } from '../db/deadline';
import type { Dialect } from '../db/dialect';
import { CHANGE_STAMP_VERSION, changeStampTable, changeStampTriggerStem } from './change-stamps';
import { tableNames, type TableNames } from './tables';

/**
 * The handle every WordPress store works through: a knex connection (or the transaction of the current
 * write), the dialect and the prefixed table names. It knows nothing about events.
 */
export class WpData {
  readonly t: TableNames;
  /**
   * Post fields and meta keys changed through this handle, per post, in the order they first changed: what
   * WordPress's `updated_post_meta`/`post_updated` hooks report, for bookkeeping that listens to them (journal()).
   */
  private changes = new Map<number, Set<string>>();

  constructor(
    readonly knex: Knex | Knex.Transaction,
    readonly dialect: Dialect,
    readonly prefix: string,
    private readonly db?: Pick<Database, 'writeTransaction' | 'stamps' | 'counts'>,
    /** The request's deadline, which its write transactions carry (db/deadline.ts). */
    private readonly deadline?: Deadline,
  ) {
    this.t = tableNames(prefix);
  }

  static open(db: Database, prefix: string): WpData {
    return new WpData(db.knex, db.dialect, prefix, db);
  }

  /**
   * The same handle for the request's bookkeeping writes (an application password's last use): bound by its
   * deadline, but not what the request's answer is about (Deadline.aside).
   */
  forBookkeeping(): WpData {
    return this.deadline ? new WpData(this.knex, this.dialect, this.prefix, this.db, this.deadline.aside()) : this;
  }

  /** The same handle for one request: its write transactions end by the request's deadline. */
  withDeadline(deadline: Deadline | undefined): WpData {
    return deadline ? new WpData(this.knex, this.dialect, this.prefix, this.db, deadline) : this;
  }

  /** Runs `work` with a journal of its own: the changes it made, and only those, come back with its result. */
  async journal<T>(work: () => Promise<T>): Promise<{ result: T; changes: Map<number, Set<string>> }> {
    const outer = this.changes;
    const changes = new Map<number, Set<string>>();
    this.changes = changes;
    try {
      return { result: await work(), changes };
    } finally {
      this.changes = outer;
    }
  }

  noteChange(postId: number, field: string): void {
    let fields = this.changes.get(postId);
    if (!fields) this.changes.set(postId, (fields = new Set()));
    fields.add(field);
  }

  /**
   * The change stamp of the families of rows named (change-stamps.ts; all of them when absent), or undefined where
   * none vouches for them; never inside a transaction, whose reads see its own uncommitted writes. Read it before
   * what is kept under it, on the same connection pool.
   */
  changeStamp(families?: readonly string[], mark?: SchemaMark): Promise<string | undefined> {
    const stamps = this.inTransaction ? undefined : this.db?.stamps;
    return stamps ? stamps.read(this.knex as Knex, { table: changeStampTable(this.prefix), version: CHANGE_STAMP_VERSION, triggerStem: changeStampTriggerStem(this.prefix) }, families, mark) : Promise.resolve(undefined);
  }

  /** The schema mark (Dialect.schemaMark): what moves when a table or a trigger may have gone; none on SQLite. */
  schemaMark(): Promise<string | undefined> {
    return this.dialect.schemaMark ? this.dialect.schemaMark(this.knex as Knex) : Promise.resolve(undefined);
  }

  /** A fact about the schema, found again only when the schema mark `mark` moved (ChangeStamps.schemaFact). */
  schemaFact<T>(key: string, mark: string | undefined, find: () => Promise<T>): Promise<T> {
    const stamps = this.inTransaction ? undefined : this.db?.stamps;
    return stamps ? stamps.schemaFact(`${this.prefix}\u0000${key}`, mark, find) : find();
  }

  /** List totals kept under the change stamp. */
  get counts(): StampedCache<number> | undefined {
    return this.db?.counts;
  }

  get inTransaction(): boolean {
    return (this.knex as Knex.Transaction).isTransaction === true;
  }

  /**
   * Runs `work` in one write transaction (joining the current one if there is one). A transaction of its own holds
   * the database's write lock and is run again from the start after a deadlock (Database.writeTransaction), so
   * `work` must read what it depends on through the handle it is given.
   */
  async transaction<T>(work: (wp: WpData) => Promise<T>): Promise<T> {
    if (this.inTransaction) return work(this);
    const run = (trx: Knex.Transaction) => work(new WpData(trx, this.dialect, this.prefix, this.db));
    return this.db ? this.db.writeTransaction(run, this.deadline) : (this.knex as Knex).transaction(run);
  }
}

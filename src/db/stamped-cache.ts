import type { Knex } from 'knex';
import type { Dialect } from './dialect';

/**
 * Answers remembered until the database changes. A list's total counts every match (tens of thousands of index
 * entries in a calendar's default window), and its page of events is loaded and rendered from a dozen rows each;
 * the same ones are asked again and again between two writes (every page of a list, every client of the same
 * view). Each is kept with the database's change stamp (Dialect.changeStamp) read *before* it was computed, and
 * given again only while the stamp is unchanged: then nothing has been committed since, by any writer, so it is
 * what the database would answer now. A stamp that moved — a write here, in another process, by plain SQL —
 * makes the next request compute again. Nothing expires by time, and nothing is older than the last commit.
 */

/** Reads the change stamp, where one vouches for the tables read (one per Database). */
export class ChangeStamps {
  /** Whether the stamp covers a set of tables, asked once per set. */
  private readonly covered = new Map<string, Promise<boolean>>();
  /** Set once the engine shows no stamp (MySQL): none is asked for again. */
  private stampless = false;

  constructor(private readonly dialect: Dialect) {}

  /**
   * The stamp, or undefined where none vouches for `tables` (the tables the answers to keep are read from): the
   * engine has none, or one of them is not covered (a MyISAM table on MySQL).
   */
  async read(knex: Knex, tables: readonly string[]): Promise<string | undefined> {
    if (this.stampless || !(await this.covers(knex, tables))) return undefined;
    const stamp = await this.dialect.changeStamp(knex);
    if (stamp === undefined) this.stampless = true;
    return stamp;
  }

  private covers(knex: Knex, tables: readonly string[]): Promise<boolean> {
    const key = [...tables].sort().join('\u0000');
    let covered = this.covered.get(key);
    if (!covered) {
      covered = this.dialect.stampCovers(knex, tables);
      this.covered.set(key, covered);
      // A failed lookup is asked again next time rather than remembered.
      covered.catch(() => this.covered.delete(key));
    }
    return covered;
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
    this.entries.set(key, { stamp, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Forgets everything (tests that watch the statements a request runs). */
  clear(): void {
    this.entries.clear();
  }
}

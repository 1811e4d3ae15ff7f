import type { Command } from 'commander';
import { ConfigError, loadConfig, type Config } from '../config/config';
import type { Database } from '../db/database';
import { defaultSiteUrl, openDatabase } from '../setup/open-database';
import { prepareDatabase } from '../setup/prepare-database';
import { WpData } from '../wp/wp-handle';

/**
 * What every command of the command-line tool gets, and the one way commands reach the database. A command is
 * a module exporting a CliCommand; listing it in program.ts is all it takes to add one.
 */

export interface CliIO {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  /** A terminal (`isTTY`) gets progress bars; anything else gets a progress line every tenth of the work. */
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

export interface CliCommand {
  /** `group:action`, e.g. `user:create`. */
  name: string;
  summary: string;
  /** Declares the command's options and arguments on the commander command. */
  configure(command: Command): Command;
  /**
   * Runs with the parsed options; throws UsageError (exit 2) for bad input. A command that reports rather than acts
   * (`status`) may return its own exit code.
   */
  run(options: Record<string, unknown>, io: CliIO): Promise<void | number>;
}

/** Bad input: one line on stderr, exit code 2, nothing written. */
export class UsageError extends Error {}

/** The environment's configuration; a bad value is bad input (exit 2). */
export function configOf(io: CliIO): Config {
  try {
    return loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`Configuration error: ${error.message}`);
    throw error;
  }
}

/** "Now" for the rows a command writes: CLOCK when set, as for the service. */
export const nowOf = (config: Pick<Config, 'clock'>): Date => (config.clock ? new Date(config.clock.getTime()) : new Date());

/**
 * Opens the database named by DATABASE_URL / DB_TABLE_PREFIX, creates what is missing (as the service does on
 * start) unless `prepare` is false, runs `work`, and closes the connection whatever happens.
 */
export async function withDatabase<T>(io: CliIO, work: (wp: WpData, config: Config, db: Database) => Promise<T>, options: { prepare?: boolean } = {}): Promise<T> {
  const config = configOf(io);
  const quiet = () => undefined;
  const db = openDatabase(config, { log: { warn: quiet, error: quiet, debug: quiet, deprecate: quiet } });
  try {
    if (options.prepare !== false) await prepareDatabase(db, { prefix: config.tablePrefix, siteUrl: defaultSiteUrl(config) });
    return await work(WpData.open(db, config.tablePrefix), config, db);
  } finally {
    await db.close();
  }
}

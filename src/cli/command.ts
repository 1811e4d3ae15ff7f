import type { Command } from 'commander';
import { ConfigError, loadConfig, type Config } from '../config/config';
import { defaultSiteUrl, openDatabase } from '../setup/open-database';
import { prepareDatabase } from '../setup/prepare-database';
import { WpData } from '../wp/wp-data';

/**
 * What every command of the command-line tool gets, and the one way commands reach the database. A command is
 * a module exporting a CliCommand; listing it in program.ts is all it takes to add one.
 */

export interface CliIO {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export interface CliCommand {
  /** `group:action`, e.g. `user:create`. */
  name: string;
  summary: string;
  /** Declares the command's options and arguments on the commander command. */
  configure(command: Command): Command;
  /** Runs with the parsed options; throws UsageError (exit 2) for bad input. */
  run(options: Record<string, unknown>, io: CliIO): Promise<void>;
}

/** Bad input: one line on stderr, exit code 2, nothing written. */
export class UsageError extends Error {}

/**
 * Opens the database named by DATABASE_URL / DB_TABLE_PREFIX, creates what is missing (as the service does on
 * start), runs `work`, and closes the connection whatever happens.
 */
export async function withDatabase<T>(io: CliIO, work: (wp: WpData, config: Config) => Promise<T>): Promise<T> {
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`Configuration error: ${error.message}`);
    throw error;
  }
  const quiet = () => undefined;
  const db = openDatabase(config, { log: { warn: quiet, error: quiet, debug: quiet, deprecate: quiet } });
  try {
    await prepareDatabase(db, { prefix: config.tablePrefix, siteUrl: defaultSiteUrl(config) });
    return await work(WpData.open(db, config.tablePrefix), config);
  } finally {
    await db.close();
  }
}

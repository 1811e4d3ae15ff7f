import { Command, CommanderError } from 'commander';
import { FixtureError } from '../fixtures/format';
import { RestError } from '../http/errors';
import { ResetRefusedError } from '../setup/reset-database';
import { stripAllTags } from '../wp/text/formatting';
import { appPasswordCreate } from './app-password-create';
import { UsageError, type CliCommand, type CliIO } from './command';
import { dbIndex } from './db-index';
import { dbMigrate } from './db-migrate';
import { exportCommand } from './export';
import { importFixtures, seed } from './fixture-commands';
import { importIcsCommand } from './import-ics';
import { generate } from './generate';
import { reset } from './reset';
import { status } from './status';
import { userCreate } from './user-create';

/**
 * The `wp-calendar` command-line tool. Exit codes: 0 done, 2 bad input (nothing written), 1 anything else
 * (the database cannot be reached, …, or `status` found something that needs the operator). Every failure is one
 * line on stderr.
 */

const COMMANDS: CliCommand[] = [status, userCreate, appPasswordCreate, dbMigrate, dbIndex, seed, reset, generate, exportCommand, importFixtures, importIcsCommand];

const CLI_NAME = 'wp-calendar';

function buildProgram(io: CliIO, exit: { code: number }): Command {
  const program = new Command(CLI_NAME)
    .description('Manage the WordPress tables behind the Events Calendar REST service (DATABASE_URL, DB_TABLE_PREFIX).')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`${CLI_NAME}: ${oneLine(text.replace(/^error: /, ''))}\n`),
    });
  for (const def of COMMANDS) {
    const command = def.configure(program.command(def.name).description(def.summary));
    // Commander passes the declared arguments first, then the options, then the command itself.
    command.action(async (...args: unknown[]) => {
      const self = args.at(-1) as Command;
      const values = Object.fromEntries(self.registeredArguments.map((argument, i) => [argument.name(), self.processedArgs[i]]));
      const code = await def.run({ ...self.opts(), ...values }, io);
      if (typeof code === 'number') exit.code = code;
    });
  }
  return program;
}

/** Runs the tool on `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const exit = { code: 0 };
  const program = buildProgram(io, exit);
  if (argv.length === 0) {
    io.stderr.write(program.helpInformation());
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exit.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or the help / version it was asked for).
      return ['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(error.code) ? 0 : 2;
    }
    if (error instanceof UsageError || error instanceof RestError || error instanceof FixtureError || error instanceof ResetRefusedError) {
      io.stderr.write(`${CLI_NAME}: ${oneLine(stripAllTags(error.message))}\n`);
      return 2;
    }
    io.stderr.write(`${CLI_NAME}: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
    return 1;
  }
}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

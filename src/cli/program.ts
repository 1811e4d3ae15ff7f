import { Command, CommanderError } from 'commander';
import { RestError } from '../http/errors';
import { stripAllTags } from '../wp/user-input';
import { appPasswordCreate } from './app-password-create';
import { UsageError, type CliCommand, type CliIO } from './command';
import { userCreate } from './user-create';

/**
 * The `wp-calendar` command-line tool. Exit codes: 0 done, 2 bad input (nothing written), 1 anything else
 * (the database cannot be reached, …). Every failure is one line on stderr.
 */

export const COMMANDS: CliCommand[] = [userCreate, appPasswordCreate];

export const CLI_NAME = 'wp-calendar';

function buildProgram(io: CliIO): Command {
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
    command.action(async (options: Record<string, unknown>) => def.run(options, io));
  }
  return program;
}

/** Runs the tool on `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const program = buildProgram(io);
  if (argv.length === 0) {
    io.stderr.write(program.helpInformation());
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or the help / version it was asked for).
      return ['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(error.code) ? 0 : 2;
    }
    if (error instanceof UsageError || error instanceof RestError) {
      io.stderr.write(`${CLI_NAME}: ${oneLine(stripAllTags(error.message))}\n`);
      return 2;
    }
    io.stderr.write(`${CLI_NAME}: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
    return 1;
  }
}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

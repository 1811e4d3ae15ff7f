import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/** JSON lines for machines; coloured single lines when a person watches the terminal. */
export function createLogger(level: string, options: { pretty?: boolean } = {}): Logger {
  const usePretty = options.pretty ?? process.stdout.isTTY === true;
  if (!usePretty) return pino({ level });
  return pino({ level }, pretty({ colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
}

import type { Logger } from 'pino';
import { createCalendarContext, type CalendarContextOptions, type CalendarRequestContext } from './calendar/site/calendar-context';

/**
 * Everything a request handler may use, built fresh for each request by createApp: the calendar's context (the data
 * layer, the caller, the time, the registry, the site settings) and what the HTTP layer needs (request id, log, the
 * remote address, the authentication index).
 */

export type Clock = () => Date;

export interface AppContext extends CalendarRequestContext {
  readonly clock: Clock;
}

export interface ContextOptions extends Omit<CalendarContextOptions, 'now' | 'principal'> {
  requestId: string;
  log: Logger;
  clock: Clock;
  remote: { ip: string; secure: boolean };
  authenticationIndex: (ctx: AppContext) => Promise<Record<string, unknown> | []>;
}

export function createContext(o: ContextOptions): AppContext {
  const calendar = createCalendarContext({ ...o, now: o.clock() });
  // One object, so the authentication step's `principal` is what every later step reads.
  const ctx = Object.assign(calendar, {
    requestId: o.requestId,
    log: o.log,
    clock: o.clock,
    remote: o.remote,
    authenticationIndex: () => o.authenticationIndex(ctx),
  }) as AppContext;
  return ctx;
}

import { parsePhpDate } from '../../php/php-date';
import { beginningOfDay, endOfDay } from '../dates/date-details';
import { localToUtc, resolveZone } from '../../php/date-time';
import { timezoneAbbr } from '../dates/timezones';
import type { CalendarEnv } from '../site/calendar-env';
import { wallClockSeconds } from '../../php/zone-math';

/**
 * The event's date meta as the plugin computes it on a write (Tribe__Events__API::saveEventMeta,
 * Tribe__Events__API::prepare_event_date_meta): wall clocks in the event's time zone, all-day rounding, UTC twins,
 * abbreviation and duration.
 */

export interface EventDates {
  start: string;
  end: string;
  startUtc: string;
  endUtc: string;
  timezone: string;
  abbr: string;
  allDay: boolean;
  /** Seconds between the wall clocks; none for all-day events. */
  duration?: number;
  /** Seconds between the wall clocks as sent, before all-day rounding (what the plugin's ORM stores as the duration). */
  sentDuration: number;
}

/** The event's time zone: the request's when not empty, else the site's (`UTC+N` when the site has no zone name). */
export function eventTimezone(env: CalendarEnv, requested: unknown): string {
  return typeof requested === 'string' && requested.trim() !== '' ? requested.trim() : env.siteTimezone;
}

/**
 * Dates from `start_date`/`end_date` read in `timezone`: a string with its own offset keeps its wall-clock
 * digits, a Unix timestamp gives its UTC wall clock. Returns undefined when either cannot be read. An end before
 * the start is stored as the start in local time only, so `endUtc` may then precede `startUtc`.
 */
export function computeEventDates(env: CalendarEnv, input: { start: string | number; end: string | number; allDay: boolean; timezone: string }): EventDates | undefined {
  const zone = resolveZone(input.timezone) ?? env.siteZone;
  const parse = (value: string | number) => parsePhpDate(value, { now: env.ctx.now, timeZone: zone });
  const startParsed = parse(input.start);
  const endParsed = parse(input.end);
  if (!startParsed || !endParsed) return undefined;
  let start = startParsed.wallClock;
  let end = endParsed.wallClock;
  if (input.allDay) {
    start = beginningOfDay(start, env.tec.multiDayCutoff);
    end = endOfDay(end, env.tec.multiDayCutoff);
  }
  const startUtc = localToUtc(start, input.timezone);
  // The plugin accepts an end before the start: the wall clock is moved to the start, but the UTC twin keeps the
  // end as sent (Tribe__Events__API::prepare_event_date_meta converts before it clamps).
  const endUtc = localToUtc(end, input.timezone);
  if (start > end) end = start;
  return {
    start,
    end,
    startUtc,
    endUtc,
    timezone: input.timezone,
    abbr: timezoneAbbr(input.timezone, new Date(`${startUtc.replace(' ', 'T')}Z`)),
    allDay: input.allDay,
    duration: input.allDay ? undefined : wallClockSeconds(end) - wallClockSeconds(start),
    sentDuration: wallClockSeconds(endParsed.wallClock) - wallClockSeconds(startParsed.wallClock),
  };
}

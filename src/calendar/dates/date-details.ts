import { isPhpNumeric } from '../../php/builtins';
import { canonicalWall, parsePhpDate } from '../../php/php-date';
import { formatWallClock } from '../../php/date-time';
import { formatInstant } from '../../php/zone-math';

/**
 * TEC's date helpers that read a date "as written": PHP runs with UTC as its default zone under WordPress, so
 * strtotime() + date() give back the calendar fields of the string (converted to UTC only when the string carries
 * its own offset). Unreadable values behave like PHP's `false` timestamp: the Unix epoch.
 */

export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

/** strtotime($value) in UTC, in seconds; numbers are timestamps; unreadable → 0 (PHP's false). */
function utcSeconds(value: string | number, now: Date): number {
  if (typeof value === 'number' || (isPhpNumeric(value) && Number.isInteger(Number(value)))) return Math.floor(Number(value));
  const parsed = parsePhpDate(value, { now, timeZone: 'UTC' });
  return parsed ? Math.floor(parsed.instant.getTime() / 1000) : 0;
}

/** TEC's REST date details (`start_date_details`…): zero-padded strings; null or '' → the Unix epoch. */
export function dateDetails(wall: string | null, now: Date = new Date()): DateDetails {
  // A stored `Y-m-d H:i:s` value reads back as its own fields.
  if (wall && canonicalWall(wall)) {
    return { year: wall.slice(0, 4), month: wall.slice(5, 7), day: wall.slice(8, 10), hour: wall.slice(11, 13), minutes: wall.slice(14, 16), seconds: wall.slice(17, 19) };
  }
  const text = formatInstant(wall ? utcSeconds(wall, now) : 0, 'UTC');
  const [, year, month, day, hour, minutes, seconds] = /^(-?\d+)-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(text) ?? [];
  return { year, month, day, hour, minutes, seconds };
}

/** `HH:MM` multiDayCutoff → seconds (TEC adds it as "+H hours M minutes"). */
function cutoffSeconds(cutoff: string): number {
  const [hours = '0', minutes = '0'] = cutoff.split(':');
  return (parseInt(hours, 10) || 0) * 3600 + (parseInt(minutes, 10) || 0) * 60;
}

/** Midnight (UTC fields) of the calendar date of the value; empty value → today per `now`. */
function dayStart(value: string | number | null | undefined, now: Date): number {
  const seconds = value === null || value === undefined || value === '' || value === 0 ? Math.floor(now.getTime() / 1000) : utcSeconds(value, now);
  return Math.floor(seconds / 86400) * 86400;
}

/**
 * tribe_beginning_of_day (`BOD`) and tribe_end_of_day (`EOD`): the calendar date written in the value (numbers are
 * UTC timestamps) at 00:00:00 plus the multi-day cutoff, or the next day's less one second (`Y-m-d 23:59:59` by
 * default), `Y-m-d H:i:s`.
 */
function dayBound(value: string | number | null, edge: 'start' | 'end', cutoff: string, now: Date): string {
  const seconds = dayStart(value, now) + cutoffSeconds(cutoff) + (edge === 'end' ? 86400 - 1 : 0);
  return formatInstant(seconds, 'UTC');
}

export const beginningOfDay = (value: string | number | null, cutoff = '00:00', now: Date = new Date()): string => dayBound(value, 'start', cutoff, now);

export const endOfDay = (value: string | number | null, cutoff = '00:00', now: Date = new Date()): string => dayBound(value, 'end', cutoff, now);

/** The default window of the plugin's event archive: `yesterday 23:59` UTC shown in the site's zone, and now + 24 months in UTC (not localised). */
export function defaultWindow(now: Date, siteTimezone: string): { start: string; end: string } {
  const yesterday = parsePhpDate('yesterday 23:59', { now, timeZone: 'UTC' })!;
  const ahead = parsePhpDate('+24 months', { now, timeZone: 'UTC' })!;
  return { start: formatWallClock(yesterday.instant, siteTimezone), end: formatWallClock(ahead.instant, 'UTC') };
}

/**
 * One bound of an archive's window as the plugin computes it from a request's value: with `strict_dates` the moment
 * itself, read as UTC (an offset in the string wins; numbers are timestamps) and shown in the site's zone; otherwise
 * whole days with the multi-day cutoff, a start its day's beginning, an end its day's end.
 */
export function windowBound(value: string | number, edge: 'start' | 'end', strict: boolean, site: { cutoff: string; timezone: string; now: Date }): string {
  if (!strict) return dayBound(value, edge, site.cutoff, site.now);
  const parsed = parsePhpDate(value, { now: site.now, timeZone: 'UTC' });
  return parsed ? formatWallClock(parsed.instant, site.timezone) : String(value);
}

import { parsePhpDate } from '../../php/php-date';
import { defaultWindow, windowBound } from '../dates/date-details';
import { formatWallClock, localToUtc } from '../../php/date-time';
import type { EventWindow } from '../data/event-query';
import type { CalendarEnv } from '../site/calendar-env';

/**
 * The date window of GET /events (Tribe__Events__REST__V1__Endpoints__Archive_Event::get: start_date, end_date,
 * strict_dates): computed defaults, whole days unless `strict_dates`, the relative bounds (`starts_before` …) at end of
 * day, the bounds dropped when only relative ones are asked for, the `include` quirk, and local versus UTC comparison
 * by the plugin's time zone mode.
 */

const RELATIVE_BOUNDS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

export interface WindowArgs {
  start_date?: string | number;
  end_date?: string | number;
  starts_before?: string | number;
  starts_after?: string | number;
  ends_before?: string | number;
  ends_after?: string | number;
  strict_dates?: unknown;
  include?: number[];
}

/** The computed bounds, site-local, as they also appear in `rest_url`. */
export interface WindowBounds {
  start_date?: string;
  end_date?: string;
  starts_before?: string;
  starts_after?: string;
  ends_before?: string;
  ends_after?: string;
}

/** PHP's FILTER_VALIDATE_BOOLEAN: `1`, `true`, `on`, `yes` (any case, trimmed) are true. */
const filterBoolean = (value: unknown): boolean => typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());

export function windowBounds(env: CalendarEnv, args: WindowArgs, queryString: Record<string, unknown>): WindowBounds {
  const defaults = defaultWindow(env.ctx.now, env.siteTimezone);
  const strict = filterBoolean(args.strict_dates ?? 'false');
  const site = { cutoff: env.tec.multiDayCutoff, timezone: env.siteTimezone, now: env.ctx.now };
  const relative = RELATIVE_BOUNDS.filter((name) => args[name] !== undefined);
  // With `include` the plugin means to ignore dates, but merges its raw defaults back in.
  const bounds: WindowBounds = args.include === undefined ? {} : { start_date: defaults.start, end_date: defaults.end };
  const asked: { [K in keyof WindowBounds]: string | number } = args.include === undefined ? { start_date: args.start_date ?? defaults.start, end_date: args.end_date ?? defaults.end } : {};
  for (const name of relative) asked[name] = args[name];
  // A start_date is its day's beginning; an end_date and the relative bounds, whether they bound a start or an end,
  // their day's end.
  for (const name of Object.keys(asked) as Array<keyof WindowBounds>) bounds[name] = windowBound(asked[name]!, name === 'start_date' ? 'start' : 'end', strict, site);
  if (relative.length > 0) {
    // Relative bounds replace the window, unless the window itself is asked for in the query string.
    if (!('start_date' in queryString)) delete bounds.start_date;
    if (!('end_date' in queryString)) delete bounds.end_date;
  }
  return bounds;
}

/**
 * Whether the plugin's repository compares the events' UTC date fields: in its site time zone mode, and also when
 * the site's own zone is UTC (`UTC`, or an offset of 0; not `Etc/UTC`), where it takes every bound, start and
 * end alike, against the UTC start and end rather than the events' local wall clocks.
 */
export const comparesUtcFields = (env: CalendarEnv): boolean => env.tec.timezoneMode === 'site' || env.siteZone === 'UTC';

/**
 * tec/v1's window: each bound a date phrase read in the site's zone and taken as it is (no whole days, no defaults);
 * a phrase that reads as no date bounds nothing.
 */
export function siteWallWindow(env: CalendarEnv, phrases: { [K in keyof WindowBounds]?: string }): EventWindow {
  const bounds: WindowBounds = {};
  for (const name of ['start_date', 'end_date', ...RELATIVE_BOUNDS] as const) {
    const phrase = phrases[name];
    const parsed = phrase === undefined ? undefined : parsePhpDate(phrase, { now: env.ctx.now, timeZone: env.siteTimezone });
    if (parsed) bounds[name] = formatWallClock(parsed.instant, env.siteTimezone);
  }
  return queryWindow(env, bounds);
}

/** The query's window: site-local wall clocks, or UTC ones compared with the UTC fields (comparesUtcFields). */
export function queryWindow(env: CalendarEnv, bounds: WindowBounds): EventWindow {
  const utc = comparesUtcFields(env);
  const field = (value: string | undefined) => (value === undefined ? undefined : utc ? localToUtc(value, env.siteTimezone, env.ctx.now) : value);
  return {
    utc,
    // A UTC site compares the UTC fields but still lists the events by their local start.
    orderUtc: env.tec.timezoneMode === 'site',
    startFrom: field(bounds.start_date),
    endUntil: field(bounds.end_date),
    startsBefore: field(bounds.starts_before),
    startsAfter: field(bounds.starts_after),
    endsBefore: field(bounds.ends_before),
    endsAfter: field(bounds.ends_after),
  };
}

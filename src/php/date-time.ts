import { parsePhpDate } from './php-date';
import { formatInstant, formatOffset, offsetAt } from './zone-math';
import { resolveZone } from './zone-names';

/**
 * Conversions between wall clocks (`Y-m-d H:i:s`) in a zone and UTC, as PHP's `date_create($wall, $zone)` followed by
 * `setTimezone()` and `format()` give them. Zones that cannot be resolved fall back to UTC, as TEC's
 * Tribe__Timezones::build_timezone_object() does.
 */

export { resolveZone } from './zone-names';

/**
 * A wall clock in the zone → the UTC wall clock (TEC Tribe__Timezones::to_utc: `date_create($wall, $zone)` then UTC).
 * Anything PHP's DateTime reads is accepted (an offset inside the string wins over `tz`). PHP's DST rules apply: a
 * time in a spring-forward gap moves forward by the gap, an ambiguous time usually takes its first occurrence (see
 * wallSecondsToInstant). Unreadable input → ''.
 */
export function localToUtc(wall: string, tz: string, now: Date = new Date()): string {
  const parsed = parsePhpDate(wall, { now, timeZone: resolveZone(tz) ?? 'UTC' });
  return parsed ? formatInstant(Math.floor(parsed.instant.getTime() / 1000), 'UTC') : '';
}

/** A UTC wall clock → the wall clock in the zone (TEC Tribe__Timezones::to_tz). Unreadable input → ''. */
export function utcToLocal(utcWall: string, tz: string, now: Date = new Date()): string {
  const parsed = parsePhpDate(utcWall, { now, timeZone: 'UTC' });
  return parsed ? formatInstant(Math.floor(parsed.instant.getTime() / 1000), resolveZone(tz) ?? 'UTC') : '';
}

/** `Y-m-d H:i:s` of an instant in the zone. */
export function formatWallClock(instant: Date, tz: string): string {
  return formatInstant(Math.floor(instant.getTime() / 1000), resolveZone(tz) ?? 'UTC');
}

/**
 * PHP `DateTime::format('c')` of a wall clock read in the zone, as TEC writes JSON-LD start/end dates:
 * `2024-07-14T12:00:00+02:00`. A wall clock in a DST gap is shown as PHP holds it (moved forward). '' if unreadable.
 */
export function isoWithOffset(wall: string, tz: string, now: Date = new Date()): string {
  const parsed = parsePhpDate(wall, { now, timeZone: resolveZone(tz) ?? 'UTC' });
  if (!parsed) return '';
  const seconds = Math.floor(parsed.instant.getTime() / 1000);
  return `${parsed.wallClock.replace(' ', 'T')}${formatOffset(offsetAt(parsed.zone, seconds))}`;
}

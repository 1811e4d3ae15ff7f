import { isPhpNumeric } from '../php';
import { parsePhpDate } from './php-date';
import { ZONE_ABBREVIATIONS } from './timezone-abbreviations';
import { formatInstant, formatOffset, offsetAt } from './zone-math';
import { parsePhpZone, resolveZone } from './zone-names';

/**
 * Time zones as WordPress, PHP and The Events Calendar handle them: which names are valid, TEC's site time-zone
 * string and abbreviations, and conversions between site-local and UTC wall clocks (`Y-m-d H:i:s`).
 *
 * Zones that cannot be resolved fall back to UTC in the conversions, as TEC's build_timezone_object() does.
 */

export { resolveZone } from './zone-names';
export { beginningOfDay, dateDetails, endOfDay, type DateDetails } from './tec-dates';

/** What TEC's `is_timezone_or_empty` accepts (besides empty): PHP DateTimeZone names and TEC's `UTC±N[.N]`. */
export function isValidTimezone(tz: string): boolean {
  return resolveZone(tz) !== null;
}

/**
 * TEC's Tribe__Timezones::wp_timezone_string(): the site's `timezone_string` option when set, else `UTC+0`, `UTC-3`,
 * `UTC+5.5` built from `gmt_offset` (the option's text is used as PHP concatenates it).
 */
export function tecTimezoneString(timezoneString: string, gmtOffset: string | number): string {
  if (timezoneString !== '') return timezoneString;
  const text = String(gmtOffset);
  if (isPhpNumeric(gmtOffset)) {
    const value = Number(gmtOffset);
    if (value === 0) return 'UTC+0';
    return value < 0 ? `UTC${text}` : `UTC+${text}`;
  }
  // PHP 8 compares a non-numeric string with 0 as strings: only text sorting before "0" counts as negative.
  return text < '0' ? `UTC${text}` : `UTC+${text}`;
}

/** Lower-cased zone id → (UTC offset in minutes → abbreviation), from the generated table. */
const ABBREVIATIONS_BY_ZONE: ReadonlyMap<string, ReadonlyMap<number, string>> = new Map(
  Object.entries(ZONE_ABBREVIATIONS).flatMap(([pairs, zones]) => {
    const byOffset = new Map(
      pairs.split(' ').map((pair) => {
        const [minutes, abbreviation] = pair.split('=');
        return [Number(minutes), abbreviation] as const;
      }),
    );
    return zones.map((zone) => [zone.toLowerCase(), byOffset] as const);
  }),
);

/** tzdata's numeric abbreviation for an offset without a name: `+03`, `+0530`, `-0330`. */
function numericAbbreviation(offsetSeconds: number): string {
  const [hours, minutes] = formatOffset(offsetSeconds).split(':');
  return minutes === '00' ? hours : `${hours}${minutes}`;
}

/**
 * TEC's `_EventTimezoneAbbr`: a `UTC±N` string is its own abbreviation; otherwise PHP's `T` format of the zone at the
 * instant (`EDT`, `CET`, `GMT`, `IST`…), with numeric tzdata abbreviations replaced as TEC does (`Europe/Istanbul` →
 * `EEST`). PHP abbreviation zones print themselves (`EST`, `CEST`), fixed offsets print `GMT+0500`. Unknown zone → ''.
 */
export function timezoneAbbr(tz: string, at: Date): string {
  if (/^UTC[+-]/.test(tz.trim())) return tz;
  const zone = parsePhpZone(tz);
  if (!zone) return '';
  if (zone.kind === 'abbreviation') return zone.abbreviation ?? '';
  const offset = offsetAt(zone.zone, Math.floor(at.getTime() / 1000));
  if (zone.kind === 'offset') return `GMT${formatOffset(offset).replace(':', '')}`;
  return ABBREVIATIONS_BY_ZONE.get(tz.toLowerCase())?.get(offset / 60) ?? numericAbbreviation(offset);
}

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

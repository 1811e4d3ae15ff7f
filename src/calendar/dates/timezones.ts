import { isPhpNumeric } from '../../php/builtins';
import { formatOffset, offsetAt } from '../../php/zone-math';
import { parsePhpZone, resolveZone } from '../../php/zone-names';
import { ZONE_ABBREVIATIONS } from './timezone-abbreviations';

/**
 * Time zones as The Events Calendar handles them (Tribe__Timezones): which names it accepts, the site time-zone
 * string it builds from the options, and the abbreviations it stores with each event.
 */

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

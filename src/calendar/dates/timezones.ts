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

/**
 * The named zone PHP finds for a standard-time UTC offset (timezone_name_from_abbr('', offset, 0)), in minutes: the
 * zones the plugin's tec/v1 writes store for `UTC+2`, `UTC-3.5`… (observed on the plugin for every whole and the
 * usual fractional offsets from −13 to +15; the others have no entry).
 */
const ZONE_OF_STANDARD_OFFSET: ReadonlyMap<number, string> = new Map([
  [-660, 'Pacific/Apia'], [-600, 'Pacific/Honolulu'], [-540, 'America/Anchorage'], [-480, 'America/Los_Angeles'],
  [-420, 'America/Denver'], [-360, 'America/Chicago'], [-300, 'America/New_York'], [-270, 'America/Caracas'],
  [-240, 'America/Halifax'], [-210, 'America/St_Johns'], [-180, 'America/Sao_Paulo'], [-60, 'Atlantic/Azores'],
  [60, 'Europe/Paris'], [120, 'Europe/Helsinki'], [180, 'Europe/Moscow'], [240, 'Asia/Dubai'], [300, 'Asia/Karachi'],
  [330, 'Asia/Kolkata'], [345, 'Asia/Katmandu'], [420, 'Asia/Krasnoyarsk'], [480, 'Asia/Shanghai'], [540, 'Asia/Tokyo'],
  [570, 'Australia/Adelaide'], [600, 'Australia/Melbourne'], [720, 'Pacific/Auckland'],
]);

/**
 * The zone tec/v1 stores for TEC's `UTC±N[.N]` (the plugin's ORM turns the offset into a named zone): the zone of
 * that standard offset, or `UTC` (for `UTC+0` and for offsets without one, such as `UTC+6` or `UTC+3.5`). Any other
 * zone is returned as it is.
 */
export function namedZoneOfUtcOffset(tz: string): string {
  const offset = /^UTC([+-])(\d+(?:\.\d+)?)$/.exec(tz);
  if (!offset) return tz;
  const minutes = Math.round(parseFloat(offset[2]) * 60) * (offset[1] === '-' ? -1 : 1);
  return ZONE_OF_STANDARD_OFFSET.get(minutes) ?? 'UTC';
}

/**
 * Calendar arithmetic on wall clocks and PHP's (timelib's) rules for turning a wall clock in a time zone into an
 * instant. Everything works on plain numbers and UTC-based Date methods, so the process time zone never matters.
 *
 * A "zone" here is what resolveZone() returns: an IANA id or a fixed offset `±HH:MM`.
 */

/** A wall clock as PHP's timelib holds it: fields may be out of range until normalised. */
export interface WallClock {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/**
 * Seconds since 1970-01-01 00:00:00 of the wall clock read as if it were UTC ("local seconds"). Out-of-range fields
 * roll over as timelib_do_normalize does (month 13 → January next year, day 0 → last day of previous month…).
 */
export function wallToSeconds(w: WallClock): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(w.y, w.m - 1, w.d);
  date.setUTCHours(w.h, w.i, w.s, 0);
  return Math.floor(date.getTime() / 1000);
}

export function secondsToWall(seconds: number): WallClock {
  const date = new Date(seconds * 1000);
  return {
    y: date.getUTCFullYear(),
    m: date.getUTCMonth() + 1,
    d: date.getUTCDate(),
    h: date.getUTCHours(),
    i: date.getUTCMinutes(),
    s: date.getUTCSeconds(),
  };
}

/** Normalises a wall clock (rolls over every field), as timelib_do_normalize. */
export function normalizeWall(w: WallClock): WallClock {
  return secondsToWall(wallToSeconds(w));
}

/** Day of week of a (normalised) date, 0 = Sunday. */
export function dayOfWeek(y: number, m: number, d: number): number {
  return new Date(wallToSeconds({ y, m, d, h: 0, i: 0, s: 0 }) * 1000).getUTCDay();
}

/** PHP `Y-m-d H:i:s` (years below 1000 are zero-padded to four digits, negative years get a `-`). */
function formatWall(w: WallClock): string {
  const year = (w.y < 0 ? '-' : '') + pad(w.y, 4);
  return `${year}-${pad(w.m)}-${pad(w.d)} ${pad(w.h)}:${pad(w.i)}:${pad(w.s)}`;
}

/** Reads `Y-m-d`, `Y-m-d H:i` or `Y-m-d H:i:s` (with a space or `T`), the forms WordPress and TEC store. */
function parseWall(text: string): WallClock | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return null;
  const [, y, m, d, h = '0', i = '0', s = '0'] = match;
  return { y: +y, m: +m, d: +d, h: +h, i: +i, s: +s };
}

/** Seconds of a stored `Y-m-d H:i:s` wall clock read as if it were UTC (for differences between two of them). */
export function wallClockSeconds(text: string): number {
  const wall = parseWall(text);
  return wall ? wallToSeconds(wall) : NaN;
}

/**
 * Earliest instant asked of Intl (1583-01-01): ICU's calendar is Julian before the Gregorian reform, and every zone
 * is on its local mean time long before then anyway.
 */
const EARLIEST = Date.UTC(1583, 0, 1) / 1000;

/**
 * Building an Intl.DateTimeFormat costs far more than using one, so one per zone is kept. This memo is the only
 * module-level state here: a formatter is immutable and depends on nothing but the zone name, so sharing it
 * between apps and requests cannot leak anything. Bounded, in case callers pass arbitrary names.
 */
const FORMATTERS = new Map<string, Intl.DateTimeFormat | null>();

/** Whether Intl knows the IANA zone name. */
export function isIntlZone(zone: string): boolean {
  return wallClockFormatter(zone) !== null;
}

function wallClockFormatter(zone: string): Intl.DateTimeFormat | null {
  let formatter = FORMATTERS.get(zone);
  if (formatter !== undefined) return formatter;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    formatter = null;
  }
  if (FORMATTERS.size >= 1000) FORMATTERS.clear();
  FORMATTERS.set(zone, formatter);
  return formatter;
}

/**
 * UTC offset of the zone at the instant, in seconds, read from Intl's wall clock for that instant. (date-fns-tz's
 * getTimezoneOffset reads a Date's fields in the process time zone, so it is not used here.) NaN for an unknown zone.
 */
export function offsetAt(zone: string, instantSeconds: number): number {
  const fixed = fixedOffsetSeconds(zone);
  if (fixed !== null) return fixed;
  const at = Math.max(instantSeconds, EARLIEST);
  // Since 2000 every offset is whole minutes and every transition falls on a whole minute (Palestine's at 00:01):
  // the offset of an instant is the offset of its minute, read once (each request asks for "now").
  const key = at >= MINUTE_KEYED_FROM ? `${zone}\u0000${Math.floor(at / 60)}` : undefined;
  const known = key === undefined ? undefined : OFFSETS.get(key);
  if (known !== undefined) return known;
  const formatter = wallClockFormatter(zone);
  if (!formatter) return NaN;
  const probe = key === undefined ? at : Math.floor(at / 60) * 60;
  const parts = formatter.formatToParts(new Date(probe * 1000));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = { y: part('year'), m: part('month'), d: part('day'), h: part('hour'), i: part('minute'), s: part('second') };
  const offset = wallToSeconds(wall) - probe;
  if (key !== undefined) {
    if (OFFSETS.size >= 1000) OFFSETS.clear();
    OFFSETS.set(key, offset);
  }
  return offset;
}

/** 2000-01-01 00:00:00 UTC: from then on, offsets are read by the minute. */
const MINUTE_KEYED_FROM = 946_684_800;
/** Offsets by zone and minute (offsetAt). */
const OFFSETS = new Map<string, number>();

/** `±HH:MM` → seconds; null for anything else. */
export function fixedOffsetSeconds(zone: string): number | null {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(zone);
  if (!match) return zone === 'UTC' ? 0 : null;
  const seconds = +match[2] * 3600 + +match[3] * 60;
  return match[1] === '-' ? -seconds : seconds;
}

/** Seconds → `±HH:MM` (PHP's `P` format). */
export function formatOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const abs = Math.abs(seconds);
  return `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`;
}

/**
 * The instant (Unix seconds) of a wall clock in a zone, exactly as timelib's do_adjust_timezone() computes it:
 * `c` = offset in force at the wall clock read as UTC, `a` = offset in force at (wall − c). If they differ, `a` is
 * used unless the wall clock falls in the gap of a spring-forward transition, where `c` (the offset before the gap)
 * is used. Consequences, matching PHP:
 * - a wall clock in a DST gap moves forward by the gap (`2025-03-09 02:30` New York → 03:30 EDT);
 * - an ambiguous wall clock usually resolves to the first occurrence (01:30 New York on fall-back day → EDT), but
 *   in zones far east of UTC, where "wall read as UTC" is already past the transition, to the second one
 *   (Pacific/Chatham `2025-04-06 03:00` → +12:45).
 */
export function wallSecondsToInstant(localSeconds: number, zone: string): number {
  const current = offsetAt(zone, localSeconds);
  const after = offsetAt(zone, localSeconds - current);
  if (current === after) return localSeconds - current;
  const inGap = after > current && offsetAt(zone, localSeconds - after) !== after;
  return inGap ? localSeconds - current : localSeconds - after;
}

/** Local seconds of an instant in a zone. */
export function instantToWallSeconds(instantSeconds: number, zone: string): number {
  return instantSeconds + offsetAt(zone, instantSeconds);
}

/** `Y-m-d H:i:s` of an instant in a zone. */
export function formatInstant(instantSeconds: number, zone: string): string {
  return formatWall(secondsToWall(instantToWallSeconds(instantSeconds, zone)));
}

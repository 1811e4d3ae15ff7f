import { isPhpNumeric } from './builtins';
import { ParseState, Special } from './php-date-state';
import { absoluteRules } from './php-date-rules-absolute';
import { relativeRules } from './php-date-rules-relative';
import { adjustBusinessDays } from './php-date-weekdays';
import { resolveZone } from './zone-names';
import {
  dayOfWeek, fixedOffsetSeconds, formatInstant, instantToWallSeconds, normalizeWall, secondsToWall, wallSecondsToInstant,
  wallToSeconds, type WallClock,
} from './zone-math';

/**
 * PHP's date parsing (`strtotime()`, `new DateTime($string, $zone)`), as TEC uses it for every date argument:
 * a port of timelib's scanner (php-date-rules-*.ts) and of its resolution steps (timelib_fill_holes,
 * timelib_update_ts) below, independent of the process time zone.
 */

export interface PhpDateOptions {
  /** "Now" for relative phrases and for the fields a string leaves out. */
  now: Date;
  /** The zone naive strings are read in: IANA id, `±HH:MM`, a PHP abbreviation, or TEC's `UTC+5.5`. */
  timeZone: string;
}

export interface PhpDate {
  instant: Date;
  /** `Y-m-d H:i:s` as the PHP DateTime holds it: in `zone`. */
  wallClock: string;
  /** The zone of the wall clock: the string's own zone if it names one (`Z`/`UTC` → `UTC`), else `timeZone`. */
  zone: string;
}

const RULES = [...absoluteRules, ...relativeRules];

/** Runs the scanner: the longest rule match at each position wins (the earlier rule on a tie). Null on error. */
function scanPhpDate(input: string): ParseState | null {
  let rest = input.replace(/^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g, '');
  if (rest === '') return null;
  const state = new ParseState();
  while (rest.length > 0) {
    let token = '';
    let action = RULES[0].action;
    for (const rule of RULES) {
      for (const pattern of rule.patterns) {
        const match = pattern.exec(rest);
        if (match && match[0].length > token.length) {
          token = match[0];
          action = rule.action;
        }
      }
    }
    if (token === '') return null; // "Unexpected character"
    if (action(state, token) === false || state.error) return null;
    rest = rest.slice(token.length);
  }
  return state;
}

/** do_adjust_for_weekday: moves the date to the weekday asked for, per the phrase's behaviour. */
function adjustForWeekday(t: WallClock, state: ParseState): void {
  const rel = state.rel;
  const currentDow = dayOfWeek(t.y, t.m, t.d);
  if (rel.weekdayBehavior === 2) {
    // "… this week": Monday-based weeks, so Sunday belongs to the week before.
    let weekday = rel.weekday;
    if (currentDow === 0 && weekday !== 0) weekday -= 7;
    if (weekday === 0 && currentDow !== 0) weekday = 7;
    t.d += weekday - currentDow;
    return;
  }
  let difference = rel.weekday - currentDow;
  if ((rel.d < 0 && difference < 0) || (rel.d >= 0 && difference <= -rel.weekdayBehavior)) difference += 7;
  if (rel.weekday >= 0) t.d += difference;
  else t.d -= 7 - (Math.abs(rel.weekday) - currentDow);
}

/** timelib_update_ts without the zone step: applies the special, relative and first/last-day-of parts. */
function applyRelative(fields: WallClock, state: ParseState): WallClock {
  const rel = state.rel;
  let t = { ...fields };
  let relMonths = rel.m;
  if (rel.special === Special.DayOfWeekInMonth || rel.special === Special.LastDayOfWeekInMonth) {
    t.d = 1;
    t.m += relMonths + (rel.special === Special.LastDayOfWeekInMonth ? 1 : 0);
    relMonths = 0;
  }
  const firstLast = (w: WallClock) => {
    if (rel.firstLastDayOf === 1) w.d = 1;
    if (rel.firstLastDayOf === 2) {
      w.d = 0;
      w.m++;
    }
  };
  firstLast(t);
  t = normalizeWall(t);
  if (rel.haveWeekdayRelative) adjustForWeekday(t, state);
  t = normalizeWall(t);
  if (state.haveRelative) {
    t = { y: t.y + rel.y, m: t.m + relMonths, d: t.d + rel.d, h: t.h + rel.h, i: t.i + rel.i, s: t.s + rel.s };
  }
  firstLast(t);
  t = normalizeWall(t);
  if (rel.special === Special.Weekday) t = normalizeWall(adjustBusinessDays(t, rel.specialAmount));
  return t;
}

/**
 * Parses a date the way TEC does (`new DateTime($input, $zone)`; numbers are Unix timestamps). Returns null where
 * PHP fails (strtotime() false / DateTime throws).
 */
export function parsePhpDate(input: string | number, options: PhpDateOptions): PhpDate | null {
  if (isPhpNumeric(input)) {
    const ms = Math.round(Number(input) * 1000);
    if (!Number.isFinite(ms)) return null;
    return { instant: new Date(ms), wallClock: formatInstant(Math.floor(ms / 1000), 'UTC'), zone: 'UTC' };
  }
  if (typeof input !== 'string') return null;
  // The stored form (`Y-m-d H:i:s`, a valid calendar date) needs no scanning: it names every field and nothing else.
  const stored = canonicalWall(input);
  if (stored) return resolveWall(stored, resolveZone(options.timeZone) ?? 'UTC', 0);
  const state = scanPhpDate(input);
  if (!state) return null;
  const givenZone = resolveZone(options.timeZone) ?? 'UTC';
  const zone = state.zone?.zone ?? givenZone;

  // timelib_fill_holes: what the string leaves out comes from the wall clock of "now" in the given zone, even when
  // the string names another zone (PHP: `new DateTime('10:00 +05:00')` takes today's date from the default zone).
  const nowMs = options.now.getTime();
  const nowSeconds = Math.floor(nowMs / 1000);
  const now = secondsToWall(instantToWallSeconds(nowSeconds, givenZone));
  if (state.haveDate && !state.haveTime) state.h = state.i = state.s = state.us = 0;
  const anyField = [state.y, state.m, state.d, state.h, state.i, state.s].some((v) => v !== null);
  const us = (state.us ?? (anyField ? 0 : (nowMs - nowSeconds * 1000) * 1000)) + state.rel.us;
  const fields: WallClock = {
    y: state.y ?? now.y,
    m: state.m ?? now.m,
    d: state.d ?? now.d,
    h: state.h ?? now.h,
    i: state.i ?? now.i,
    s: (state.s ?? now.s) + Math.floor(us / 1e6),
  };
  return resolveWall(applyRelative(fields, state), zone, us);
}

const CANONICAL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A `Y-m-d H:i:s` string whose fields are all in range, as a wall clock; anything else goes to the scanner. */
export function canonicalWall(input: string): WallClock | null {
  const match = CANONICAL.exec(input);
  if (!match) return null;
  const [y, m, d, h, i, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth || h > 23 || i > 59 || s > 59) return null;
  return { y, m, d, h, i, s };
}

/** timelib_update_ts: the instant of a wall clock in a zone (DST gaps and overlaps resolved as PHP does). */
function resolveWall(wall: WallClock, zone: string, us: number): PhpDate | null {
  const local = wallToSeconds(wall);
  const fixed = fixedOffsetSeconds(zone);
  const instantSeconds = fixed !== null ? local - fixed : wallSecondsToInstant(local, zone);
  if (!Number.isFinite(instantSeconds)) return null;
  const micro = ((us % 1e6) + 1e6) % 1e6;
  return {
    instant: new Date(instantSeconds * 1000 + Math.floor(micro / 1000)),
    wallClock: formatInstant(instantSeconds, zone),
    zone,
  };
}

/**
 * TEC's `is_time` validator: PHP-numeric (a timestamp), or a string strtotime() accepts with a non-zero result.
 * WordPress runs PHP in UTC, so strings are read in UTC.
 */
export function isPhpTime(value: unknown, now: Date = new Date()): boolean {
  if (isPhpNumeric(value)) return true;
  if (typeof value !== 'string') return false;
  const parsed = parsePhpDate(value, { now, timeZone: 'UTC' });
  return parsed !== null && Math.floor(parsed.instant.getTime() / 1000) !== 0;
}

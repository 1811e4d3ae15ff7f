import { parsePhpZone, type PhpZone } from './zone-names';

/**
 * What PHP's date scanner (timelib's parse_date.re) records while it reads a date string: the absolute fields it saw
 * (null = not given), the relative parts, and the zone. The rules in php-date-rules.ts fill it in; php-date.ts turns
 * it into an instant. Field names follow timelib's timelib_time so the port can be checked against it.
 */

/** Special relatives: "+N weekdays" (business days), "first monday of", "last friday of". */
export const Special = { None: 0, Weekday: 1, DayOfWeekInMonth: 2, LastDayOfWeekInMonth: 3 } as const;
export type Special = (typeof Special)[keyof typeof Special];

export interface Relative {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  us: number;
  /** 0 = Sunday … 6 = Saturday; negative after "ago". */
  weekday: number;
  /** 0: "next monday" (today excluded), 1: "monday" (today counts), 2: "… this/next/last week". */
  weekdayBehavior: number;
  haveWeekdayRelative: boolean;
  /** 1 = "first day of", 2 = "last day of". */
  firstLastDayOf: 0 | 1 | 2;
  special: Special;
  specialAmount: number;
}

export class ParseState {
  y: number | null = null;
  m: number | null = null;
  d: number | null = null;
  h: number | null = null;
  i: number | null = null;
  s: number | null = null;
  us: number | null = null;
  haveDate = 0;
  haveTime = 0;
  haveZone = 0;
  haveRelative = false;
  zone: PhpZone | null = null;
  rel: Relative = {
    y: 0, m: 0, d: 0, h: 0, i: 0, s: 0, us: 0,
    weekday: 0, weekdayBehavior: 0, haveWeekdayRelative: false, firstLastDayOf: 0, special: Special.None, specialAmount: 0,
  };
  /** Set when the scanner hit an error (PHP: strtotime() false, DateTime throws). */
  error: string | null = null;

  fail(message: string): false {
    this.error ??= message;
    return false;
  }

  /** TIMELIB_HAVE_TIME: a second time of day is an error ("Double time specification"). */
  haveTimeOnce(): boolean {
    if (this.haveTime) return this.fail('Double time specification');
    this.haveTime = 1;
    this.h = this.i = this.s = this.us = 0;
    return true;
  }

  /** TIMELIB_UNHAVE_TIME: "today", "tomorrow", weekday names… reset the time of day to 00:00:00. */
  unhaveTime(): void {
    this.haveTime = 0;
    this.h = this.i = this.s = this.us = 0;
  }

  /** TIMELIB_HAVE_DATE: a second date is an error ("Double date specification"). */
  haveDateOnce(): boolean {
    if (this.haveDate) return this.fail('Double date specification');
    this.haveDate = 1;
    return true;
  }

  haveWeekdayRelative(): void {
    this.haveRelative = true;
    this.rel.haveWeekdayRelative = true;
  }

  /** TIMELIB_HAVE_TZ + timelib_parse_zone: a second zone is ignored (a warning in PHP), a third is an error. */
  setZone(text: string): boolean {
    this.haveZone++;
    if (this.haveZone > 2) return this.fail('Double timezone specification');
    if (this.haveZone > 1) return true;
    const zone = parsePhpZone(text);
    if (!zone) return this.fail('The timezone could not be found in the database');
    this.zone = zone;
    return true;
  }
}

/**
 * A cursor over one matched token that reads numbers and names as timelib's helpers do (timelib_get_nr skips any
 * non-digit before the number, timelib_get_month skips separators, …).
 */
export class TokenReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  get rest(): string {
    return this.text.slice(this.pos);
  }

  advance(count: number): void {
    this.pos += count;
  }

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  /** timelib_get_nr: up to `max` digits after skipping non-digits; null if none. `length` = digits read. */
  number(max: number): { value: number; length: number } | null {
    while (this.pos < this.text.length && !/\d/.test(this.text[this.pos])) this.pos++;
    const match = new RegExp(`^\\d{1,${max}}`).exec(this.text.slice(this.pos));
    if (!match) return null;
    this.pos += match[0].length;
    return { value: parseInt(match[0], 10), length: match[0].length };
  }

  nr(max: number): number {
    return this.number(max)?.value ?? 0;
  }

  /** timelib_get_signed_nr: every `-` before the digits flips the sign. */
  signedNr(max: number): number {
    let sign = 1;
    while (this.pos < this.text.length && !/\d/.test(this.text[this.pos])) {
      if (this.text[this.pos] === '-') sign = -sign;
      this.pos++;
    }
    return sign * this.nr(max);
  }

  /** timelib_get_frac_nr: `.123` → microseconds. */
  fraction(): number {
    const match = /^[.:](\d+)/.exec(this.rest);
    if (!match) return 0;
    this.pos += match[0].length;
    return Math.round(parseFloat(`0.${match[1]}`) * 1e6);
  }

  /** Skips separators, then reads a word (letters, `µ`). */
  word(): string {
    while (this.pos < this.text.length && /[ \t\-./,]/.test(this.text[this.pos])) this.pos++;
    const match = /^[a-zµ]+/i.exec(this.rest);
    if (!match) return '';
    this.pos += match[0].length;
    return match[0].toLowerCase();
  }

  skipSpaces(): void {
    while (this.pos < this.text.length && /[ \t]/.test(this.text[this.pos])) this.pos++;
  }

  /** timelib_skip_day_suffix. */
  skipDaySuffix(): void {
    if (/^(st|nd|rd|th)/i.test(this.rest)) this.pos += 2;
  }

  /** Reads `am`/`pm` (with optional dots) and applies it to a 12-hour clock, as timelib_meridian. */
  meridian(hour: number): number {
    const match = /([ap])\.?m\.?/i.exec(this.rest);
    if (!match) return hour;
    this.pos += match.index + match[0].length;
    if (match[1].toLowerCase() === 'a') return hour === 12 ? 0 : hour;
    return hour === 12 ? 12 : hour + 12;
  }
}

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, i: 1, feb: 2, february: 2, ii: 2, mar: 3, march: 3, iii: 3, apr: 4, april: 4, iv: 4,
  may: 5, v: 5, jun: 6, june: 6, vi: 6, jul: 7, july: 7, vii: 7, aug: 8, august: 8, viii: 8,
  sep: 9, sept: 9, september: 9, ix: 9, oct: 10, october: 10, x: 10, nov: 11, november: 11, xi: 11,
  dec: 12, december: 12, xii: 12,
};

export function monthNumber(name: string): number {
  return MONTHS[name.toLowerCase()] ?? 0;
}

/** TIMELIB_PROCESS_YEAR: two-digit years (fewer than 4 digits and < 100) become 1970–2069. */
export function processYear(year: { value: number; length: number } | null): number | null {
  if (!year) return null;
  if (year.length < 4 && year.value < 100) return year.value + (year.value < 70 ? 2000 : 1900);
  return year.value;
}

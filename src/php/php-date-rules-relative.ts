import { monthNumber, ParseState, processYear, Special, TokenReader } from './php-date-state';
import { readRelativeText, setRelative, weekdayOf } from './php-date-units';
import { dayOfWeek } from './zone-math';
import { makeRule, readClock, type Action, type Rule } from './php-date-rules-absolute';
import {
  datenoyear, daylz, daytext, dayofyear, hour24lz, iso8601normtz, minutelz, monthabbr, monthfull, relnumber, reltextnumber,
  reltexttext, reltextunit, secondlz, space, timelong12, timelong24, timeshort12, timeshort24, tz, tzcorrection, weekofyear,
  year, year4,
} from './php-date-patterns';

/**
 * The second half of PHP's date rules (after the absolute date-time forms): day-of-year and ISO week dates, the
 * Common Log Format, bare years, relative phrases ("+2 days", "next monday", "ago"), month names, zones, and the
 * "month day time" forms. Same order and conventions as php-date-rules-absolute.ts.
 */

export const relativeRules: Rule[] = [];
const rule = (name: string, source: string | string[], action: Action) => relativeRules.push(makeRule(name, source, action));

/** timelib_daynr_from_weeknr: days from January 1st to day `d` of ISO week `w`. */
function dayNumberFromWeek(y: number, w: number, d: number): number {
  const dow = dayOfWeek(y, 1, 1);
  const firstDay = 0 - (dow > 4 ? dow - 7 : dow);
  return firstDay + (w - 1) * 7 + d;
}

rule('pgydotd', `${year4}\\.?${dayofyear}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.y = processYear(r.number(4));
  st.d = r.nr(3);
  st.m = 1;
});
rule('isoweekday | isoweek', `${year4}-?w${weekofyear}(?:-?[0-7])?`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.haveRelative = true;
  const y = r.nr(4);
  const w = r.nr(2);
  const d = r.number(1)?.value ?? 1;
  st.y = y;
  st.m = 1;
  st.d = 1;
  st.rel.d = dayNumberFromWeek(y, w, d);
});
rule('pgtextshort', `${monthabbr}-${daylz}-${year}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.m = monthNumber(r.word());
  st.d = r.nr(2);
  st.y = processYear(r.number(4));
});
rule('pgtextreverse', `${year}-${monthabbr}-${daylz}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.y = processYear(r.number(4));
  st.m = monthNumber(r.word());
  st.d = r.nr(2);
});
rule('clf', `(?:3[01]|[0-2]?[0-9])/${monthabbr}/${year4}:${hour24lz}:${minutelz}:${secondlz}${space}${tzcorrection}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveTimeOnce() || !st.haveDateOnce()) return false;
  st.d = r.nr(2);
  st.m = monthNumber(r.word());
  st.y = r.nr(4);
  st.h = r.nr(2);
  st.i = r.nr(2);
  st.s = r.nr(2);
  return st.setZone(r.rest.trim());
});
rule('year4', year4, (st, t) => {
  st.y = parseInt(t, 10);
});
rule('ago', 'ago', (st) => {
  const rel = st.rel;
  for (const field of ['y', 'm', 'd', 'h', 'i', 's', 'us'] as const) rel[field] = 0 - rel[field];
  rel.weekday = 0 - rel.weekday;
  if (rel.weekday === 0) rel.weekday = -7;
  if (rel.special === Special.Weekday) rel.specialAmount = 0 - rel.specialAmount;
});
rule('daytext', daytext, (st, t) => {
  st.haveWeekdayRelative();
  st.unhaveTime();
  st.rel.weekday = weekdayOf(t);
  if (st.rel.weekdayBehavior !== 2) st.rel.weekdayBehavior = 1;
});
rule('relativetextweek', `${reltexttext}${space}week`, (st, t) => {
  const r = new TokenReader(t);
  const { amount, behavior } = readRelativeText(r);
  setRelative(st, r, amount, behavior, 'reset');
  st.rel.weekdayBehavior = 2;
  // "next week" alone means Monday of that week (at the current time).
  if (!st.rel.haveWeekdayRelative) {
    st.haveWeekdayRelative();
    st.rel.weekday = 1;
  }
});
rule('relativetext', `(?:${reltextnumber}|${reltexttext})${space}${reltextunit}`, (st, t) => {
  const r = new TokenReader(t);
  st.haveRelative = true;
  const { amount, behavior } = readRelativeText(r);
  setRelative(st, r, amount, behavior, 'reset');
});
rule('monthfull | monthabbr', [monthfull, monthabbr], (st, t) => {
  if (!st.haveDateOnce()) return false;
  st.m = monthNumber(t);
});
rule('tzcorrection | tz', [tzcorrection, tz], (st, t) => st.setZone(t));

/** "Jun 1 10:00", "June 1st 10:30pm": a month-day date followed directly by a time. */
function readMonthDayTime(st: ParseState, t: string, twelveHour: boolean): boolean {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.m = monthNumber(r.word());
  st.d = r.nr(2);
  r.skipDaySuffix();
  return readClock(st, new TokenReader(r.rest.replace(/^[,.stndrh\t ]*/i, '')), twelveHour);
}
rule('dateshortwithtimeshort12 | dateshortwithtimelong12', [`${datenoyear}${timeshort12}`, `${datenoyear}${timelong12}`], (st, t) =>
  readMonthDayTime(st, t, true),
);
rule('dateshortwithtimeshort | dateshortwithtimelong | dateshortwithtimelongtz', [`${datenoyear}${timeshort24}`, `${datenoyear}${timelong24}`, `${datenoyear}${iso8601normtz}`], (st, t) =>
  readMonthDayTime(st, t, false),
);
rule('relative', `${relnumber}(?:${space})?${reltextunit}`, (st, t) => {
  const r = new TokenReader(t);
  st.haveRelative = true;
  const amount = r.signedNr(13);
  setRelative(st, r, amount, 1, 'keep');
});
rule('whitespace', '[ .,\\t]', () => {});

import { monthNumber, ParseState, processYear, Special, TokenReader } from './php-date-state';
import { readRelativeText, setRelative } from './php-date-units';
import {
  datenoyear, day, dayabbr, dayfull, dayfulls, daylz, frac, hour12, hour24, hour24lz, iso8601long, meridian, minute,
  minutelz, month, monthlz, monthtext, reltextnumber, reltexttext, second, secondlz, space, timelong12, timelong24,
  timeshort12, timeshort24, timetiny12, timetiny24, tzcorrection, year, year2, year4, year4withsign,
} from './php-date-patterns';

/**
 * The token rules of PHP's date parser (timelib parse_date.re, PHP 8.2) for absolute dates and times, in the
 * parser's order; php-date-rules-relative.ts continues the list. The scanner tries every rule at the current
 * position, takes the longest match and, on a tie, the earlier rule, as re2c does.
 */

export type Action = (state: ParseState, token: string) => boolean | void;
export interface Rule {
  name: string;
  /** One expression per alternative, so the scanner can take the longest of them. */
  patterns: RegExp[];
  action: Action;
}

export const absoluteRules: Rule[] = [];
export const makeRule = (name: string, sources: string | string[], action: Action): Rule => ({
  name,
  patterns: [sources].flat().map((source) => new RegExp(`^(?:${source})`, 'i')),
  action,
});
const rule = (name: string, source: string | string[], action: Action) => absoluteRules.push(makeRule(name, source, action));

/** Reads a time of day (h, i, optional s and fraction) and an optional trailing zone, as the *24 time rules. */
export function readClock(state: ParseState, r: TokenReader, twelveHour = false): boolean {
  if (!state.haveTimeOnce()) return false;
  state.h = r.nr(2);
  if (/^[:.]\d/.test(r.rest)) {
    state.i = r.nr(2);
    if (/^[:.]\d/.test(r.rest)) {
      state.s = r.nr(2);
      if (/^[.:]\d/.test(r.rest) && !twelveHour) state.us = r.fraction();
    }
  }
  if (twelveHour) {
    state.h = r.meridian(state.h);
    return true;
  }
  const zone = r.rest.trim();
  return zone === '' || state.setZone(zone);
}

/** Reads a whole date and time (xmlrpc, soap, wddx, exif forms) and an optional zone after the fraction. */
function readDateTime(state: ParseState, r: TokenReader): boolean {
  if (!state.haveTimeOnce() || !state.haveDateOnce()) return false;
  state.y = r.nr(4);
  state.m = r.nr(2);
  state.d = r.nr(2);
  state.h = r.nr(2);
  state.i = r.nr(2);
  state.s = r.nr(2);
  if (r.peek() === '.') state.us = r.fraction();
  const zone = r.rest.trim();
  return zone === '' || state.setZone(zone);
}

rule('yesterday', 'yesterday', (st) => {
  st.unhaveTime();
  st.haveRelative = true;
  st.rel.d = -1;
});
rule('now', 'now', () => {});
rule('noon', 'noon', (st) => {
  st.unhaveTime();
  st.haveTimeOnce();
  st.h = 12;
});
rule('midnight | today', ['midnight', 'today'], (st) => st.unhaveTime());
rule('tomorrow', 'tomorrow', (st) => {
  st.haveRelative = true;
  st.unhaveTime();
  st.rel.d = 1;
});
rule('timestamp', '@-?[0-9]+(?:\\.[0-9]{0,6})?', (st, t) => {
  const [whole, fraction = ''] = t.slice(1).split('.');
  st.haveRelative = true;
  st.haveDate = 0;
  st.y = st.m = st.d = 0;
  st.unhaveTime();
  // TIMELIB_HAVE_TZ returns early when a zone was already given: the date stays 0000-00-00 00:00:00.
  if (st.haveZone) return st.setZone('');
  st.y = 1970;
  st.m = 1;
  st.d = 1;
  st.rel.s += parseInt(whole, 10);
  const us = parseInt(fraction.padEnd(6, '0'), 10) || 0;
  st.rel.us += whole.startsWith('-') ? -us : us;
  return st.setZone('+00:00');
});
rule('firstdayof | lastdayof', ['first day of', 'last day of'], (st, t) => {
  st.haveRelative = true;
  st.rel.firstLastDayOf = t.toLowerCase().startsWith('first') ? 1 : 2;
});
rule('backof | frontof', `(?:back|front) of ${hour24}(?:(?:${space})?${meridian})?`, (st, t) => {
  const r = new TokenReader(t);
  st.unhaveTime();
  st.haveTimeOnce();
  const front = t.toLowerCase().startsWith('front');
  const hour = r.nr(2);
  st.h = front ? hour - 1 : hour;
  st.i = front ? 45 : 15;
  if (/[ap]\.?m/i.test(r.rest)) st.h = r.meridian(hour) - (front ? 1 : 0);
});
rule('weekdayof', `(?:${reltextnumber}|${reltexttext})${space}(?:${dayfulls}|${dayfull}|${dayabbr})${space}of`, (st, t) => {
  const r = new TokenReader(t);
  st.haveRelative = true;
  const { amount, behavior } = readRelativeText(r);
  if (amount > 0) {
    st.rel.special = Special.DayOfWeekInMonth;
    setRelative(st, r, amount, 1, 'reset');
  } else {
    st.rel.special = Special.LastDayOfWeekInMonth;
    setRelative(st, r, amount, behavior, 'reset');
  }
});
rule('timetiny12 | timeshort12 | timelong12', [timetiny12, timeshort12, timelong12], (st, t) =>
  readClock(st, new TokenReader(t), true),
);
rule('mssqltime', `${hour12}:${minutelz}:${secondlz}[:.][0-9]+${meridian}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveTimeOnce()) return false;
  st.h = r.nr(2);
  st.i = r.nr(2);
  st.s = r.nr(2);
  st.us = r.fraction();
  st.h = r.meridian(st.h);
});
rule('timetiny24 | timeshort24 | timelong24 | iso8601long', [timetiny24, timeshort24, timelong24, iso8601long], (st, t) =>
  readClock(st, new TokenReader(t)),
);
rule('gnunocolon', `t?${hour24lz}${minutelz}`, (st, t) => {
  const r = new TokenReader(t);
  // A four-digit number is a time (20:25 for "2025") unless a time was already given, then it is a year.
  if (st.haveTime === 0) {
    st.h = r.nr(2);
    st.i = r.nr(2);
    st.s = 0;
  } else if (st.haveTime === 1) {
    st.y = r.nr(4);
  } else {
    return st.fail('Double time specification');
  }
  st.haveTime++;
});
rule('iso8601nocolon', `t?${hour24lz}${minutelz}${secondlz}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveTimeOnce()) return false;
  st.h = r.nr(2);
  st.i = r.nr(2);
  st.s = r.nr(2);
});
rule('americanshort | american', [`${month}/${day}`, `${month}/${day}/${year}`], (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.m = r.nr(2);
  st.d = r.nr(2);
  if (r.rest.startsWith('/') || /^(st|nd|rd|th)\//i.test(r.rest)) st.y = processYear(r.number(4));
});
rule('iso8601date4 | iso8601dateslash | dateslash', [`${year4withsign}-${monthlz}-${daylz}`, `${year4}/${monthlz}/${daylz}/?`, `${year4}/${month}/${day}`], (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.y = r.signedNr(4);
  st.m = r.nr(2);
  st.d = r.nr(2);
});
rule('iso8601date2', `${year2}-${monthlz}-${daylz}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.y = processYear(r.number(4));
  st.m = r.nr(2);
  st.d = r.nr(2);
});
rule('gnudateshorter', `${year4}-${month}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.y = processYear(r.number(4));
  st.m = r.nr(2);
  st.d = 1;
});
rule('gnudateshort', `${year}-${month}-${day}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.y = processYear(r.number(4));
  st.m = r.nr(2);
  st.d = r.nr(2);
});
rule('datefull', `${day}[ \\t.-]*${monthtext}[ \\t.-]*${year}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.d = r.nr(2);
  r.skipDaySuffix();
  st.m = monthNumber(r.word());
  st.y = processYear(r.number(4));
});
rule('pointeddate4', `${day}[.\\t-]${month}[.-]${year4}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.d = r.nr(2);
  st.m = r.nr(2);
  st.y = r.nr(4);
});
rule('pointeddate2', `${day}[.\\t]${month}\\.${year2}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.d = r.nr(2);
  st.m = r.nr(2);
  st.y = processYear(r.number(2));
});
rule('datenoday', `${monthtext}[ .\\t-]*${year4}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.m = monthNumber(r.word());
  st.y = processYear(r.number(4));
  st.d = 1;
});
rule('datenodayrev', `${year4}[ .\\t-]*${monthtext}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.y = processYear(r.number(4));
  st.m = monthNumber(r.word());
  st.d = 1;
});
rule('datetextual | datenoyear', [`${monthtext}[ .\\t-]*${day}[,.stndrh\\t ]*${year}`, datenoyear], (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.m = monthNumber(r.word());
  st.d = r.nr(2);
  st.y = processYear(r.number(4));
});
rule('datenoyearrev', `${day}[ .\\t-]*${monthtext}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.d = r.nr(2);
  r.skipDaySuffix();
  st.m = monthNumber(r.word());
});
rule('datenocolon', `${year4}${monthlz}${daylz}`, (st, t) => {
  const r = new TokenReader(t);
  if (!st.haveDateOnce()) return false;
  st.y = r.nr(4);
  st.m = r.nr(2);
  st.d = r.nr(2);
});
rule(
  'xmlrpc | xmlrpcnocolon | soap | wddx | exif',
  [
    `${year4}${monthlz}${daylz}t${hour24}${minutelz}${secondlz}`,
    `${year4}-${monthlz}-${daylz}t${hour24lz}:${minutelz}:${secondlz}${frac}(?:${tzcorrection})?`,
    `${year4}-${month}-${day}t${hour24}:${minute}:${second}`,
    `${year4}:${monthlz}:${daylz} ${hour24lz}:${minutelz}:${secondlz}`,
  ],
  (st, t) => readDateTime(st, new TokenReader(t)),
);

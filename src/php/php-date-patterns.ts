/**
 * Regular-expression fragments of PHP's date grammar (timelib parse_date.re), under timelib's own names so the port
 * can be compared with it. re2c takes the longest alternative where JavaScript takes the first one that matches, so
 * word lists are sorted longest first and alternatives that share a prefix are ordered longer first.
 */

/** An alternation of words, longest first. */
const words = (list: string[]): string => `(?:${[...new Set(list)].sort((a, b) => b.length - a.length).join('|')})`;

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_ABBRS = DAYS.map((d) => d.slice(0, 3));
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_ABBRS = [...MONTHS.map((m) => m.slice(0, 3)), 'sept'];
const ROMAN_MONTHS = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii'];
const UNIT_WORDS = ['msec', 'millisecond', 'µsec', 'microsecond', 'usec', 'sec', 'second', 'min', 'minute', 'hour', 'day', 'week', 'fortnight', 'forthnight', 'month', 'year'];

export const space = '[ \\t]+';
export const hour24 = '(?:2[0-4]|[01]?[0-9])';
export const hour24lz = '(?:[01][0-9]|2[0-4])';
export const hour12 = '(?:1[0-2]|0?[1-9])';
export const minute = '(?:[0-5]?[0-9])';
export const minutelz = '(?:[0-5][0-9])';
export const second = '(?:60|[0-5]?[0-9])';
export const secondlz = '(?:60|[0-5][0-9])';
export const frac = '(?:\\.[0-9]+)';
/** timelib's meridian also consumes the space or end of input after it; a lookahead keeps that space for later. */
export const meridian = '(?:[ap]\\.?m\\.?)(?=[\\t ]|$)';
export const tz = '(?:[a-z][a-z]+(?:[_/-][a-z]+)+|\\(?[a-z]{1,6}\\)?)';
export const tzcorrection = `(?:(?:gmt)?[+-](?:${hour24lz}:?${minutelz}:?${secondlz}|${hour24}(?::?${minute})?))`;
const daysuf = '(?:st|nd|rd|th)';
export const month = '(?:1[0-2]|0?[0-9])';
export const day = `(?:(?:3[01]|[0-2]?[0-9])${daysuf}?)`;
export const year = '[0-9]{1,4}';
export const year2 = '[0-9]{2}';
export const year4 = '[0-9]{4}';
export const year4withsign = '[+-]?[0-9]{4}';
export const dayofyear = '(?:36[0-6]|3[0-5][0-9]|[12][0-9][0-9]|0[1-9][0-9]|00[1-9])';
export const weekofyear = '(?:5[0-3]|[1-4][0-9]|0[1-9])';
export const monthlz = '(?:1[0-2]|0[0-9])';
export const daylz = '(?:3[01]|[12][0-9]|0[0-9])';
export const dayfull = words(DAYS);
export const dayabbr = words(DAY_ABBRS);
export const dayfulls = words(DAYS.map((d) => `${d}s`));
export const daytext = words([...DAYS.map((d) => `${d}s`), ...DAYS, ...DAY_ABBRS, 'weekday', 'weekdays']);
export const monthfull = words(MONTHS);
export const monthabbr = words(MONTH_ABBRS);
export const monthtext = words([...MONTHS, ...MONTH_ABBRS, ...ROMAN_MONTHS]);
export const reltextnumber = words(['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eight', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth']);
export const reltexttext = words(['next', 'last', 'previous', 'this']);
/** A unit word may carry one extra `s` ("dayss"), as in timelib. */
export const reltextunit = words([
  'ms',
  'µs',
  ...UNIT_WORDS.flatMap((w) => [w, `${w}s`, `${w}ss`]),
  ...DAYS.map((d) => `${d}s`),
  ...DAYS,
  ...DAY_ABBRS,
  'weekday',
  'weekdays',
]);
export const relnumber = '(?:[+-]*[ \\t]*[0-9]{1,13})';
export const datenoyear = `${monthtext}[ .\\t-]*${day}[,.stndrh\\t ]*`;
export const timetiny12 = `${hour12}(?:${space})?${meridian}`;
export const timeshort12 = `${hour12}[:.]${minute}(?:${space})?${meridian}`;
export const timelong12 = `${hour12}[:.]${minute}[:.]${second}(?:${space})?${meridian}`;
export const timetiny24 = `t${hour24}`;
export const timeshort24 = `t?${hour24}[:.]${minute}`;
export const timelong24 = `t?${hour24}[:.]${minute}[:.]${second}`;
export const iso8601long = `t?${hour24}[:.]${minute}[:.]${second}${frac}`;
export const iso8601normtz = `t?${hour24}[:.]${minute}[:.]${secondlz}(?:${space})?(?:${tzcorrection}|${tz})`;

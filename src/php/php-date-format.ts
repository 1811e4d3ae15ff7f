/**
 * PHP's date() formatting of a wall clock (`Y-m-d H:i:s`), for the characters WordPress's date and time settings use
 * (`F j, Y`, `g:i a`, `d/m/Y`, `H:i` …). A backslash escapes the next character; unknown characters are copied.
 * Zone characters are left out: the caller formats a wall clock already in the zone it shows.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** English ordinal suffix of a day of the month (`S`). */
function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

export function phpDateFormat(wall: string, format: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(wall);
  if (!m) return '';
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const chars: Record<string, () => string> = {
    d: () => pad(day),
    D: () => DAYS[weekday]!.slice(0, 3),
    j: () => String(day),
    l: () => DAYS[weekday]!,
    N: () => String(weekday === 0 ? 7 : weekday),
    S: () => ordinal(day),
    w: () => String(weekday),
    F: () => MONTHS[month - 1]!,
    M: () => MONTHS[month - 1]!.slice(0, 3),
    m: () => pad(month),
    n: () => String(month),
    Y: () => String(year),
    y: () => pad(year % 100),
    a: () => (hour < 12 ? 'am' : 'pm'),
    A: () => (hour < 12 ? 'AM' : 'PM'),
    g: () => String(hour12),
    G: () => String(hour),
    h: () => pad(hour12),
    H: () => pad(hour),
    i: () => pad(minute),
    s: () => pad(second),
  };
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c === '\\') {
      out += format[++i] ?? '';
      continue;
    }
    out += chars[c]?.() ?? c;
  }
  return out;
}

// Interim minimal version; the full port replaces this file.
import { formatInTimeZone, fromZonedTime, getTimezoneOffset } from 'date-fns-tz';
export function resolveZone(tz: string): string | null {
  const m = /^UTC([+-])(\d+(?:\.\d+)?)$/.exec(tz);
  if (m) { const h = Number(m[2]); const hh = Math.floor(h); const mm = Math.round((h - hh) * 60); return `${m[1]}${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`; }
  if (tz === 'UTC') return 'UTC';
  return Number.isNaN(getTimezoneOffset(tz, new Date())) ? null : tz;
}
export const isValidTimezone = (tz: string) => resolveZone(tz) !== null;
export function tecTimezoneString(timezoneString: string, gmtOffset: string | number): string {
  if (timezoneString) return timezoneString;
  const n = Number(gmtOffset) || 0; if (n === 0) return 'UTC+0'; return n < 0 ? `UTC${n}` : `UTC+${n}`;
}
export function timezoneAbbr(tz: string, at: Date): string { if (/^UTC[+-]/.test(tz)) return tz; return formatInTimeZone(at, resolveZone(tz) ?? 'UTC', 'zzz'); }
export function localToUtc(wall: string, tz: string): string { return formatInTimeZone(fromZonedTime(wall.replace(' ', 'T'), resolveZone(tz)!), 'UTC', 'yyyy-MM-dd HH:mm:ss'); }
export function utcToLocal(wall: string, tz: string): string { return formatInTimeZone(new Date(wall.replace(' ', 'T') + 'Z'), resolveZone(tz)!, 'yyyy-MM-dd HH:mm:ss'); }
export function formatWallClock(instant: Date, tz: string): string { return formatInTimeZone(instant, resolveZone(tz)!, 'yyyy-MM-dd HH:mm:ss'); }
export function isoWithOffset(wall: string, tz: string): string { const d = fromZonedTime(wall.replace(' ', 'T'), resolveZone(tz)!); return formatInTimeZone(d, resolveZone(tz)!, "yyyy-MM-dd'T'HH:mm:ssXXX"); }
export function dateDetails(wall: string | null) { const w = wall ?? '1970-01-01 00:00:00'; return { year: w.slice(0, 4), month: w.slice(5, 7), day: w.slice(8, 10), hour: w.slice(11, 13), minutes: w.slice(14, 16), seconds: w.slice(17, 19) }; }
export function beginningOfDay(value: string | number, cutoff = '00:00'): string { const d = typeof value === 'number' ? formatWallClock(new Date(value * 1000), 'UTC') : value; return `${d.slice(0, 10)} ${cutoff}:00`; }
export function endOfDay(value: string | number, cutoff = '00:00'): string { const d = typeof value === 'number' ? formatWallClock(new Date(value * 1000), 'UTC') : value; return `${d.slice(0, 10)} 23:59:59`; }

// Interim minimal version; the full port replaces this file.
import { fromZonedTime, formatInTimeZone } from 'date-fns-tz';
import { resolveZone } from './timezones';
export function parsePhpDate(input: string | number, options: { now: Date; timeZone: string }): { instant: Date; wallClock: string; zone: string } | null {
  if (typeof input === 'number' || /^\d+$/.test(String(input))) { const instant = new Date(Number(input) * 1000); return { instant, wallClock: formatInTimeZone(instant, 'UTC', 'yyyy-MM-dd HH:mm:ss'), zone: 'UTC' }; }
  const s = String(input).trim();
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s);
  if (!m) { if (s === 'now') return { instant: options.now, wallClock: formatInTimeZone(options.now, resolveZone(options.timeZone)!, 'yyyy-MM-dd HH:mm:ss'), zone: options.timeZone }; return null; }
  const time = (m[2] ?? '00:00:00').length === 5 ? `${m[2]}:00` : (m[2] ?? '00:00:00');
  const wall = `${m[1]} ${time}`;
  const zone = m[3] ? (m[3] === 'Z' ? 'UTC' : m[3].length === 5 ? `${m[3].slice(0, 3)}:${m[3].slice(3)}` : m[3]) : options.timeZone;
  const instant = fromZonedTime(wall.replace(' ', 'T'), resolveZone(zone)!);
  return { instant, wallClock: wall, zone };
}
export const isPhpTime = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && (/^\d+$/.test(v) || parsePhpDate(v, { now: new Date(), timeZone: 'UTC' }) !== null));

import { dayOfWeek, type WallClock } from './zone-math';

/**
 * timelib's do_adjust_special_weekday: "+N weekdays" / "N weekdays ago" count business days (Monday–Friday).
 * Whole weeks are added first, then the remainder, skipping the weekend; a start on a weekend counts from the
 * Friday before (forwards) or the Monday after (backwards). C integer division and remainder truncate toward zero,
 * as Math.trunc and `%` do.
 */
export function adjustBusinessDays(date: WallClock, count: number): WallClock {
  const t = { ...date };
  const dow = dayOfWeek(t.y, t.m, t.d);
  t.d += Math.trunc(count / 5) * 7;
  const rem = count % 5;
  if (count > 0) {
    if (rem === 0) {
      if (dow === 0) t.d -= 2;
      else if (dow === 6) t.d -= 1;
    } else if (dow === 6) {
      t.d += 1;
    } else if (dow + rem > 5) {
      t.d += 2;
    }
  } else if (rem === 0) {
    if (dow === 6) t.d += 2;
    else if (dow === 0) t.d += 1;
  } else if (dow === 0) {
    t.d -= 1;
  } else if (dow + rem < 1) {
    t.d -= 2;
  }
  t.d += rem;
  return t;
}

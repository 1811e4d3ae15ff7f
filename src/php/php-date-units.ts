import { ParseState, Special, TokenReader } from './php-date-state';

/** timelib's relative units (timelib_relunit_lookup): name → the field it moves and by how much. */
type Unit = { field: 'us' | 's' | 'i' | 'h' | 'd' | 'm' | 'y'; multiplier: number } | { weekday: number } | { special: true };

const UNITS = new Map<string, Unit>();
const addUnits = (names: string, unit: Unit) => names.split(' ').forEach((name) => UNITS.set(name, unit));
addUnits('ms msec msecs millisecond milliseconds', { field: 'us', multiplier: 1000 });
addUnits('µs usec usecs µsec µsecs microsecond microseconds', { field: 'us', multiplier: 1 });
addUnits('sec secs second seconds', { field: 's', multiplier: 1 });
addUnits('min mins minute minutes', { field: 'i', multiplier: 1 });
addUnits('hour hours', { field: 'h', multiplier: 1 });
addUnits('day days', { field: 'd', multiplier: 1 });
addUnits('week weeks', { field: 'd', multiplier: 7 });
addUnits('fortnight fortnights forthnight forthnights', { field: 'd', multiplier: 14 });
addUnits('month months', { field: 'm', multiplier: 1 });
addUnits('year years', { field: 'y', multiplier: 1 });
['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].forEach((abbr, weekday) => {
  const full = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][weekday];
  addUnits(`${abbr} ${full} ${full}s`, { weekday });
});
addUnits('weekday weekdays', { special: true });

/** timelib_lookup_relunit: the unit word at the reader (it stops at spaces and punctuation). */
function readUnit(reader: TokenReader): Unit | undefined {
  reader.skipSpaces();
  const match = /^[^ ,\t;:/.\-()]+/.exec(reader.rest);
  if (!match) return undefined;
  reader.advance(match[0].length);
  return UNITS.get(match[0].toLowerCase());
}

/** timelib_reltext_lookup: "next" → +1, "last"/"previous" → −1, "this" → 0 (behaviour 1), ordinals → N. */
const RELATIVE_TEXT: Record<string, number> = {
  first: 1, next: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eight: 8, eighth: 8,
  ninth: 9, tenth: 10, eleventh: 11, twelfth: 12, last: -1, previous: -1, this: 0,
};

export function readRelativeText(reader: TokenReader): { amount: number; behavior: number } {
  const word = reader.word();
  return { amount: RELATIVE_TEXT[word] ?? 0, behavior: word === 'this' ? 1 : 0 };
}

/** Whether the time of day is kept when a weekday unit is added ("+1 monday" keeps it, "next monday" resets it). */
export type TimePart = 'keep' | 'reset';

/** timelib_set_relative: adds `amount` of the unit at the reader to the relative part. */
export function setRelative(state: ParseState, reader: TokenReader, amount: number, behavior: number, timePart: TimePart): void {
  const unit = readUnit(reader);
  if (!unit) return;
  const rel = state.rel;
  state.haveRelative = true;
  if ('field' in unit) {
    rel[unit.field] += amount * unit.multiplier;
  } else if ('weekday' in unit) {
    state.haveWeekdayRelative();
    if (timePart !== 'keep') state.unhaveTime();
    rel.d += (amount > 0 ? amount - 1 : amount) * 7;
    rel.weekday = unit.weekday;
    rel.weekdayBehavior = behavior;
  } else {
    if (timePart !== 'keep') state.unhaveTime();
    rel.special = Special.Weekday;
    rel.specialAmount = amount;
  }
}

/** The weekday named by a daytext word (`mon`, `monday`, `mondays`); 1 for `weekday(s)` as timelib's table has it. */
export function weekdayOf(word: string): number {
  const unit = UNITS.get(word.toLowerCase());
  return unit && 'weekday' in unit ? unit.weekday : 1;
}

import { isPhpTime, parsePhpDate } from '../../src/php/php-date';
import { BERLIN_FALL_BACK_DAY, NEW_YORK_JUNE } from './fixtures/php-date-outputs';
import { DST_CHATHAM, DST_BERLIN, DST_LORD_HOWE, DST_NEW_YORK, WEEKDAYS } from './fixtures/php-dst-outputs';

type Recorded = { timeZone: string; now: number; rows: Array<[string, number | null, string | null]> };

/** Each recorded PHP result: null where PHP rejects the string, else the same instant and wall clock. */
function matchesPhp(table: Recorded) {
  return table.rows.map(([input, seconds, wall]) => [input, seconds, wall, table] as const);
}

function check(input: string, seconds: number | null, wall: string | null, table: Recorded) {
  const parsed = parsePhpDate(input, { now: new Date(table.now * 1000), timeZone: table.timeZone });
  if (seconds === null) {
    expect(parsed).toBeNull();
    return;
  }
  expect(parsed && Math.floor(parsed.instant.getTime() / 1000)).toBe(seconds);
  expect(parsed?.wallClock).toBe(wall);
}

describe('parsePhpDate reads strings as PHP does', () => {
  it.each(matchesPhp(NEW_YORK_JUNE))('New York, 2025-06-11 15:45:30: %j', check);
  it.each(matchesPhp(BERLIN_FALL_BACK_DAY))('Berlin, on the fall-back day: %j', check);
});

describe('DST gaps and overlaps resolve as in PHP', () => {
  it.each(matchesPhp(DST_NEW_YORK))('America/New_York %j', check);
  it.each(matchesPhp(DST_BERLIN))('Europe/Berlin %j', check);
  it.each(matchesPhp(DST_CHATHAM))('Pacific/Chatham %j', check);
  it.each(matchesPhp(DST_LORD_HOWE))('Australia/Lord_Howe %j', check);
  it.each(matchesPhp(WEEKDAYS))('business days %j', check);
});

describe('parsePhpDate results', () => {
  const now = new Date('2025-06-11T19:45:30Z');

  it('keeps the wall clock and zone of an explicit offset, as TEC stores it', () => {
    expect(parsePhpDate('2025-06-01T18:00:00+02:00', { now, timeZone: 'America/New_York' })).toEqual({
      instant: new Date('2025-06-01T16:00:00Z'),
      wallClock: '2025-06-01 18:00:00',
      zone: '+02:00',
    });
    expect(parsePhpDate('2025-06-01T18:00:00Z', { now, timeZone: 'Europe/Berlin' })?.zone).toBe('UTC');
  });

  it('reads numbers and numeric strings as Unix timestamps with a UTC wall clock', () => {
    for (const input of [1717000000, '1717000000', '@1717000000']) {
      const parsed = parsePhpDate(input, { now, timeZone: 'Asia/Tokyo' });
      expect(parsed?.instant).toEqual(new Date(1717000000 * 1000));
      expect(parsed?.wallClock).toBe('2024-05-29 16:26:40');
    }
  });

  it('accepts fixed offsets and TEC UTC±N zones for naive strings', () => {
    expect(parsePhpDate('2025-06-01 10:00', { now, timeZone: 'UTC+5.5' })?.instant).toEqual(new Date('2025-06-01T04:30:00Z'));
    expect(parsePhpDate('tomorrow 9:30pm', { now, timeZone: '-03:00' })?.wallClock).toBe('2025-06-12 21:30:00');
  });

  it('resolves relative phrases in the zone, not in the process zone', () => {
    // 19:45 UTC is already the 12th in Tokyo and still the 11th in New York.
    expect(parsePhpDate('today', { now, timeZone: 'Asia/Tokyo' })?.wallClock).toBe('2025-06-12 00:00:00');
    expect(parsePhpDate('today', { now, timeZone: 'America/New_York' })?.wallClock).toBe('2025-06-11 00:00:00');
  });

  it('keeps milliseconds of a fraction in the instant', () => {
    expect(parsePhpDate('2025-06-01T18:00:00.25Z', { now, timeZone: 'UTC' })?.instant).toEqual(new Date('2025-06-01T18:00:00.250Z'));
  });
});

describe('isPhpTime (TEC is_time)', () => {
  it.each([
    [1717000000, true],
    ['1717000000', true],
    ['2024-05-01', true],
    ['tomorrow 9am', true],
    ['+1 week', true],
    ['2024-05-01T10:00:00+02:00', true],
    ['not a date', false],
    ['', false],
    ['1970-01-01 00:00:00', false],
    [null, false],
    [['2024-05-01'], false],
  ])('%j → %j', (value, valid) => expect(isPhpTime(value, new Date('2025-06-11T19:45:30Z'))).toBe(valid));
});

import { beginningOfDay, dateDetails, endOfDay } from '../../../src/calendar/dates/date-details';
import { isValidTimezone, tecTimezoneString, timezoneAbbr } from '../../../src/calendar/dates/timezones';
import { formatWallClock, isoWithOffset, localToUtc, resolveZone, utcToLocal } from '../../../src/php/date-time';

// Expected values recorded with PHP 8.2 (DateTimeZone, DateTime::format) unless noted.

describe('resolveZone: the names PHP DateTimeZone and TEC accept', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['europe/berlin', 'europe/berlin'],
    ['US/Eastern', 'US/Eastern'],
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['GMT', 'UTC'],
    ['Z', 'UTC'],
    ['EST', '-05:00'],
    ['EDT', '-04:00'],
    ['CET', '+01:00'],
    ['cest', '+02:00'],
    ['IST', '+02:00'],
    ['PST', '-08:00'],
    ['+05:00', '+05:00'],
    ['+0500', '+05:00'],
    ['+5', '+05:00'],
    ['-03', '-03:00'],
    ['+5:30', '+05:30'],
    ['GMT+2', '+02:00'],
    ['+99:00', '+99:00'],
    ['Etc/GMT+2', 'Etc/GMT+2'],
    // TEC's own offset strings, written from gmt_offset.
    ['UTC+5', '+05:00'],
    ['UTC+5.5', '+05:30'],
    ['UTC-3', '-03:00'],
    ['UTC+0', 'UTC'],
  ])('%j → %j', (name, zone) => {
    expect(resolveZone(name)).toBe(zone);
    expect(isValidTimezone(name)).toBe(true);
  });

  it.each(['foo', '', 'Mars/Olympus', 'UTC+', '+100:00'])('rejects %j', (name) => {
    expect(resolveZone(name)).toBeNull();
    expect(isValidTimezone(name)).toBe(false);
  });
});

describe('tecTimezoneString (Tribe__Timezones::wp_timezone_string)', () => {
  it.each([
    ['Europe/Paris', '2', 'Europe/Paris'],
    ['', '0', 'UTC+0'],
    ['', 0, 'UTC+0'],
    ['', '-3', 'UTC-3'],
    ['', '5.5', 'UTC+5.5'],
    ['', 5.75, 'UTC+5.75'],
  ])('timezone_string %j, gmt_offset %j → %j', (tz, offset, expected) => expect(tecTimezoneString(tz, offset)).toBe(expected));
});

describe('timezoneAbbr and isoWithOffset at noon local time in January and July 2025', () => {
  it.each([
    ['America/New_York', '2025-01-15T17:00:00Z', 'EST', '2025-01-15T12:00:00-05:00'],
    ['America/New_York', '2025-07-15T16:00:00Z', 'EDT', '2025-07-15T12:00:00-04:00'],
    ['Europe/London', '2025-01-15T12:00:00Z', 'GMT', '2025-01-15T12:00:00+00:00'],
    ['Europe/London', '2025-07-15T11:00:00Z', 'BST', '2025-07-15T12:00:00+01:00'],
    ['Europe/Dublin', '2025-07-15T11:00:00Z', 'IST', '2025-07-15T12:00:00+01:00'],
    ['Europe/Berlin', '2025-01-15T11:00:00Z', 'CET', '2025-01-15T12:00:00+01:00'],
    ['Europe/Berlin', '2025-07-15T10:00:00Z', 'CEST', '2025-07-15T12:00:00+02:00'],
    ['Australia/Sydney', '2025-01-15T01:00:00Z', 'AEDT', '2025-01-15T12:00:00+11:00'],
    ['Australia/Sydney', '2025-07-15T02:00:00Z', 'AEST', '2025-07-15T12:00:00+10:00'],
    ['Asia/Tokyo', '2025-01-15T03:00:00Z', 'JST', '2025-01-15T12:00:00+09:00'],
    ['Asia/Kolkata', '2025-07-15T06:30:00Z', 'IST', '2025-07-15T12:00:00+05:30'],
    // Numeric tzdata abbreviations: TEC substitutes a name from PHP's abbreviation list when it has one.
    ['Europe/Istanbul', '2025-07-15T09:00:00Z', 'EEST', '2025-07-15T12:00:00+03:00'],
    ['America/Sao_Paulo', '2025-07-15T15:00:00Z', '-03', '2025-07-15T12:00:00-03:00'],
    ['Asia/Dubai', '2025-07-15T08:00:00Z', '+04', '2025-07-15T12:00:00+04:00'],
    ['Pacific/Chatham', '2025-01-14T22:15:00Z', '+1345', '2025-01-15T12:00:00+13:45'],
    ['Pacific/Chatham', '2025-07-14T23:15:00Z', '+1245', '2025-07-15T12:00:00+12:45'],
    ['UTC', '2025-07-15T12:00:00Z', 'UTC', '2025-07-15T12:00:00+00:00'],
    ['EST', '2025-07-15T17:00:00Z', 'EST', '2025-07-15T12:00:00-05:00'],
    ['CEST', '2025-01-15T10:00:00Z', 'CEST', '2025-01-15T12:00:00+02:00'],
    ['+05:30', '2025-07-15T06:30:00Z', 'GMT+0530', '2025-07-15T12:00:00+05:30'],
  ])('%s at %s → %s, %s', (tz, instant, abbr, iso) => {
    expect(timezoneAbbr(tz, new Date(instant))).toBe(abbr);
    const wall = iso.slice(0, 19).replace('T', ' ');
    expect(isoWithOffset(wall, tz)).toBe(iso);
    expect(formatWallClock(new Date(instant), tz)).toBe(wall);
  });

  it('returns TEC UTC±N strings as they are, and "" for an unknown zone (TEC then uses the site zone)', () => {
    expect(timezoneAbbr('UTC+5.5', new Date())).toBe('UTC+5.5');
    expect(timezoneAbbr('UTC-3', new Date())).toBe('UTC-3');
    expect(timezoneAbbr('Nowhere/Special', new Date())).toBe('');
  });
});

describe('localToUtc, utcToLocal, isoWithOffset', () => {
  it.each([
    // A time in the spring-forward gap moves forward; an ambiguous one takes the first (daylight) occurrence.
    ['2025-03-09 02:30:00', 'America/New_York', '2025-03-09 07:30:00', '2025-03-09T03:30:00-04:00'],
    ['2025-11-02 01:30:00', 'America/New_York', '2025-11-02 05:30:00', '2025-11-02T01:30:00-04:00'],
    ['2025-06-01 12:00:00', 'Asia/Kolkata', '2025-06-01 06:30:00', '2025-06-01T12:00:00+05:30'],
    ['2025-06-01 12:00:00', '+05:30', '2025-06-01 06:30:00', '2025-06-01T12:00:00+05:30'],
    ['2025-06-01 12:00:00', 'UTC+5.5', '2025-06-01 06:30:00', '2025-06-01T12:00:00+05:30'],
    // An offset inside the string wins over the zone argument.
    ['2025-06-01T12:00:00+02:00', 'America/New_York', '2025-06-01 10:00:00', '2025-06-01T12:00:00+02:00'],
  ])('%s in %s → UTC %s, ISO %s', (wall, tz, utc, iso) => {
    expect(localToUtc(wall, tz)).toBe(utc);
    expect(isoWithOffset(wall, tz)).toBe(iso);
  });

  it('converts UTC wall clocks to local ones, DST included', () => {
    expect(utcToLocal('2025-07-15 10:00:00', 'Europe/Berlin')).toBe('2025-07-15 12:00:00');
    expect(utcToLocal('2025-01-15 10:00:00', 'Europe/Berlin')).toBe('2025-01-15 11:00:00');
    expect(utcToLocal('2025-06-01 06:30:00', 'UTC-3')).toBe('2025-06-01 03:30:00');
  });

  it('gives "" for a date PHP cannot read', () => {
    expect(localToUtc('not a date', 'UTC')).toBe('');
    expect(utcToLocal('2025-13-45', 'UTC')).toBe('');
  });
});

describe('dateDetails (TEC REST *_date_details)', () => {
  it('splits the date as written into zero-padded strings', () => {
    expect(dateDetails('2024-07-14 12:00:00')).toEqual({ year: '2024', month: '07', day: '14', hour: '12', minutes: '00', seconds: '00' });
    expect(dateDetails('2025-01-05 09:03:07')).toEqual({ year: '2025', month: '01', day: '05', hour: '09', minutes: '03', seconds: '07' });
  });

  it('gives the Unix epoch for a missing date', () => {
    const epoch = { year: '1970', month: '01', day: '01', hour: '00', minutes: '00', seconds: '00' };
    expect(dateDetails(null)).toEqual(epoch);
    expect(dateDetails('')).toEqual(epoch);
  });
});

describe('beginningOfDay / endOfDay (TEC BOD / EOD)', () => {
  const now = new Date('2025-06-11T19:45:30Z');
  it.each([
    ['2025-06-01', '00:00', '2025-06-01 00:00:00', '2025-06-01 23:59:59'],
    ['2025-06-01 18:30:00', '00:00', '2025-06-01 00:00:00', '2025-06-01 23:59:59'],
    ['2025-06-01T23:30:00-05:00', '00:00', '2025-06-02 00:00:00', '2025-06-02 23:59:59'],
    ['2025-06-01', '06:30', '2025-06-01 06:30:00', '2025-06-02 06:29:59'],
    ['1748736000', '00:00', '2025-06-01 00:00:00', '2025-06-01 23:59:59'],
    ['tomorrow', '00:00', '2025-06-12 00:00:00', '2025-06-12 23:59:59'],
    ['not a date', '00:00', '1970-01-01 00:00:00', '1970-01-01 23:59:59'],
  ])('%j with cutoff %s → [%s, %s]', (value, cutoff, bod, eod) => {
    expect(beginningOfDay(value, cutoff, now)).toBe(bod);
    expect(endOfDay(value, cutoff, now)).toBe(eod);
  });

  it('uses today for an empty value and UTC for numbers', () => {
    expect(beginningOfDay(null, '00:00', now)).toBe('2025-06-11 00:00:00');
    expect(endOfDay('', '00:00', now)).toBe('2025-06-11 23:59:59');
    expect(beginningOfDay(1748822399, '00:00', now)).toBe('2025-06-01 00:00:00');
  });
});

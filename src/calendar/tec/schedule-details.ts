import { phpDateFormat } from '../../php/php-date-format';
import type { TecSettings } from '../site/tec-settings';

/**
 * TEC's schedule strings of an event (tribe_events_event_schedule_details and its short form): the start, then the
 * end time for a one-day event or the end date for a multi-day one, in spans the themes style; the year is left out
 * when the event starts and ends in the current year.
 */

export interface ScheduleInput {
  /** Event-local wall clocks `Y-m-d H:i:s`. */
  start: string;
  end: string;
  allDay: boolean;
  multiday: boolean;
  /** The current year where the site is. */
  currentYear: string;
}

export interface ScheduleFormats {
  dateWithYear: string;
  dateWithoutYear: string;
  time: string;
  separator: string;
}

export function scheduleFormats(tec: TecSettings, timeFormat: string): ScheduleFormats {
  return { dateWithYear: tec.dateWithYearFormat, dateWithoutYear: tec.dateWithoutYearFormat, time: timeFormat, separator: tec.dateTimeSeparator };
}

const span = (cls: string, text: string) => `<span class="${cls}">${text}</span>`;

export function scheduleDetails(input: ScheduleInput, f: ScheduleFormats): { full: string; short: string } {
  const sameYear = input.start.slice(0, 4) === input.currentYear && input.end.slice(0, 4) === input.currentYear;
  const dateFormat = sameYear ? f.dateWithoutYear : f.dateWithYear;
  const date = (wall: string) => phpDateFormat(wall, dateFormat);
  const time = (wall: string) => phpDateFormat(wall, f.time);
  const dateTime = (wall: string) => `${date(wall)}${f.separator}${time(wall)}`;
  if (input.multiday) {
    const full = input.allDay
      ? `${span('tribe-event-date-start', date(input.start))} - ${span('tribe-event-date-end', date(input.end))}`
      : `${span('tribe-event-date-start', dateTime(input.start))} - ${span('tribe-event-date-end', dateTime(input.end))}`;
    return { full, short: full };
  }
  if (input.allDay) return { full: span('tribe-event-date-start', date(input.start)), short: 'All day' };
  if (time(input.start) === time(input.end)) return { full: span('tribe-event-date-start', dateTime(input.start)), short: span('tribe-event-date-start', time(input.start)) };
  const endTime = span('tribe-event-time', time(input.end));
  return { full: `${span('tribe-event-date-start', dateTime(input.start))} - ${endTime}`, short: `${span('tribe-event-date-start', time(input.start))} - ${endTime}` };
}

import { timezoneAbbr } from '../dates/timezones';
import { offsetAt } from '../../php/zone-math';

/**
 * The VTIMEZONE blocks of a feed, as Tribe__Events__iCal::get_timezones() writes them: per zone, the transitions
 * PHP's DateTimeZone::getTransitions() lists from 1 January of the year before the zone's first event to
 * 31 December of the year after its last one. The first entry only gives the offset the first transition comes
 * from; a zone without transitions repeats it once. Each DTSTART is the transition instant printed in UTC without
 * a `Z` (the plugin builds the DateTime from PHP's UTC ISO time), which is what its subscribers already read.
 */

export interface ZoneUse {
  /** The zone name as TZID (an IANA id, `UTC`, or `±HH:MM`). */
  zone: string;
  /** Years of the zone's events' starts and ends (of their wall clocks, as the plugin reads them). */
  firstYear: number;
  lastYear: number;
}

interface Transition {
  at: number;
  offset: number;
}

const DAY = 86400;

/** Instants (Unix seconds) where the zone's offset changes within [from, to]. */
function transitions(zone: string, from: number, to: number): Transition[] {
  const out: Transition[] = [];
  let previous = offsetAt(zone, from);
  for (let t = from; t < to; t += DAY) {
    const next = Math.min(t + DAY, to);
    const offset = offsetAt(zone, next);
    if (offset === previous) continue;
    // The change lies in (t, next]: narrow it to the second.
    let low = t;
    let high = next;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (offsetAt(zone, mid) === previous) low = mid;
      else high = mid;
    }
    out.push({ at: high, offset });
    previous = offset;
  }
  return out;
}

/** Tribe__Events__iCal::format_offset(): `+HHMM`, with PHP's integer division (a negative offset under an hour keeps `+`). */
function formatIcsOffset(seconds: number): string {
  const hours = Math.trunc(seconds / 3600);
  const minutes = Math.abs(seconds) / 60 - Math.trunc(Math.abs(seconds) / 3600) * 60;
  const mm = String(Math.round(minutes)).padStart(2, '0');
  return hours < 0 ? `-${String(-hours).padStart(2, '0')}${mm}` : `+${String(hours).padStart(2, '0')}${mm}`;
}

const utcStamp = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/[-:]/g, '').slice(0, 15);

export function vtimezoneLines(use: ZoneUse): string[] {
  const from = Date.UTC(use.firstYear - 1, 0, 1) / 1000;
  const to = Date.UTC(use.lastYear + 1, 11, 31) / 1000;
  // Daylight time is the larger of the year's offsets (PHP's isdst flag, for zones north and south alike).
  const standardOf = (at: number) => {
    const year = new Date(at * 1000).getUTCFullYear();
    return Math.min(offsetAt(use.zone, Date.UTC(year, 0, 1) / 1000), offsetAt(use.zone, Date.UTC(year, 6, 1) / 1000));
  };
  const first: Transition = { at: from, offset: offsetAt(use.zone, from) };
  const changes = transitions(use.zone, from, to);
  const list = changes.length === 0 ? [first] : changes;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${use.zone}`];
  let last = first;
  for (const change of list) {
    const type = change.offset > standardOf(change.at) ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${type}`,
      `TZOFFSETFROM:${formatIcsOffset(last.offset)}`,
      `TZOFFSETTO:${formatIcsOffset(change.offset)}`,
      `TZNAME:${timezoneAbbr(use.zone, new Date(change.at * 1000))}`,
      `DTSTART:${utcStamp(change.at)}`,
      `END:${type}`,
    );
    last = change;
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

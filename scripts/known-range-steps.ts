/**
 * The tribe/events/v1 writes whose effect on TEC's known range of dates is recorded (scripts/record-known-range.ts)
 * and replayed on the service (tests/calendar/data/known-range.test.ts). `{name}` in a path is the id of the event
 * the step `creates: name` made.
 */

export interface KnownRangeStep {
  name: string;
  method: 'POST' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  creates?: string;
}

export interface KnownRangeState {
  earliest: string | null;
  earliestMarkers: string[] | null;
  latest: string | null;
  latestMarkers: string[] | null;
  /** tribe_last_updated_option moved. */
  stamped: boolean;
}

const event = (title: string, start: string, end: string, status: string, extra: Record<string, unknown> = {}) => ({ title, start_date: start, end_date: end, status, ...extra });

export const KNOWN_RANGE_STEPS: KnownRangeStep[] = [
  { name: 'A published, in Paris', method: 'POST', path: '/events', creates: 'A', body: event('A', '2030-01-10 10:00:00', '2030-01-10 12:00:00', 'publish', { timezone: 'Europe/Paris' }) },
  { name: 'B draft, earlier', method: 'POST', path: '/events', creates: 'B', body: event('B', '2029-01-01 10:00:00', '2029-01-01 12:00:00', 'draft') },
  { name: 'C published, wider', method: 'POST', path: '/events', creates: 'C', body: event('C', '2029-06-01 10:00:00', '2031-01-01 12:00:00', 'publish') },
  { name: 'D private, earlier', method: 'POST', path: '/events', creates: 'D', body: event('D', '2028-01-01 10:00:00', '2028-01-01 12:00:00', 'private') },
  { name: 'E pending, widest', method: 'POST', path: '/events', creates: 'E', body: event('E', '2027-01-01 10:00:00', '2032-01-01 12:00:00', 'pending') },
  { name: 'F published, ties both bounds', method: 'POST', path: '/events', creates: 'F', body: event('F', '2028-01-01 10:00:00', '2031-01-01 12:00:00', 'publish') },
  { name: 'D moved later', method: 'POST', path: '/events/{D}', body: { start_date: '2029-03-01 10:00:00', end_date: '2029-03-01 12:00:00' } },
  { name: 'F retitled', method: 'POST', path: '/events/{F}', body: { title: 'F again' } },
  { name: 'F trashed', method: 'DELETE', path: '/events/{F}' },
  { name: 'C drafted', method: 'POST', path: '/events/{C}', body: { status: 'draft' } },
  { name: 'E published', method: 'POST', path: '/events/{E}', body: { status: 'publish' } },
  { name: 'A moved earliest', method: 'POST', path: '/events/{A}', body: { start_date: '2026-01-01 10:00:00', end_date: '2026-01-01 12:00:00' } },
  { name: 'G published, ties the latest', method: 'POST', path: '/events', creates: 'G', body: event('G', '2031-05-01 10:00:00', '2032-01-01 12:00:00', 'publish') },
  { name: 'E trashed', method: 'DELETE', path: '/events/{E}' },
  { name: 'A trashed', method: 'DELETE', path: '/events/{A}' },
  { name: 'D trashed', method: 'DELETE', path: '/events/{D}' },
  { name: 'G trashed', method: 'DELETE', path: '/events/{G}' },
];

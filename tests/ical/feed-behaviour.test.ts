import { comparable, startRecordedCalendar, type CalendarApp } from './recorded-calendar';

/**
 * What the recorded comparisons imply, said outright: DST in New York, date-only events with an exclusive end,
 * nothing an anonymous visitor may not see, the per-feed limit, and conditional requests for subscribers.
 */

let t: CalendarApp;
beforeAll(async () => {
  t = await startRecordedCalendar();
});
afterAll(() => t.close());

const getText = (url: string, headers: Record<string, string> = {}) =>
  t.request.get(url).set(headers).buffer(true).parse((r, done) => {
    let text = '';
    r.setEncoding('utf8');
    r.on('data', (chunk: string) => (text += chunk));
    r.on('end', () => done(null, text));
  });

it('writes a New York event across the spring DST change with its wall clocks and the zone with its transitions', async () => {
  const res = await getText('/event/jazz-night-spring-forward/?ical=1');
  expect(res.body).toContain('DTSTART;TZID=America/New_York:20270313T200000\r\n');
  expect(res.body).toContain('DTEND;TZID=America/New_York:20270314T040000\r\n');
  const { events, zones } = comparable(res.body);
  // 20:00 EST to 04:00 EDT: seven hours, not eight.
  expect(events[0]).toMatchObject({ start: '2027-03-14T01:00:00.000Z', end: '2027-03-14T08:00:00.000Z', startTz: 'America/New_York' });
  expect(zones[0]).toEqual(expect.arrayContaining(['TZID:America/New_York', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'TZNAME:EDT', 'DTSTART:20270314T070000']));
});

it('writes an all-day event as dates with an exclusive end', async () => {
  const res = await getText('/event/harvest-days/?ical=1');
  expect(res.body).toContain('DTSTART;VALUE=DATE:20270918\r\nDTEND;VALUE=DATE:20270920\r\n');
  expect(comparable(res.body).events[0]!.dateOnly).toBe(true);
});

it('leaves drafts, private, pending and hidden events out of the lists, and protected content out of the feed', async () => {
  const res = await getText('/events/month/2027-03/?ical=1');
  const summaries = comparable(res.body).events.map((e) => e.summary);
  expect(summaries).toEqual(['Jazz Night, spring forward', 'Members only', 'Month boundary workshop']);
  for (const hidden of ['Draft gig', 'Private rehearsal', 'Pending review', 'Hidden from listings', 'Secret agenda']) expect(res.body).not.toContain(hidden);
  const members = comparable(res.body).events.find((e) => e.summary === 'Members only')!;
  expect(members).toMatchObject({ description: 'Content is protected.', attach: null });
});

it('puts at most 30 events in one feed', async () => {
  const res = await getText('/events/category/bulk/?ical=1');
  expect(comparable(res.body).events).toHaveLength(30);
});

it('answers a matching If-None-Match with a 304 and no body, and a stale one with the feed', async () => {
  const first = await getText('/events/?ical=1');
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(first.headers['last-modified']).toBe('Tue, 20 Oct 2026 09:00:00 GMT');
  const again = await getText('/events/?ical=1', { 'If-None-Match': `"other", W/${etag}` });
  expect(again.status).toBe(304);
  expect(again.body).toBe('');
  expect(again.headers.etag).toBe(etag);
  const stale = await getText('/events/?ical=1', { 'If-None-Match': '"stale"' });
  expect(stale.status).toBe(200);
  expect(stale.body).toBe(first.body);
});

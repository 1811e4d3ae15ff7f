import { comparable, recordedBody, recording, startRecordedCalendar, type CalendarApp, type RecordedFeed } from './recorded-calendar';

/**
 * Every feed URL recorded from the plugin (tests/ical/recorded, scripts/record-ical.ts) asked of the service on
 * the same calendar: same status and headers, and the same calendar once parsed — the same events in the same
 * order with the same property values, the same time zones with their transitions.
 */

const byPermalinks = (kind: 'pretty' | 'plain') => recording.feeds.filter((feed) => feed.permalinks === kind).map((feed) => [feed.name, feed] as const);

async function expectSameAnswer(t: CalendarApp, feed: RecordedFeed) {
  const res = await t.request.get(feed.url).buffer(true).parse((r, done) => {
    let text = '';
    r.setEncoding('utf8');
    r.on('data', (chunk: string) => (text += chunk));
    r.on('end', () => done(null, text));
  });
  expect({ url: feed.url, status: res.status }).toEqual({ url: feed.url, status: feed.status });
  if (feed.status === 301) {
    expect(res.headers.location).toBe(feed.location);
    return;
  }
  if (feed.status !== 200) return;
  expect(res.headers['content-type']).toBe(feed.contentType);
  expect(res.headers['content-disposition']).toBe(feed.contentDisposition);
  const ours = comparable(res.body as string);
  const theirs = comparable(recordedBody(feed));
  expect(ours.calendar).toEqual(theirs.calendar);
  expect(ours.events.map((e) => e.summary)).toEqual(theirs.events.map((e) => e.summary));
  expect(ours.events).toEqual(theirs.events);
  expect(ours.zones).toEqual(theirs.zones);
}

describe('with pretty permalinks', () => {
  let t: CalendarApp;
  beforeAll(async () => {
    t = await startRecordedCalendar();
  });
  afterAll(() => t.close());

  it.each(byPermalinks('pretty'))('%s answers as the plugin does', async (_name, feed) => {
    await expectSameAnswer(t, feed);
  });
});

describe('with plain permalinks', () => {
  let t: CalendarApp;
  beforeAll(async () => {
    t = await startRecordedCalendar({ permalinks: 'plain' });
  });
  afterAll(() => t.close());

  it.each(byPermalinks('plain'))('%s answers as the plugin does', async (_name, feed) => {
    await expectSameAnswer(t, feed);
  });
});

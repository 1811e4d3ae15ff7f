import { createCalendarServer, type CalendarServer } from 'wp-events-calendar-service';
import { createTestDatabaseUrl, onMysql } from '../support/test-db';

/**
 * Written as another project's test suite would use the package: imported by its name, started on its own
 * database with the demo fixtures and a frozen clock, queried over HTTP with fetch, reset between tests and
 * closed at the end. Jest maps the package name to src/index.ts, the file package.json's `main`
 * (dist/index.js) is built from, so the suite checks the entry itself without needing a build first.
 */

const ADMIN = `Basic ${Buffer.from('admin:demo demo demo demo demo demo').toString('base64')}`;

let calendar: CalendarServer;
let database: { url: string; close(): Promise<void> };

beforeAll(async () => {
  database = await createTestDatabaseUrl();
  calendar = await createCalendarServer({ database: database.url, fixtures: 'demo', clock: '2025-06-01T12:00:00Z' });
});
afterAll(async () => {
  await calendar.close();
  await database.close();
});
beforeEach(() => calendar.reset());

const get = async (path: string) => {
  const response = await fetch(`${calendar.apiUrl}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

describe('an outside project using createCalendarServer', () => {
  it('starts on a loopback port with the demo calendar, dated by the frozen clock', async () => {
    expect(calendar.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const jazz = await get('/events/321');
    expect(jazz.status).toBe(200);
    expect(jazz.body).toMatchObject({
      title: 'Jazz on the Lawn',
      start_date: '2025-06-03 18:00:00',
      end_date: '2025-06-03 21:00:00',
      utc_start_date: '2025-06-03 22:00:00',
      timezone: 'America/New_York',
      featured: true,
      venue: { venue: 'Riverside Park Bandshell', city: 'New York' },
      date: '2025-06-01 08:00:00',
      date_utc: '2025-06-01 12:00:00',
    });
    expect(jazz.body.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(['Riverside Events Committee', 'Blue Note Booking']);
    expect((await get('/events/by-slug/riverside-summer-festival')).body.rest_url).toBe(`${calendar.apiUrl}/events/318`);
  });

  it('writes with the fixture user\'s application password; reset() brings the demo back as it was', async () => {
    const created = await fetch(`${calendar.apiUrl}/events`, {
      method: 'POST',
      headers: { Authorization: ADMIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Added by a test', start_date: 'tomorrow 19:00', end_date: 'tomorrow 21:00' }),
    });
    expect(created.status).toBe(201);
    const event = (await created.json()) as { id: number; start_date: string; author: string };
    expect(event.start_date).toBe('2025-06-02 19:00:00');
    expect(event.author).toBe('1');
    const trashed = await fetch(`${calendar.apiUrl}/events/321`, { method: 'DELETE', headers: { Authorization: ADMIN } });
    expect(trashed.status).toBe(200);

    await calendar.reset();
    expect((await get(`/events/${event.id}`)).status).toBe(404);
    expect((await get('/events/321')).body.status).toBe('publish');
  });

  it('reset({ seed: false }) leaves an empty site; seed() loads fixtures given inline', async () => {
    await calendar.reset({ seed: false });
    expect((await get('/events/321')).status).toBe(404);
    const loaded = await calendar.seed({ venues: [{ id: 5, venue: 'Inline Hall', city: 'Oslo' }], events: [{ title: 'Inline', start_date: '2025-07-01 10:00', end_date: '2025-07-01 11:00', venue: 5 }] });
    expect([loaded.venues, loaded.events]).toEqual([1, 1]);
    expect((await get('/venues/5')).body).toMatchObject({ id: 5, venue: 'Inline Hall', city: 'Oslo' });
    const event = await get('/events/6');
    expect(event.body).toMatchObject({ title: 'Inline', start_date: '2025-07-01 10:00:00', venue: { id: 5 } });
  });

  it('the reset route answers this loopback caller too', async () => {
    const response = await fetch(`${calendar.url}/wp-json/calendar/test/v1/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ reset: true, loaded: { events: 50, venues: 7, organizers: 5, users: 3 } });
  });
});

describe('start-up cost', () => {
  it('an empty server starts in well under a second and closes, freeing its port', async () => {
    const started = Date.now();
    const server = await createCalendarServer({ database: onMysql() ? database.url : undefined, tablePrefix: 'quick_' });
    const elapsed = Date.now() - started;
    const index = await fetch(`${server.url}/wp-json/`);
    expect(index.status).toBe(200);
    await server.close();
    await expect(fetch(`${server.url}/wp-json/`)).rejects.toThrow();
    // Generous for a loaded CI machine; measured at about 0.1 s on SQLite.
    expect(elapsed).toBeLessThan(onMysql() ? 5000 : 1000);
  });
});

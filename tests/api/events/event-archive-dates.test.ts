import { updateOption } from '../../../src/wp/options';
import { seedEvent, type EventSeed } from '../../support/rows';
import { startTestApp, type TestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * The date window of GET /events (Archive_Event::get), to the second at both edges of every bound, with and
 * without strict_dates, on events written straight into the tables. Each test runs on a fresh site whose clock
 * is frozen, so the computed defaults are known.
 */

const NOW = new Date('2025-06-01T12:00:00Z');
let t: TestApp;

async function site(options: { clock?: Date; timezone?: string; tec?: Record<string, string> } = {}): Promise<void> {
  t = await startTestApp({ clock: () => options.clock ?? NOW });
  if (options.timezone) await updateOption(t.wp, 'timezone_string', options.timezone);
  if (options.tec) await updateOption(t.wp, 'tribe_events_calendar_options', options.tec);
}
afterEach(async () => {
  await t.close();
});

/** Events named by their title, each lasting from `start` to `end` (UTC twins equal unless given). */
async function events(list: Record<string, Omit<EventSeed, 'post_title'>>): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [title, seed] of Object.entries(list)) ids[title] = await seedEvent(t.wp, { post_title: title, ...seed });
  return ids;
}

async function titles(query: string, init?: (req: ReturnType<TestApp['request']['get']>) => ReturnType<TestApp['request']['get']>): Promise<string[]> {
  const req = t.request.get(`${TRIBE_API}/events${query}`);
  const res = await (init ? init(req) : req);
  expect(res.status).toBe(200);
  return res.body.events.map((e: { title: string }) => e.title);
}

const at = (start: string, end = start) => ({ start, end });

describe('the default window', () => {
  it('starts at 00:00:00 of yesterday and ends at 23:59:59 of the day 24 months ahead (UTC site)', async () => {
    await site();
    await events({
      'before start': at('2025-05-30 23:59:59', '2025-05-31 01:00:00'),
      'at start': at('2025-05-31 00:00:00', '2025-05-31 01:00:00'),
      'at end': at('2027-06-01 22:00:00', '2027-06-01 23:59:59'),
      'after end': at('2027-06-01 22:00:00', '2027-06-02 00:00:00'),
      ongoing: at('2025-05-30 10:00:00', '2025-06-02 10:00:00'),
    });
    expect(await titles('')).toEqual(['at start', 'at end']);
    const res = await t.request.get(`${TRIBE_API}/events`);
    expect(res.body.rest_url).toBe('http://calendar.test/wp-json/tribe/events/v1/events/?page=1&per_page=24&start_date=2025-05-31 00:00:00&end_date=2027-06-01 23:59:59&status=publish');
  });

  it.each([
    ['America/New_York', '2025-06-01T12:00:00Z', '2025-05-31'],
    ['America/New_York', '2025-06-02T01:00:00Z', '2025-06-01'],
    ['Europe/Berlin', '2025-06-01T12:00:00Z', '2025-06-01'],
    ['Europe/Berlin', '2025-05-31T22:30:00Z', '2025-05-31'],
  ])('in %s at %s the window starts on %s', async (timezone, clock, day) => {
    await site({ timezone, clock: new Date(clock) });
    const res = await t.request.get(`${TRIBE_API}/events`);
    expect(res.body.rest_url).toContain(`&start_date=${day} 00:00:00&`);
  });

  it('moves every day boundary by the multi-day cutoff', async () => {
    await site({ tec: { multiDayCutoff: '06:00' } });
    await events({ early: at('2025-05-31 05:59:59', '2025-05-31 07:00:00'), 'on time': at('2025-05-31 06:00:00', '2025-05-31 07:00:00') });
    expect(await titles('')).toEqual(['on time']);
    const res = await t.request.get(`${TRIBE_API}/events`);
    expect(res.body.rest_url).toContain('start_date=2025-05-31 06:00:00&end_date=2027-06-02 05:59:59&');
  });
});

describe('start_date and end_date', () => {
  const list = {
    'starts 23:59:59 the day before': at('2025-07-09 23:59:59', '2025-07-10 01:00:00'),
    'starts midnight': at('2025-07-10 00:00:00', '2025-07-10 01:00:00'),
    'starts 14:59:59': at('2025-07-10 14:59:59', '2025-07-10 16:00:00'),
    'starts 15:00:00': at('2025-07-10 15:00:00', '2025-07-10 16:00:00'),
    'ends 08:00:00': at('2025-07-20 07:00:00', '2025-07-20 08:00:00'),
    'ends 08:00:01': at('2025-07-20 07:00:00', '2025-07-20 08:00:01'),
    'ends 23:59:59': at('2025-07-20 22:00:00', '2025-07-20 23:59:59'),
    'ends next midnight': at('2025-07-20 22:00:00', '2025-07-21 00:00:00'),
  };

  it('take whole days by default', async () => {
    await site();
    await events(list);
    expect(await titles('?start_date=2025-07-10 15:00:00&end_date=2025-07-20 08:00:00')).toEqual([
      'starts midnight', 'starts 14:59:59', 'starts 15:00:00', 'ends 08:00:00', 'ends 08:00:01', 'ends 23:59:59',
    ]);
  });

  it.each(['true', '1', 'on', 'yes', 'TRUE'])('take the exact times with strict_dates=%s', async (strict) => {
    await site();
    await events(list);
    expect(await titles(`?start_date=2025-07-10 15:00:00&end_date=2025-07-20 08:00:00&strict_dates=${strict}`)).toEqual(['starts 15:00:00', 'ends 08:00:00']);
  });

  it.each(['false', '00', 'no', 'whatever'])('take whole days with strict_dates=%s', async (strict) => {
    await site();
    await events(list);
    expect(await titles(`?start_date=2025-07-10 15:00:00&end_date=2025-07-20 08:00:00&strict_dates=${strict}`)).toHaveLength(6);
  });

  it('read strict dates as UTC and compare them in the site zone', async () => {
    await site({ timezone: 'Europe/Paris' });
    await events({ 'starts 17:00 Paris': { ...at('2025-07-10 17:00:00', '2025-07-10 18:00:00'), timezone: 'Europe/Paris' } });
    // 15:00 UTC is 17:00 in Paris.
    expect(await titles('?start_date=2025-07-10 15:00:00&end_date=2025-07-11&strict_dates=1')).toEqual(['starts 17:00 Paris']);
    expect(await titles('?start_date=2025-07-10 15:00:01&end_date=2025-07-11&strict_dates=1')).toEqual([]);
  });

  it('accept anything strtotime() reads, and Unix timestamps', async () => {
    await site();
    await events(list);
    expect(await titles('?start_date=July 10 2025&end_date=2025-07-20T08:00:00Z')).toHaveLength(6);
    // 1752105600 is 2025-07-10 00:00:00 UTC.
    expect(await titles('?start_date=1752105600&end_date=1752105600&strict_dates=1')).toEqual([]);
    expect(await titles('?start_date=1752105600&end_date=2025-07-10 01:00:00&strict_dates=1')).toEqual(['starts midnight']);
  });

  it('report the computed bounds in rest_url', async () => {
    await site();
    const res = await t.request.get(`${TRIBE_API}/events?start_date=2025-07-10 15:00:00&end_date=2025-07-20 08:00:00`);
    expect(res.body.rest_url).toContain('&start_date=2025-07-10 00:00:00&end_date=2025-07-20 23:59:59&');
    const strict = await t.request.get(`${TRIBE_API}/events?start_date=2025-07-10 15:00:00&end_date=2025-07-20 08:00:00&strict_dates=1`);
    expect(strict.body.rest_url).toContain('&start_date=2025-07-10 15:00:00&end_date=2025-07-20 08:00:00&');
  });
});

describe('starts_before, starts_after, ends_before, ends_after', () => {
  const edge = (day: string) => ({
    [`${day} 11:59:59`]: at(`${day} 11:59:59`, `${day} 11:59:59`),
    [`${day} 12:00:00`]: at(`${day} 12:00:00`, `${day} 12:00:00`),
    [`${day} 12:00:01`]: at(`${day} 12:00:01`, `${day} 12:00:01`),
    [`${day} 23:59:58`]: at(`${day} 23:59:58`, `${day} 23:59:58`),
    [`${day} 23:59:59`]: at(`${day} 23:59:59`, `${day} 23:59:59`),
    'next day 00:00:00': at('2025-07-11 00:00:00', '2025-07-11 00:00:00'),
  });

  it.each([
    ['starts_before', ['2025-07-10 11:59:59', '2025-07-10 12:00:00', '2025-07-10 12:00:01', '2025-07-10 23:59:58'], ['2025-07-10 11:59:59']],
    ['starts_after', ['next day 00:00:00'], ['2025-07-10 12:00:01', '2025-07-10 23:59:58', '2025-07-10 23:59:59', 'next day 00:00:00']],
    ['ends_before', ['2025-07-10 11:59:59', '2025-07-10 12:00:00', '2025-07-10 12:00:01', '2025-07-10 23:59:58'], ['2025-07-10 11:59:59']],
    ['ends_after', ['next day 00:00:00'], ['2025-07-10 12:00:01', '2025-07-10 23:59:58', '2025-07-10 23:59:59', 'next day 00:00:00']],
  ])('%s compares strictly with the end of the day, or with the exact time under strict_dates', async (param, wholeDay, exact) => {
    await site();
    await events(edge('2025-07-10'));
    expect(await titles(`?${param}=2025-07-10 12:00:00`)).toEqual(wholeDay);
    expect(await titles(`?${param}=2025-07-10 12:00:00&strict_dates=true`)).toEqual(exact);
  });

  it('lift the default window unless start_date / end_date are in the query string', async () => {
    await site();
    await events({ 'last year': at('2024-03-01 10:00:00', '2024-03-01 11:00:00'), 'this summer': at('2025-07-01 10:00:00', '2025-07-01 11:00:00') });
    expect(await titles('?starts_after=2024-01-01')).toEqual(['last year', 'this summer']);
    expect(await titles('?starts_after=2024-01-01&start_date=2025-06-01')).toEqual(['this summer']);
    expect(await titles('?ends_before=2025-12-31&end_date=2024-12-31')).toEqual(['last year']);
    // A value in a JSON body is not in the query string: the window stays lifted.
    expect(await titles('?starts_after=2024-01-01', (req) => req.set('Content-Type', 'application/json').send({ start_date: '2025-06-01' }))).toEqual(['last year', 'this summer']);
    const res = await t.request.get(`${TRIBE_API}/events?starts_after=2024-01-01`);
    expect(res.body.rest_url).toBe('http://calendar.test/wp-json/tribe/events/v1/events/?page=1&per_page=24&status=publish&starts_after=2024-01-01 23:59:59');
  });

  it.each(['start_date', 'end_date', 'starts_before', 'starts_after', 'ends_before', 'ends_after'])('refuses an unreadable %s', async (param) => {
    await site();
    const res = await t.request.get(`${TRIBE_API}/events?${param}=not a date`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', message: `Invalid parameter(s): ${param}`, data: { params: { [param]: 'Invalid parameter.' } } });
  });

  it.each(['', '0'])('refuses strict_dates=%s, empty to PHP', async (value) => {
    await site();
    const res = await t.request.get(`${TRIBE_API}/events?strict_dates=${value}`);
    expect(res.status).toBe(400);
    expect(res.body.data.params).toEqual({ strict_dates: 'Invalid parameter.' });
  });
});

describe('include', () => {
  it('keeps the raw default window, ignores an explicit one, and orders by publication date', async () => {
    await site();
    const ids = await events({
      'yesterday noon': at('2025-05-31 12:00:00', '2025-05-31 13:00:00'),
      'late july': { ...at('2025-07-30 10:00:00', '2025-07-30 11:00:00'), post_date: '2025-01-01 09:00:00' },
      'early july': { ...at('2025-07-01 10:00:00', '2025-07-01 11:00:00'), post_date: '2025-02-01 09:00:00' },
      'far past': at('2023-01-01 10:00:00', '2023-01-01 11:00:00'),
    });
    const all = Object.values(ids).join(',');
    // The raw default start is yesterday 23:59:00, not its midnight: yesterday noon is out.
    expect(await titles(`?include=${all}`)).toEqual(['late july', 'early july']);
    expect(await titles(`?include=${all}&start_date=2020-01-01`)).toEqual(['late july', 'early july']);
    expect(await titles(`?include[]=${ids['early july']}&include[]=${ids['far past']}`)).toEqual(['early july']);
    // A relative bound lifts the window.
    expect(await titles(`?include=${all}&starts_after=2020-01-01`)).toEqual(['late july', 'yesterday noon', 'far past', 'early july']);
    const res = await t.request.get(`${TRIBE_API}/events?include=${all}`);
    expect(res.body.rest_url).toContain(`&start_date=2025-05-31 23:59:00&end_date=2027-06-01 12:00:00&status=publish&include=${all}`);
  });
});

describe('time zone mode', () => {
  it('compares local wall clocks in event mode and UTC in site mode', async () => {
    const seeds = {
      'New York morning': { start: '2025-05-31 02:00:00', end: '2025-05-31 03:00:00', startUtc: '2025-05-31 06:00:00', endUtc: '2025-05-31 07:00:00', timezone: 'America/New_York' },
      'Tokyo morning': { start: '2025-05-31 10:00:00', end: '2025-05-31 11:00:00', startUtc: '2025-05-31 01:00:00', endUtc: '2025-05-31 02:00:00', timezone: 'Asia/Tokyo' },
    };
    await site({ timezone: 'America/New_York' });
    await events(seeds);
    expect(await titles('')).toEqual(['New York morning', 'Tokyo morning']);
    await t.close();
    // In site mode the window (from 2025-05-31 00:00 New York = 04:00 UTC) is compared with the UTC dates.
    await site({ timezone: 'America/New_York', tec: { tribe_events_timezone_mode: 'site' } });
    await events(seeds);
    expect(await titles('')).toEqual(['New York morning']);
  });
});

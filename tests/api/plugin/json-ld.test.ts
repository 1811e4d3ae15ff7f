import { pluginCalendar, recorded, replay, startOnPluginRows } from '../../support/plugin-answers';
import type { TestApp } from '../../support/test-app';

/**
 * The schema.org data of single reads, as The Events Calendar 6.17.2 writes it (recorded answers): description
 * from the excerpt or the trimmed content through wpautop and esc_js, empty values kept, Place/Person url "",
 * offers with the plugin's price forms and a validFrom at midnight of the post date, "Private: " names, and
 * unpublished venues and organizers as `false`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOnPluginRows();
});
afterAll(async () => {
  await t.close();
});

const cal = pluginCalendar().calendar;
/** antispambot() entity-encodes e-mails at random on every request: compare them decoded. */
const decodeEmails = (text: string) => text.replace(/"email":"([^"]*)"/g, (_, v: string) => `"email":"${v.replace(/&#(\d+);/g, (__, n) => String.fromCharCode(Number(n)))}"`);
const bodyOf = (text: string) => JSON.parse(decodeEmails(text)) as Record<string, unknown>;

describe('json_ld of GET /events/{id}', () => {
  const names = cal.events.flatMap((id) => [`event ${id}`, `event ${id} admin`]).filter((name) => recorded(name).status === 200);

  it('covers published, private, draft and pending events', () => {
    expect(names.length).toBeGreaterThan(60);
  });

  // "0, 10, 20": the plugin's cost shows only the list's last price ("$20"); the service does not reproduce that
  // cost quirk (README, remaining differences), so the offer price, which follows the cost, differs alone.
  const commaList = (name: string) => bodyOf(recorded(name).body).cost === '$20' && recorded(name).body.includes('"values":["0.","10.","20"]');

  it.each(names)('%s', async (name) => {
    const res = await replay(t, name);
    expect(res.status).toBe(200);
    const expected = bodyOf(recorded(name).body).json_ld as Record<string, any>;
    const actual = bodyOf(res.text).json_ld as Record<string, any>;
    if (commaList(name)) {
      expect(actual.offers.price).not.toBe(expected.offers.price);
      actual.offers.price = expected.offers.price;
    }
    expect(actual).toEqual(expected);
  });
});

describe('json_ld of GET /venues/{id} and /organizers/{id}', () => {
  const names = [...cal.venues.map((id) => `venue ${id}`), ...cal.organizers.map((id) => `organizer ${id}`)];
  it.each(names)('%s', async (name) => {
    const res = await replay(t, name);
    expect(res.status).toBe(recorded(name).status);
    expect(bodyOf(res.text).json_ld).toEqual(bodyOf(recorded(name).body).json_ld);
  });
});

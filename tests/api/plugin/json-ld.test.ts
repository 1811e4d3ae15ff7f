import { pluginCalendar, recorded, replay, useTestAppOnPluginRows } from '../../support/plugin-answers';

/**
 * The schema.org data of single reads, as The Events Calendar 6.17.2 writes it (recorded answers): description
 * from the excerpt or the trimmed content through wpautop and esc_js, empty values kept, Place/Person url "",
 * offers with the plugin's price forms and a validFrom at midnight of the post date, "Private: " names, and
 * unpublished venues and organizers as `false`.
 */

const t = useTestAppOnPluginRows();

const cal = pluginCalendar().calendar;
/** antispambot() entity-encodes e-mails at random on every request: compare them decoded. */
const decodeEmails = (text: string) => text.replace(/"email":"([^"]*)"/g, (_, v: string) => `"email":"${v.replace(/&#(\d+);/g, (__, n) => String.fromCharCode(Number(n)))}"`);
const bodyOf = (text: string) => JSON.parse(decodeEmails(text)) as Record<string, unknown>;

describe('json_ld of GET /events/{id}', () => {
  const names = cal.events.flatMap((id) => [`event ${id}`, `event ${id} admin`]).filter((name) => recorded(name).status === 200);

  it('covers published, private, draft and pending events', () => {
    expect(names.length).toBeGreaterThan(60);
  });

  it.each(names)('%s', async (name) => {
    const res = await replay(t, name);
    expect(res.status).toBe(200);
    const expected = bodyOf(recorded(name).body).json_ld;
    expect(bodyOf(res.text).json_ld).toEqual(expected);
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

describe('json_ld of the venue and organizers embedded in GET /events/{id}', () => {
  // An unpublished venue or organizer linked to a published event has no `json_ld` for an anonymous reader.
  const names = cal.events.flatMap((id) => [`event ${id}`, `event ${id} admin`]).filter((name) => recorded(name).status === 200);
  const linked = (body: Record<string, any>) => ({
    venue: body.venue?.json_ld ?? null,
    organizer: ((body.organizer ?? []) as Array<Record<string, unknown>>).map((o) => o.json_ld ?? null),
  });

  it('covers unpublished venues and organizers seen anonymously', () => {
    const hidden = names.filter((name) => !name.endsWith('admin')).map((name) => linked(bodyOf(recorded(name).body)));
    expect(hidden.some((l) => l.organizer.includes(null) || (l.venue === null))).toBe(true);
  });

  it.each(names)('%s', async (name) => {
    const res = await replay(t, name);
    expect(linked(bodyOf(res.text))).toEqual(linked(bodyOf(recorded(name).body)));
  });
});

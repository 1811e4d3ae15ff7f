import { pluginCalendar, recorded, replay, useTestAppOnPluginRows } from '../../support/plugin-answers';

/**
 * The `Allow` header (rest_send_allow_header), `_envelope`/`_fields` and error answers as the plugin gives them, pinned by
 * its recorded answers (tests/fixtures/plugin).
 */

const t = useTestAppOnPluginRows();

const OPTIONS = ['/events', '/events/ID', '/venues', '/venues/ID', '/categories', '/categories/ID', '/events/by-slug/x', '/'];

describe('Allow', () => {
  it.each(['anon', 'author', 'admin'])('lists on OPTIONS only the methods the caller may use (%s)', async (as) => {
    const names = Object.keys((await import('../../fixtures/plugin/answers.json')).default).filter((n) => n.startsWith('OPTIONS ') && n.endsWith(` ${as}`));
    expect(names).toHaveLength(OPTIONS.length);
    for (const name of names) {
      const res = await replay(t, name);
      expect([name, res.status, res.headers.allow]).toEqual([name, recorded(name).status, recorded(name).headers.allow]);
    }
  });

  it.each(['events bad per_page', 'events bad date', 'event 0', 'event missing', 'venue missing', 'POST events empty anon', 'POST events empty author', 'DELETE event anon', 'DELETE event admin'])(
    'is sent on errors of a matched route: %s',
    async (name) => {
      const res = await replay(t, name);
      expect(res.headers.allow).toBe(recorded(name).headers.allow);
    },
  );

  it('is sent on reads', async () => {
    for (const name of [`event ${pluginCalendar().calendar.events[0]}`, 'categories', 'venues page']) {
      const res = await replay(t, name);
      expect(res.headers.allow).toBe(recorded(name).headers.allow);
    }
  });
});

describe('_envelope and _fields', () => {
  it('puts only the response own headers in the envelope, totals as numbers, and sends none of them', async () => {
    for (const name of ['events _envelope', 'event missing _envelope']) {
      const res = await replay(t, name);
      expect(res.status).toBe(200);
      expect(res.text).toBe(recorded(name).body);
      expect(res.headers.allow).toBeUndefined();
      expect(res.headers['x-tec-total']).toBeUndefined();
    }
  });

  it('answers [] when _fields names no key of the answer', async () => {
    const res = await replay(t, 'events _fields none');
    expect(res.text).toBe(recorded('events _fields none').body);
    expect(res.text).toBe('[]');
  });
});

describe('errors', () => {
  it.each(['event 0', 'event missing', 'venue missing', 'events bad per_page', 'events bad date', 'POST events empty admin', 'DELETE event anon'])('%s', async (name) => {
    const res = await replay(t, name);
    expect([res.status, res.text]).toEqual([recorded(name).status, recorded(name).body]);
  });
});

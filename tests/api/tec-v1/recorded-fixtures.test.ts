import { validateOpenApi } from '../../support/openapi-validator';
import { mcpCalls, tecCalendar, tecDocs, tecRead, tecReads, tecWrites } from '../../support/tec-v1-answers';
import { useTestAppOnPluginRows } from '../../support/plugin-answers';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * The recorded `tec/v1` answers of the plugin (scripts/record-tec-v1.ts) are whole and consistent, and their rows
 * load into the service's database, where the service's `tribe/events/v1` reads the same events the plugin's `tec/v1`
 * returned. These tests check the recording that reads-replay.test.ts and writes-replay.test.ts replay.
 */

const ids = (body: string) => (JSON.parse(body) as Array<{ id: number }>).map((e) => e.id);

describe('recorded tec/v1 fixtures', () => {
  const onTecRows = useTestAppOnPluginRows(tecCalendar());

  const cal = tecCalendar();
  const posts = new Map(cal.tables.posts!.map((p) => [Number(p.ID), p]));

  it('name every caller they use with credentials, and every answer with its clock and a parseable body', () => {
    const answers = [...Object.values(tecReads()), ...tecWrites().flatMap((w) => w.steps)];
    expect(answers.length).toBeGreaterThan(800);
    for (const a of answers) {
      if (a.as !== 'anon') expect(typeof cal.credentials[a.as]).toBe('string');
      expect(Date.parse(a.date)).toBeGreaterThanOrEqual(Date.parse(cal.recordedAt) - 1000);
      if (a.method !== 'HEAD' && /json/.test(a.headers['content-type'] ?? '')) expect(() => JSON.parse(a.body)).not.toThrow();
    }
  });

  it('list only posts of the recorded rows, of the list type', () => {
    for (const [name, a] of Object.entries(tecReads())) {
      if (a.status !== 200 || a.method !== 'GET' || !a.body.startsWith('[')) continue;
      const type = /\/(events|venues|organizers)\b/.exec(a.path)?.[1];
      for (const id of ids(a.body)) expect([name, posts.get(id)?.post_type]).toEqual([name, `tribe_${type === 'events' ? 'events' : type!.slice(0, -1)}`]);
    }
  });

  it('hold the plugin faults the contract documents', () => {
    expect(tecRead('events featured false [anon]').body).toBe(tecRead('events featured true [anon]').body);
    expect(tecRead('venues has_events false [anon]').body).toBe(tecRead('venues has_events true [anon]').body);
    expect(tecRead('events categories two [anon]').body).toBe(tecRead('events default [anon]').body);
    expect(tecRead('events categories one [anon]').status).toBe(400);
    expect(JSON.parse(tecRead('events page past the end [anon]').body)).toEqual({ code: 'tec_rest_organizers_page_not_found', message: 'The requested page was not found.' });
    expect([tecRead('event missing [anon]').status, tecRead('event missing [administrator]').status]).toEqual([401, 403]);
    expect(JSON.parse(tecRead('event 0 [anon]').body)).toEqual({ error: 'The entity could not be read.' });
    const draft = tecRead('events status draft [author]');
    expect([draft.headers['x-wp-total'], ids(draft.body).length]).toEqual(['3', 1]);
  });

  it('record what each accepted write stored and nothing for a refused one', () => {
    for (const w of tecWrites()) {
      const last = w.steps[w.steps.length - 1]!;
      const refusedOnly = w.steps.every((s) => s.status >= 400);
      if (refusedOnly) expect([w.name, w.rows]).toEqual([w.name, {}]);
      if (w.steps.length === 1 && last.status === 201) expect([w.name, w.rows.posts?.added?.length]).toEqual([w.name, 1]);
    }
  });

  it('keep the OpenAPI document, valid, with the seven paths', () => {
    const docs = tecDocs();
    expect(docs.openapi).toBe('3.0.4');
    expect(Object.keys(docs.paths)).toEqual(['/events', '/events/{id}', '/organizers', '/organizers/{id}', '/venues', '/venues/{id}', '/docs']);
    expect(validateOpenApi(docs).valid).toBe(true);
  });

  it('list the MCP server calls of both versions, all of tec/v1 with the header for 4fcf794', () => {
    const current = mcpCalls('4fcf794').flatMap((c) => c.requests);
    expect(current.every((r) => r.eea)).toBe(true);
    expect(current.filter((r) => !r.path.startsWith('/wp-json/tec/v1/')).map((r) => r.path)).toEqual(['/wp-json/', '/wp-json/wp/v2/users/me', '/wp-json/wp/v2/settings']);
    expect(mcpCalls('c555856').flatMap((c) => c.requests).filter((r) => r.path.startsWith('/wp-json/')).every((r) => r.path.startsWith('/wp-json/tribe/events/v1/'))).toBe(true);
  });

  it('load into the service, whose tribe/events/v1 serves the same events', async () => {
    const t = onTecRows;
    for (const key of ['concert', 'festival', 'fair', 'past']) {
      const recorded = JSON.parse(tecRead(`event ${key} [anon]`).body);
      const res = await t.request.get(`${TRIBE_API}/events/${cal.calendar.events[key]}`);
      expect(res.status).toBe(200);
      expect([res.body.title, res.body.start_date, res.body.end_date, res.body.utc_start_date, res.body.all_day, res.body.featured]).toEqual([
        recorded.title.rendered, recorded.start_date, recorded.end_date, recorded.start_date_utc, recorded.all_day, recorded.featured,
      ]);
      const venues = Array.isArray(res.body.venue) ? res.body.venue : [res.body.venue];
      expect(venues.filter((v: { id?: number }) => v.id).map((v: { id: number }) => v.id)).toEqual(recorded.venues.map((v: { id: number }) => v.id));
    }
  });
});

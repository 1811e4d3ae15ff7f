import type { z } from 'zod';
import { TecEvent, TecOrganizer, TecVenue } from '../../../src/calendar/schemas/tec-objects';
import { replayTec, startOnTecRows, tecMore, tecReads, type TecRecorded } from '../../support/tec-v1-answers';
import type { TestApp } from '../../support/test-app';

/**
 * The tec/v1 objects' schemas (src/calendar/schemas/tec-objects.ts), which type the serializers, hold for what the
 * service answers: every recorded read of the plugin's calendar that answered 200 with whole objects (no `_fields`, no `_envelope` or `_jsonp` around them)
 * is sent to the service, and each object of its answer must parse with its type's strict schema, keys in the
 * schema's order.
 */

const SCHEMAS: Record<string, z.ZodObject> = { events: TecEvent, venues: TecVenue, organizers: TecOrganizer };

/** The recorded whole-object reads of one type: GET /tec/v1/{type}[/{id}] with a 200, whole and bare. */
function wholeReads(): Array<[string, TecRecorded, string]> {
  const reads = { ...tecReads(), ...tecMore().reads };
  return Object.entries(reads).flatMap(([name, recorded]): Array<[string, TecRecorded, string]> => {
    const match = /^\/tec\/v1\/(events|venues|organizers)(?:\/\d+)?(?:\?|$)/.exec(recorded.path);
    if (!match || recorded.method !== 'GET' || recorded.status !== 200 || /[?&]_(fields|envelope|jsonp)\b/.test(recorded.path)) return [];
    return [[name, recorded, match[1]!]];
  });
}

/** The keys of `object` that the schema knows, in the schema's order (the schema is strict: no others parse). */
const schemaOrder = (schema: z.ZodObject, object: object) => Object.keys(schema.shape).filter((key) => key in object);

let t: TestApp;
beforeAll(async () => {
  t = await startOnTecRows();
});
afterAll(async () => {
  await t.close();
});

const reads = wholeReads();

it('covers lists and single objects of the three types', () => {
  for (const type of Object.keys(SCHEMAS)) {
    expect(reads.filter(([, r, ty]) => ty === type && /\/\d+(\?|$)/.test(r.path)).length).toBeGreaterThan(0);
    expect(reads.filter(([, r, ty]) => ty === type && !/\/\d+(\?|$)/.test(r.path)).length).toBeGreaterThan(0);
  }
});

it.each(reads)('%s: every object parses with its schema, keys in its order', async (_name, recorded, type) => {
  const res = await replayTec(t, recorded);
  expect(res.status).toBe(200);
  const body = JSON.parse(res.text) as unknown;
  const objects = (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown>>;
  const schema = SCHEMAS[type]!;
  for (const object of objects) {
    const parsed = schema.safeParse(object);
    expect(parsed.error?.issues).toBeUndefined();
    expect(Object.keys(object)).toEqual(schemaOrder(schema, object));
    for (const key of ['venues', 'organizers'] as const) {
      if (!Array.isArray(object[key])) continue;
      const linked = key === 'venues' ? TecVenue : TecOrganizer;
      for (const item of object[key] as object[]) expect(Object.keys(item)).toEqual(schemaOrder(linked, item));
    }
  }
});

it('refuses an object with a key of another type, or without one of its own', async () => {
  const recorded = reads.find(([, r, type]) => type === 'events' && /\/\d+(\?|$)/.test(r.path))![1];
  const event = JSON.parse((await replayTec(t, recorded)).text) as Record<string, unknown>;
  expect(TecEvent.safeParse(event).success).toBe(true);
  expect(TecEvent.safeParse({ ...event, directions_link: '' }).success).toBe(false);
  const { schedule_details: _dropped, ...short } = event;
  expect(TecEvent.safeParse(short).success).toBe(false);
  expect(TecVenue.safeParse(event).success).toBe(false);
});

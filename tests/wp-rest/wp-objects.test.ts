import { z } from 'zod';
import {
  WpAttachmentObject, WpRevisionObject, WpStatusObject, WpTaxonomyObject, WpTermObject, WpTypeObject, WpUserObject, wpPostObjectSchema,
} from '../../src/wp-rest/wp-objects';
import { replayWp, startOnWpRows, wpExtraReads, wpReads, type WpAnswer } from '../support/wp-v2-answers';
import type { TestApp } from '../support/test-app';

/**
 * The wp/v2 objects' schemas (src/wp-rest/wp-objects.ts), which type the post, media, revision, term and user
 * serializers, hold for what the service answers: every recorded read of the calendar's post types (their revisions
 * and autosaves too), taxonomies, media and users that
 * answered 200 (any context, `_fields` and `_embed` included; not wrapped by `_envelope` or `_jsonp`) is sent to the
 * service, and each object of its answer must parse with its strict schema, keys in the schema's order, and so must
 * its nested objects.
 */

/** The taxonomies' rest bases of each post type, in the order its objects carry them. */
const POST_TYPES: Record<string, readonly string[]> = { tribe_events: ['tags', 'tribe_events_cat'], tribe_venue: [], tribe_organizer: [] };
const TAXONOMIES = ['tags', 'tribe_events_cat'];
const BASES = [...Object.keys(POST_TYPES), ...TAXONOMIES, 'media', 'users'];
/** A route of one of the bases, or of a post's revisions or autosaves (`<type>/<id>/revisions[/<id>]`). */
const ROUTE = new RegExp(`^/wp/v2/(${BASES.join('|')})(?:/\\d+|/me)?(?:/(?:revisions|autosaves)(?:/\\d+)?)?(?:\\?|$)`);
const isRevisions = (path: string): boolean => /\/(revisions|autosaves)\b/.test(path);

const OTHERS: Record<string, z.ZodObject> = { media: WpAttachmentObject, users: WpUserObject };
const schemaOf = (base: string, path: string): z.ZodObject =>
  isRevisions(path) ? WpRevisionObject : (OTHERS[base] ?? (base in POST_TYPES ? wpPostObjectSchema(POST_TYPES[base]!) : WpTermObject));

/** The descriptions of post types, taxonomies and statuses: a list is an object keyed by name. */
const DESCRIPTIONS: Record<string, z.ZodObject> = { types: WpTypeObject, taxonomies: WpTaxonomyObject, statuses: WpStatusObject };
const DESCRIPTION_ROUTE = /^\/wp\/v2\/(types|taxonomies|statuses)(\/[a-z_-]+)?(?:\?|$)/;

function recordedReads(route = ROUTE): Array<[string, WpAnswer, string]> {
  return Object.entries({ ...wpReads(), ...wpExtraReads() }).flatMap(([name, x]): Array<[string, WpAnswer, string]> => {
    const match = route.exec(x.path);
    if (!match || x.method !== 'GET' || x.status !== 200 || /[?&]_(envelope|jsonp)\b/.test(x.path)) return [];
    return [[name, x, match[1]!]];
  });
}

/** The object's keys must be the schema's in its order, at every level the schema describes as an object. */
function expectSchemaOrder(schema: z.ZodObject, object: Record<string, unknown>): void {
  expect(Object.keys(object)).toEqual(Object.keys(schema.shape).filter((key) => key in object));
  for (const [key, value] of Object.entries(object)) {
    const field: unknown = schema.shape[key];
    const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
    if (inner instanceof z.ZodObject && value !== null && typeof value === 'object' && !Array.isArray(value)) expectSchemaOrder(inner, value as Record<string, unknown>);
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await startOnWpRows();
});
afterAll(async () => {
  await t.close();
});

const reads = recordedReads();
const descriptionReads = recordedReads(DESCRIPTION_ROUTE);

it('covers lists and single objects of every post type, taxonomy, media, users, revisions, types, taxonomies and statuses, in every context', () => {
  for (const base of BASES) {
    expect(reads.filter(([, x, b]) => b === base && /\/\d+(\?|$)/.test(x.path)).length).toBeGreaterThan(0);
    expect(reads.filter(([, x, b]) => b === base && !/\/\d+(\?|$)/.test(x.path)).length).toBeGreaterThan(0);
  }
  for (const context of ['edit', 'embed']) expect(reads.some(([, x]) => x.path.includes(`context=${context}`))).toBe(true);
  for (const kind of ['revisions', 'autosaves']) expect(reads.filter(([, x]) => x.path.includes(`/${kind}`)).length).toBeGreaterThan(0);
  for (const base of Object.keys(DESCRIPTIONS)) {
    for (const single of [true, false]) expect(descriptionReads.some(([, x, b]) => b === base && (DESCRIPTION_ROUTE.exec(x.path)![2] !== undefined) === single)).toBe(true);
    expect(descriptionReads.some(([, x, b]) => b === base && x.path.includes('context=edit'))).toBe(true);
  }
});

it.each(reads)('%s: every object parses with its schema, keys in its order', async (_name, x, base) => {
  const res = await replayWp(t, x);
  expect(res.status).toBe(200);
  const body = JSON.parse(res.text) as unknown;
  const objects = (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown>>;
  const schema = schemaOf(base, x.path);
  for (const object of objects) {
    // An object `_fields` narrows to no key is PHP's empty array, which JSON writes as `[]`.
    if (Array.isArray(object)) {
      expect(object).toEqual([]);
      continue;
    }
    expect(schema.safeParse(object).error?.issues).toBeUndefined();
    expectSchemaOrder(schema, object);
  }
});

it.each(descriptionReads)('%s: every type, taxonomy or status parses with its schema, keys in its order', async (_name, x, base) => {
  const res = await replayWp(t, x);
  expect(res.status).toBe(200);
  const body = JSON.parse(res.text) as Record<string, Record<string, unknown>>;
  const single = DESCRIPTION_ROUTE.exec(x.path)![2] !== undefined;
  const objects = single ? [body] : Object.values(body);
  // A list nothing is left of (no taxonomy for the type, `_fields` naming no type) is the plugin's empty answer.
  if (objects.length === 0) expect(res.text).toBe(x.text);
  for (const object of objects) {
    expect(DESCRIPTIONS[base]!.safeParse(object).error?.issues).toBeUndefined();
    expectSchemaOrder(DESCRIPTIONS[base]!, object);
  }
});

it('refuses a post with a key WordPress does not send or out of its type, and a term, media item or user with a post key', async () => {
  const x = reads.find(([, r, base]) => base === 'tribe_events' && /\/\d+$/.test(r.path))![1];
  const event = JSON.parse((await replayWp(t, x)).text) as Record<string, unknown>;
  const schema = wpPostObjectSchema(POST_TYPES.tribe_events!);
  expect(schema.safeParse(event).success).toBe(true);
  expect(schema.safeParse({ ...event, venue: 3 }).success).toBe(false);
  expect(schema.safeParse({ ...event, title: { rendered: 'x', protected: false } }).success).toBe(false);
  expect(wpPostObjectSchema([]).safeParse(event).success).toBe(false);
  expect(WpTermObject.safeParse(event).success).toBe(false);
  expect(WpAttachmentObject.safeParse(event).success).toBe(false);
  expect(WpUserObject.safeParse(event).success).toBe(false);
  expect(WpRevisionObject.safeParse(event).success).toBe(false);
  for (const schema of Object.values(DESCRIPTIONS)) expect(schema.safeParse(event).success).toBe(false);
});

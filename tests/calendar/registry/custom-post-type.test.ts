import { z } from 'zod';
import { editableArgs } from '../../../src/http/args';
import { wpInteger, wpString } from '../../../src/http/wp-types';
import { ORGANIZER_PAGE } from '../../../src/calendar/front-end/post-views';
import { linkedCreateError, linkedErrors, linkedReadAccess, linkedValidate } from '../../../src/calendar/linked/linked-resource';
import { dropFalsy, globalIds, linkedPostHead } from '../../../src/calendar/linked/linked-object';
import { linkedPostWriter } from '../../../src/calendar/linked/linked-writer';
import { flagField, optionalFieldOutputs, textField, withFieldArguments } from '../../../src/calendar/post-resource/field-table';
import { exportFields, readFields } from '../../../src/calendar/post-resource/meta-fields';
import { commonExportFields } from '../../../src/calendar/post-resource/post-export';
import { createCalendarRegistry } from '../../../src/calendar/registry/calendar-registry';
import type { PostTypeDefinition } from '../../../src/calendar/registry/post-type';
import { POST_TYPES, TAXONOMIES } from '../../../src/calendar/registry/post-types';
import { tec } from '../../../src/calendar/schemas/arg-validators';
import { exportFixtures } from '../../../src/fixtures/export-fixtures';
import { loadFixtures } from '../../../src/fixtures/load-fixtures';
import { getOption } from '../../../src/wp/options';
import { useCallers, useTestApp } from '../../support/test-app';
import { TRIBE_API } from '../../support/rest-paths';

/**
 * A post type added by its definition and one entry in the registry's list, with no other file touched: it gets its
 * tribe/events/v1 routes, its /doc component, its capabilities in a new site's roles, its fixture section and export.
 * The definition is built from the same parts the venue and organizer definitions use. Its field table shows a new
 * writable field as one line: `urgent` is validated, stored, answered and described in /doc from its entry alone.
 */

const NOTE_FIELDS = {
  mood: textField('_NoteMood', 'The note mood'),
  urgent: flagField('_NoteUrgent', '1', 'Whether the note is urgent'),
};
const ReadArgs = { id: wpInteger() };
const SlugArgs = { slug: wpString() };
const CreateArgs = withFieldArguments(
  {
    note: tec.nonEmptyString(),
    description: tec.stringOrEmpty().optional(),
    status: tec.postStatus().optional(),
    author: wpInteger().optional(),
    date: tec.timeString().optional(),
    date_utc: tec.timeString().optional(),
    image: wpString().optional(),
  },
  NOTE_FIELDS,
);
const Update = editableArgs(CreateArgs);
const ARGS = { read: ReadArgs, readBySlug: SlugArgs, create: CreateArgs, update: { ...ReadArgs, ...Update }, updateBySlug: { ...SlugArgs, ...Update }, delete: ReadArgs, deleteBySlug: SlugArgs };
const ERRORS = linkedErrors('note');

const noteType: PostTypeDefinition<typeof ARGS> = {
  postType: 'calendar_note',
  name: 'note',
  plural: 'notes',
  labels: { name: 'Notes', singularName: 'Note' },
  capabilityType: 'calendar_notes',
  rewriteSlug: () => 'note',
  revisions: false,
  wpRestBase: 'calendar_note',
  wpRest: { supports: ['title', 'author'], viewable: false, taxonomies: [], originMeta: '_NoteOrigin' },
  fields: NOTE_FIELDS,
  links: [],
  taxonomies: [],
  modifiedFieldsOrder: [],
  fixtureExtras: ['id', 'slug'],
  exportFields: (r, post) => ({ ...commonExportFields(r, post), note: post.post_title, ...exportFields(NOTE_FIELDS, r.bundle.main.meta, post.ID) }),
  frontEnd: { ...ORGANIZER_PAGE, title: (note) => String(note.note ?? '') },
  outputSchema: ['Note', z.object({ id: z.int(), note: z.string(), ...optionalFieldOutputs(NOTE_FIELDS) })],
  restBase: 'notes',
  args: ARGS,
  validate: linkedValidate('calendar_note'),
  errors: ERRORS,
  readAccess: linkedReadAccess(ERRORS),
  serialize: (env, bundle, post) => {
    const body = linkedPostHead(env, bundle, post, 'note', 'main');
    Object.assign(body, readFields(NOTE_FIELDS, bundle.main.meta, post.ID));
    return dropFalsy(Object.assign(body, globalIds(env, bundle, post, 'main')));
  },
  writer: linkedPostWriter({ postType: 'calendar_note', nameArg: 'note', createError: linkedCreateError('note'), fields: NOTE_FIELDS, originKey: '_NoteOrigin', artifactPrefix: '_Note', artifactFields: [] }),
};

const registry = createCalendarRegistry([...POST_TYPES, noteType], TAXONOMIES);
const t = useTestApp({ registry });
const callers = useCallers(t);

describe('a post type registered in the test alone', () => {
  it('gets the capabilities of its capability type in a new site\'s roles', async () => {
    const roles = (await getOption(t.wp, `${t.prefix}user_roles`)) as Record<string, { capabilities: Record<string, boolean> }>;
    expect(roles.editor!.capabilities.edit_others_calendar_notes).toBe(true);
    expect(roles.author!.capabilities.publish_calendar_notes).toBe(true);
    expect(roles.contributor!.capabilities.publish_calendar_notes).toBeUndefined();
  });

  it('is created, read and trashed through its routes, with the permission rules of its capability type', async () => {
    const created = await t.request.post(`${TRIBE_API}/notes`).set('Authorization', callers.author.authorization).send({ note: 'Bring a coat', mood: 'cautious' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ note: 'Bring a coat', mood: 'cautious', status: 'publish' });
    const row = await t.wp.knex(`${t.prefix}posts`).where({ ID: created.body.id }).first();
    expect(row).toMatchObject({ post_type: 'calendar_note', post_title: 'Bring a coat', post_status: 'publish' });
    const meta = await t.wp.knex(`${t.prefix}postmeta`).where({ post_id: created.body.id, meta_key: '_NoteMood' }).first();
    expect(meta.meta_value).toBe('cautious');

    expect((await t.request.get(`${TRIBE_API}/notes/${created.body.id}`)).body).toMatchObject({ id: created.body.id, note: 'Bring a coat', mood: 'cautious' });
    expect((await t.request.post(`${TRIBE_API}/notes`).set('Authorization', callers.subscriber.authorization).send({ note: 'No' })).status).toBe(403);
    expect((await t.request.delete(`${TRIBE_API}/notes/${created.body.id}`).set('Authorization', callers.contributor.authorization)).status).toBe(403);
    const trashed = await t.request.delete(`${TRIBE_API}/notes/${created.body.id}`).set('Authorization', callers.editor.authorization);
    expect(trashed.status).toBe(200);
    expect((await t.wp.knex(`${t.prefix}posts`).where({ ID: created.body.id }).first()).post_status).toBe('trash');
  });

  it('validates, stores, answers and describes a field from its one line in the field table', async () => {
    const refused = await t.request.post(`${TRIBE_API}/notes`).set('Authorization', callers.author.authorization).send({ note: 'Not so sure', urgent: 'maybe' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { urgent: expect.any(String) } } });
    expect(await t.wp.knex(`${t.prefix}posts`).where({ post_title: 'Not so sure' }).first()).toBeUndefined();

    const created = await t.request.post(`${TRIBE_API}/notes`).set('Authorization', callers.author.authorization).send({ note: 'Leave now', urgent: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ note: 'Leave now', urgent: true });
    const meta = await t.wp.knex(`${t.prefix}postmeta`).where({ post_id: created.body.id, meta_key: '_NoteUrgent' }).first();
    expect(meta.meta_value).toBe('1');
    expect((await t.request.get(`${TRIBE_API}/notes/${created.body.id}`)).body.urgent).toBe(true);

    // An update that leaves the flag out clears it, as the plugin's flags do.
    const updated = await t.request.post(`${TRIBE_API}/notes/${created.body.id}`).set('Authorization', callers.editor.authorization).send({ note: 'Leave later' });
    expect(updated.status).toBe(200);
    expect(updated.body.urgent).toBeUndefined();
    expect(await t.wp.knex(`${t.prefix}postmeta`).where({ post_id: created.body.id, meta_key: '_NoteUrgent' }).first()).toBeUndefined();

    const doc = (await t.request.get(`${TRIBE_API}/doc`)).body;
    expect(doc.components.schemas.Note.properties.urgent).toEqual({ type: 'boolean', description: 'Whether the note is urgent' });
    expect(doc.paths['/notes'].post.requestBody.content['application/json'].schema.properties.urgent).toMatchObject({ description: 'Whether the note is urgent', type: 'boolean' });
  });

  it('is listed in /doc with its routes and its component', async () => {
    const doc = (await t.request.get(`${TRIBE_API}/doc`)).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/notes', '/notes/{id}', '/notes/by-slug/{slug}']));
    expect(Object.keys(doc.components.schemas)).toEqual(['ImageSize', 'CostDetails', 'Term', 'Image', 'DateDetails', 'Event', 'Venue', 'Organizer', 'Note']);
  });

  it('has a fixture section that loads through its write path and exports back', async () => {
    const loaded = await loadFixtures(t.wp, { notes: [{ id: 7001, note: 'From a file', mood: 'calm', slug: 'from-a-file' }] }, { now: new Date('2026-01-05T10:00:00Z'), registry });
    expect(loaded.notes).toBe(1);
    const id = loaded.ids.get('notes')!.get(7001)!;
    expect(await t.wp.knex(`${t.prefix}posts`).where({ ID: id }).first()).toMatchObject({ post_type: 'calendar_note', post_name: 'from-a-file' });
    const exported = await exportFixtures(t.wp, { now: new Date(), registry });
    expect(exported.notes).toEqual(expect.arrayContaining([expect.objectContaining({ id, note: 'From a file', mood: 'calm', slug: 'from-a-file', status: 'publish' })]));
  });
});

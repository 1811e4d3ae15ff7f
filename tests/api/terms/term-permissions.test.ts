import { updateUserMeta } from '../../../src/wp/users';
import { ROLES, type Role } from '../../support/callers';
import { seedTerm } from '../../support/rows';
import { useCallers, useTestApp } from '../../support/test-app';
import { createAppPassword, createUser } from '../../support/users';
import { CAT, TAG } from './fixture';
import { CALENDAR_API } from '../../support/rest-paths';

/**
 * Who may write terms (Term_Single_Base::can_create): `edit_tribe_events` and the taxonomy's manage_terms capability —
 * `publish_tribe_events` for categories, `manage_categories` for tags. Reads are public; validation errors come
 * before permission errors; refusals are 401 without a user and 403 with one.
 */

const t = useTestApp();
const callers = useCallers(t);

const ALLOWED: Record<'categories' | 'tags', readonly Role[]> = {
  categories: ['administrator', 'editor', 'author'],
  tags: ['administrator', 'editor'],
};

describe.each([
  ['categories', CAT],
  ['tags', TAG],
] as const)('%s', (base, taxonomy) => {
  it.each(ROLES)('%s: create, update and delete as the role allows', async (role) => {
    const auth = { Authorization: callers[role].authorization };
    const allowed = ALLOWED[base].includes(role);
    const existing = await seedTerm(t.wp, taxonomy, `${role} target ${base}`);

    const created = await t.request.post(`${CALENDAR_API}/${base}`).set(auth).send({ name: `${role} new ${base}` });
    const updated = await t.request.put(`${CALENDAR_API}/${base}/${existing.termId}`).set(auth).send({ description: 'changed' });
    const deleted = await t.request.delete(`${CALENDAR_API}/${base}/${existing.termId}`).set(auth);
    const forbidden = { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } };
    expect([created.status, updated.status, deleted.status]).toEqual(allowed ? [201, 200, 200] : [403, 403, 403]);
    if (!allowed) {
      for (const res of [created, updated, deleted]) expect(res.body).toEqual(forbidden);
      expect(await t.wp.knex(t.wp.t.terms).where('name', `${role} new ${base}`).first()).toBeUndefined();
      expect(await t.wp.knex(t.wp.t.term_taxonomy).where('term_id', existing.termId).first()).toMatchObject({ description: '' });
    } else {
      expect(updated.body.description).toBe('changed');
      expect(await t.wp.knex(t.wp.t.term_taxonomy).where('term_id', existing.termId).first()).toBeUndefined();
    }
  });

  it('refuses anonymous writes with 401 and serves reads to everyone', async () => {
    const existing = await seedTerm(t.wp, taxonomy, `anonymous target ${base}`, { count: 1 });
    const unauthorized = { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } };
    expect((await t.request.post(`${CALENDAR_API}/${base}`).send({ name: 'anon' })).body).toEqual(unauthorized);
    expect((await t.request.patch(`${CALENDAR_API}/${base}/${existing.termId}`).send({ name: 'anon' })).body).toEqual(unauthorized);
    expect((await t.request.delete(`${CALENDAR_API}/${base}/${existing.termId}`)).body).toEqual(unauthorized);
    expect((await t.request.get(`${CALENDAR_API}/${base}/${existing.termId}`)).status).toBe(200);
    expect((await t.request.get(`${CALENDAR_API}/${base}`).set('Authorization', callers.subscriber.authorization)).status).toBe(200);
  });

  it('reports validation errors before permission errors', async () => {
    const subscriber = { Authorization: callers.subscriber.authorization };
    expect((await t.request.post(`${CALENDAR_API}/${base}`).set(subscriber).send({})).body.code).toBe('rest_missing_callback_param');
    expect((await t.request.delete(`${CALENDAR_API}/${base}/99999`)).body.code).toBe('rest_invalid_param');
    expect((await t.request.post(`${CALENDAR_API}/${base}/99999`).set(subscriber).send({ name: 'x' })).status).toBe(400);
  });

  it('lists the write methods in Allow only for callers who may use them', async () => {
    const existing = await seedTerm(t.wp, taxonomy, `allow target ${base}`);
    const allow = async (role: Role) => (await t.request.get(`${CALENDAR_API}/${base}/${existing.termId}`).set('Authorization', callers[role].authorization)).headers.allow;
    expect(await allow('administrator')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(await allow('contributor')).toBe('GET');
  });
});

it('needs both capabilities: the taxonomy one alone is not enough', async () => {
  const user = await createUser(t.wp, { login: 'tag_manager', role: 'subscriber' });
  const { authorization } = await createAppPassword(t.wp, user.id);
  await updateUserMeta(t.wp, user.id, 'wp_capabilities', { subscriber: true, manage_categories: true });
  expect((await t.request.post(`${CALENDAR_API}/tags`).set('Authorization', authorization).send({ name: 'Managed' })).status).toBe(403);
  await updateUserMeta(t.wp, user.id, 'wp_capabilities', { subscriber: true, manage_categories: true, edit_tribe_events: true });
  expect((await t.request.post(`${CALENDAR_API}/tags`).set('Authorization', authorization).send({ name: 'Managed' })).status).toBe(201);
  expect((await t.request.post(`${CALENDAR_API}/categories`).set('Authorization', authorization).send({ name: 'Managed' })).status).toBe(403);
});

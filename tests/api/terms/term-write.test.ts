import { relate, seedEvent, seedTerm } from '../../support/rows';
import { SITE_URL, useCallers, useTestApp } from '../../support/test-app';
import { CAT, TAG } from './fixture';
import { CALENDAR_API, WP_V2_API } from '../../support/rest-paths';

/**
 * POST /categories, /tags and POST|PUT|PATCH|DELETE on their items (Single_Category, Single_Tag): the responses and
 * errors, and the rows left in terms, term_taxonomy, term_relationships, termmeta and options exactly as
 * wp_insert_term, wp_update_term and wp_delete_term leave them.
 */

const WP = `${SITE_URL}${WP_V2_API}`;
const t = useTestApp();
const callers = useCallers(t);

const admin = () => ({ Authorization: callers.administrator.authorization });
const post = (path: string, body: Record<string, unknown>) => t.request.post(`${CALENDAR_API}${path}`).set(admin()).send(body);

async function rows(termId: number) {
  const term = await t.wp.knex(t.wp.t.terms).where('term_id', termId).first();
  const taxonomy = await t.wp.knex(t.wp.t.term_taxonomy).where('term_id', termId);
  return { term, taxonomy };
}

const childrenOption = async (taxonomy: string) => t.wp.knex(t.wp.t.options).where('option_name', `${taxonomy}_children`).first();

describe('create', () => {
  it('stores the term as WordPress does and answers 201 with Location on the WordPress route', async () => {
    const res = await post('/categories', { name: 'Rock & Roll', description: 'Loud & <b>proud</b><script>x</script>' });
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(res.headers.location).toBe(`${WP}/tribe_events_cat/${id}`);
    expect(res.body).toMatchObject({ count: 0, name: 'Rock &amp; Roll', slug: 'rock-roll', description: 'Loud &amp; <b>proud</b>x', taxonomy: CAT, parent: 0, meta: [] });
    expect(res.body._links.self[0]).toEqual({ href: `${WP}/tribe_events_cat/${id}`, targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } });
    const { term, taxonomy } = await rows(id);
    expect(term).toEqual({ term_id: id, name: 'Rock &amp; Roll', slug: 'rock-roll', term_group: 0 });
    expect(taxonomy).toEqual([expect.objectContaining({ taxonomy: CAT, description: 'Loud &amp; <b>proud</b>x', parent: 0, count: 0 })]);
  });

  it('keeps the {taxonomy}_children option of categories as WordPress rebuilds it', async () => {
    const parent = (await post('/categories', { name: 'Parent P' })).body.id;
    const child = (await post('/categories', { name: 'Child C', parent })).body.id;
    const option = await childrenOption(CAT);
    expect(option).toMatchObject({ option_value: `a:1:{i:${parent};a:1:{i:0;i:${child};}}`, autoload: 'auto' });
    await post('/tags', { name: 'No option for flat taxonomies' });
    expect(await childrenOption(TAG)).toBeUndefined();
    await t.request.delete(`${CALENDAR_API}/categories/${child}`).set(admin());
    expect((await childrenOption(CAT)).option_value).toBe('a:0:{}');
  });

  it('refuses a duplicate name with term_exists, the existing id in data and additional_data', async () => {
    const first = await post('/tags', { name: 'Twice' });
    const before = await t.wp.knex(t.wp.t.terms).count({ n: '*' }).first();
    const again = await post('/tags', { name: 'twice' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'term_exists',
      message: 'A term with the name provided already exists in this taxonomy.',
      data: { status: 400, term_id: first.body.id },
      additional_data: [first.body.id, first.body.id],
    });
    expect(await t.wp.knex(t.wp.t.terms).count({ n: '*' }).first()).toEqual(before);
    const category = await post('/categories', { name: 'Sibling' });
    const sameLevel = await post('/categories', { name: 'Sibling' });
    expect(sameLevel.body).toMatchObject({ code: 'term_exists', message: 'A term with the name provided already exists with this parent.', data: { status: 400, term_id: category.body.id } });
  });

  it('accepts the same name under another parent or with a slug of its own, making slugs unique as WordPress does', async () => {
    const top = (await post('/categories', { name: 'Drums' })).body;
    const parent = (await post('/categories', { name: 'Percussion' })).body;
    const nested = await post('/categories', { name: 'Drums', parent: parent.id });
    expect(nested.status).toBe(201);
    expect(nested.body).toMatchObject({ slug: 'drums-percussion', parent: parent.id });
    const own = await post('/categories', { name: 'Drums', slug: 'Other Drums' });
    expect(own.body.slug).toBe('other-drums');
    // A taken slug given explicitly is suffixed, not refused.
    const suffixed = await post('/categories', { name: 'Kit', slug: top.slug });
    expect(suffixed.body.slug).toBe('drums-2');
  });

  it('treats a slug of digits as a slug when making it unique', async () => {
    const year = await post('/categories', { name: '2024' });
    expect(year.body.slug).toBe('2024');
    const again = await post('/categories', { name: 'Season', slug: '2024' });
    expect(again.body.slug).toBe('2024-2');
  });

  it('allows the same slug in both taxonomies', async () => {
    const category = await post('/categories', { name: 'Shared' });
    const tag = await post('/tags', { name: 'Shared' });
    expect([category.body.slug, tag.body.slug]).toEqual(['shared', 'shared']);
    expect(category.body.id).not.toBe(tag.body.id);
  });

  it('gives a name without slug characters the term id as slug', async () => {
    const res = await post('/tags', { name: '!!!' });
    expect(res.body).toMatchObject({ name: '!!!', slug: String(res.body.id) });
  });

  it('answers WordPress errors that carry no status with 500 and null data', async () => {
    const res = await post('/tags', { name: '   ' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'empty_term_name', message: 'A name is required for this term.', data: null });
  });

  it('validates name, description, slug and parent before anything else', async () => {
    const missing = await post('/categories', { description: 'x' });
    expect(missing.body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): name', data: { status: 400, params: ['name'] } });
    const empty = await post('/categories', { name: '', description: '', slug: '' });
    expect(empty.body.data.params).toEqual({ name: 'Invalid parameter.', description: 'Invalid parameter.', slug: 'Invalid parameter.' });
    // is_string refuses a JSON number before the string type is looked at.
    const typed = await post('/tags', { name: 12 });
    expect(typed.body.data.params).toEqual({ name: 'Invalid parameter.' });
    for (const parent of [99999, 0, 'nothing']) {
      const res = await post('/categories', { name: 'Orphan', parent });
      expect({ parent, status: res.status, params: res.body.data.params }).toEqual({ parent, status: 400, params: { parent: 'Invalid parameter.' } });
    }
  });

  it('refuses any parent on tags', async () => {
    for (const parent of [1, 0, 'x']) {
      const res = await post('/tags', { name: 'With parent', parent });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'rest_taxonomy_not_hierarchical', message: 'Cannot set parent term, taxonomy is not hierarchical.', data: { status: 400 } });
    }
    expect(await t.wp.knex(t.wp.t.terms).where('name', 'With parent').first()).toBeUndefined();
  });
});

describe('update', () => {
  it('changes only the fields sent', async () => {
    const created = (await post('/categories', { name: 'Folk', description: 'Songs' })).body;
    const res = await t.request.patch(`${CALENDAR_API}/categories/${created.id}`).set(admin()).send({ name: 'Folk & Roots' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Folk &amp; Roots', slug: 'folk', description: 'Songs', parent: 0 });
    expect(res.body._links).toBeDefined();
    const unchanged = await t.request.put(`${CALENDAR_API}/categories/${created.id}`).set(admin()).send({});
    expect(unchanged.body).toMatchObject({ name: 'Folk &amp; Roots', slug: 'folk', description: 'Songs' });
    const slugged = await post(`/categories/${created.id}`, { slug: 'Roots Music', description: 'New' });
    expect(slugged.body).toMatchObject({ slug: 'roots-music', description: 'New' });
    expect((await rows(created.id)).term).toMatchObject({ name: 'Folk &amp; Roots', slug: 'roots-music' });
  });

  it('refuses a slug taken in the taxonomy with duplicate_term_slug (500, no data), unless the parent changes', async () => {
    const a = (await post('/categories', { name: 'Alpha' })).body;
    const b = (await post('/categories', { name: 'Beta' })).body;
    const taken = await post(`/categories/${b.id}`, { slug: 'alpha' });
    expect(taken.status).toBe(500);
    expect(taken.body).toEqual({ code: 'duplicate_term_slug', message: 'The slug &#8220;alpha&#8221; is already in use by another term.', data: null });
    expect((await rows(b.id)).term.slug).toBe('beta');
    const moved = await post(`/categories/${b.id}`, { slug: 'alpha', parent: a.id });
    expect(moved.body).toMatchObject({ slug: 'alpha-alpha', parent: a.id });
    // A slug used only by a tag is free for a category.
    await post('/tags', { name: 'Gamma' });
    expect((await post(`/categories/${a.id}`, { slug: 'gamma' })).body.slug).toBe('gamma');
  });

  it('drops a parent that would make a loop to 0', async () => {
    const top = (await post('/categories', { name: 'Loop Top' })).body;
    const middle = (await post('/categories', { name: 'Loop Middle', parent: top.id })).body;
    const bottom = (await post('/categories', { name: 'Loop Bottom', parent: middle.id })).body;
    expect((await post(`/categories/${top.id}`, { parent: bottom.id })).body.parent).toBe(0);
    expect((await post(`/categories/${middle.id}`, { parent: middle.id })).body.parent).toBe(0);
    const moved = await post(`/categories/${bottom.id}`, { parent: top.id });
    expect(moved.body).toMatchObject({ parent: top.id, url: `${SITE_URL}/events/category/loop-top/loop-bottom/` });
  });

  it('validates the id and the parent; tags refuse a parent', async () => {
    const missing = await post('/categories/99999', { name: 'x' });
    expect(missing.body.data.params).toEqual({ id: 'Invalid parameter.' });
    const tag = (await post('/tags', { name: 'Flat' })).body;
    expect((await post(`/categories/${tag.id}`, { name: 'x' })).status).toBe(400);
    expect((await post(`/tags/${tag.id}`, { parent: 1 })).body.code).toBe('rest_taxonomy_not_hierarchical');
    const category = (await post('/categories', { name: 'Needs real parent' })).body;
    expect((await post(`/categories/${category.id}`, { parent: tag.id })).body.data.params).toEqual({ parent: 'Invalid parameter.' });
    expect((await post(`/categories/${category.id}`, { name: '' })).body.data.params).toEqual({ name: 'Invalid parameter.' });
  });
});

describe('delete', () => {
  it('deletes for good, answers the term as it was, moves children up and keeps other counts', async () => {
    const top = await seedTerm(t.wp, CAT, 'Del Top', { count: 0 });
    const middle = await seedTerm(t.wp, CAT, 'Del Middle', { parent: top.termId, count: 1 });
    const bottom = await seedTerm(t.wp, CAT, 'Del Bottom', { parent: middle.termId, count: 1 });
    const tag = await seedTerm(t.wp, TAG, 'Del Tag', { count: 1 });
    const event = await seedEvent(t.wp, { post_title: 'Deleting', start: '2025-07-01 10:00:00', end: '2025-07-01 11:00:00' });
    for (const term of [middle, bottom, tag]) await relate(t.wp, event, term.ttId);
    await t.wp.knex(t.wp.t.termmeta).insert({ term_id: middle.termId, meta_key: 'color', meta_value: 'red' });

    const res = await t.request.delete(`${CALENDAR_API}/categories/${middle.termId}`).set(admin());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: middle.termId,
      count: 1,
      description: '',
      name: 'Del Middle',
      slug: 'del-middle',
      taxonomy: CAT,
      parent: top.termId,
      meta: [],
      url: `${SITE_URL}/events/category/del-top/del-middle/`,
      urls: expect.objectContaining({ up: `${SITE_URL}${CALENDAR_API}/categories/${top.termId}` }),
    });
    expect(await rows(middle.termId)).toEqual({ term: undefined, taxonomy: [] });
    expect(await t.wp.knex(t.wp.t.term_relationships).where('term_taxonomy_id', middle.ttId)).toEqual([]);
    expect(await t.wp.knex(t.wp.t.termmeta).where('term_id', middle.termId)).toEqual([]);
    expect((await rows(bottom.termId)).taxonomy[0]).toMatchObject({ parent: top.termId, count: 1 });
    expect((await rows(tag.termId)).taxonomy[0]).toMatchObject({ count: 1 });
    const read = await t.request.get(`${CALENDAR_API}/events/${event}`);
    expect(read.body.categories.map((c: { name: string }) => c.name)).toEqual(['Del Bottom']);
    expect((await t.request.get(`${CALENDAR_API}/categories/${middle.termId}`)).status).toBe(400);
    expect((await t.request.delete(`${CALENDAR_API}/categories/${middle.termId}`).set(admin())).body.data.params).toEqual({ id: 'Invalid parameter.' });
  });

  it('removes a tag from events and posts, and keeps a terms row another taxonomy still shares', async () => {
    const [termId] = await t.wp.knex(t.wp.t.terms).insert({ name: 'Shared Row', slug: 'shared-row', term_group: 0 });
    const [tagTt] = await t.wp.knex(t.wp.t.term_taxonomy).insert({ term_id: termId, taxonomy: TAG, description: '', parent: 0, count: 1 });
    const [catTt] = await t.wp.knex(t.wp.t.term_taxonomy).insert({ term_id: termId, taxonomy: 'category', description: '', parent: 0, count: 0 });
    const event = await seedEvent(t.wp, { post_title: 'Tagged', start: '2025-07-01 10:00:00', end: '2025-07-01 11:00:00' });
    await relate(t.wp, event, Number(tagTt));
    const res = await t.request.delete(`${CALENDAR_API}/tags/${termId}`).set(admin());
    expect(res.body).toMatchObject({ id: Number(termId), name: 'Shared Row', taxonomy: TAG });
    expect(res.body.parent).toBeUndefined();
    expect(res.body._links).toBeUndefined();
    expect((await rows(Number(termId))).term).toMatchObject({ name: 'Shared Row' });
    expect((await rows(Number(termId))).taxonomy).toEqual([expect.objectContaining({ term_taxonomy_id: Number(catTt), taxonomy: 'category' })]);
    expect(await t.wp.knex(t.wp.t.term_relationships).where('object_id', event)).toEqual([]);
  });
});

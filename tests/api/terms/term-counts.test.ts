import { relate, seedPost, seedTerm } from '../../support/rows';
import { useCallers, useTestApp } from '../../support/test-app';
import { CAT, TAG } from './fixture';
import { CALENDAR_API } from '../../support/rest-paths';

/**
 * term_taxonomy.count through event writes (_update_post_term_count()): a category counts published events, a tag
 * counts published events and posts; counts follow creates, term changes, status changes, trashing and term deletes,
 * and the term routes, hide_empty and the embedded terms all read them.
 */

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
const callers = useCallers(t);

const auth = () => ({ Authorization: callers.administrator.authorization });
const stored = async (termId: number): Promise<number> => Number((await t.wp.knex(t.wp.t.term_taxonomy).where('term_id', termId).first()).count);
const counted = async (base: string, termId: number): Promise<number> => (await t.request.get(`${CALENDAR_API}/${base}/${termId}`)).body.count;

async function createEvent(body: Record<string, unknown>): Promise<number> {
  const res = await t.request
    .post(`${CALENDAR_API}/events`)
    .set(auth())
    .send({ title: 'Counted', start_date: '2025-07-01 10:00:00', end_date: '2025-07-01 12:00:00', ...body });
  expect(res.status).toBe(201);
  return res.body.id;
}

it('counts published events only, through creates, status changes and trashing', async () => {
  const music = await seedTerm(t.wp, CAT, 'Counted Music');
  const first = await createEvent({ categories: [music.termId] });
  expect(await stored(music.termId)).toBe(1);
  const draft = await createEvent({ categories: [music.termId], status: 'draft' });
  const scheduled = await createEvent({ categories: [music.termId], date: '2026-01-01 10:00:00' });
  expect((await t.request.get(`${CALENDAR_API}/events/${scheduled}`).set(auth())).body.status).toBe('future');
  expect(await stored(music.termId)).toBe(1);

  await t.request.post(`${CALENDAR_API}/events/${draft}`).set(auth()).send({ status: 'publish' });
  expect(await counted('categories', music.termId)).toBe(2);
  await t.request.post(`${CALENDAR_API}/events/${first}`).set(auth()).send({ status: 'draft' });
  expect(await stored(music.termId)).toBe(1);
  await t.request.delete(`${CALENDAR_API}/events/${draft}`).set(auth());
  expect(await stored(music.termId)).toBe(0);
  // The relationships stay on trashed and draft events; only the count moves.
  expect(await t.wp.knex(t.wp.t.term_relationships).where('term_taxonomy_id', music.ttId)).toHaveLength(3);
  expect((await t.request.get(`${CALENDAR_API}/categories?include=${music.termId}`)).body.categories).toEqual([]);
  expect((await t.request.get(`${CALENDAR_API}/categories?include=${music.termId}&hide_empty=0`)).body.categories).toHaveLength(1);
});

it('moves counts when an event changes categories and tags, and creates new terms by name', async () => {
  const a = await seedTerm(t.wp, CAT, 'Swap A');
  const b = await seedTerm(t.wp, CAT, 'Swap B');
  const event = await createEvent({ categories: [a.termId], tags: ['Brand New Tag'] });
  const tag = await t.wp.knex(t.wp.t.terms).where('name', 'Brand New Tag').first();
  expect(await stored(a.termId)).toBe(1);
  expect(await counted('tags', tag.term_id)).toBe(1);

  await t.request.post(`${CALENDAR_API}/events/${event}`).set(auth()).send({ categories: [b.termId], tags: [] });
  expect([await stored(a.termId), await stored(b.termId), await stored(tag.term_id)]).toEqual([0, 1, 0]);
  const embedded = (await t.request.get(`${CALENDAR_API}/events/${event}`)).body;
  expect(embedded.categories.map((c: { id: number; count: number }) => [c.id, c.count])).toEqual([[b.termId, 1]]);
  expect(embedded.tags).toEqual([]);
});

it('counts WordPress posts in tag counts, and not in category counts', async () => {
  const tag = await seedTerm(t.wp, TAG, 'Shared Tag', { count: 1 });
  const post = await seedPost(t.wp, { post_type: 'post', post_title: 'Blog post', post_name: 'blog-post' });
  await relate(t.wp, post, tag.ttId);
  const unpublished = await seedPost(t.wp, { post_type: 'post', post_title: 'Unpublished', post_status: 'draft' });
  await relate(t.wp, unpublished, tag.ttId);
  await createEvent({ tags: [tag.termId] });
  expect(await counted('tags', tag.termId)).toBe(2);

  const category = await seedTerm(t.wp, CAT, 'Not For Posts');
  await relate(t.wp, post, category.ttId);
  await createEvent({ categories: [category.termId] });
  expect(await stored(category.termId)).toBe(1);
});

it('keeps the counts of other terms when a term is deleted', async () => {
  const keep = await seedTerm(t.wp, CAT, 'Keep Me');
  const drop = await seedTerm(t.wp, CAT, 'Drop Me');
  const tag = await seedTerm(t.wp, TAG, 'Keep Tag');
  const event = await createEvent({ categories: [keep.termId, drop.termId], tags: [tag.termId] });
  expect([await stored(keep.termId), await stored(drop.termId), await stored(tag.termId)]).toEqual([1, 1, 1]);
  await t.request.delete(`${CALENDAR_API}/categories/${drop.termId}`).set(auth());
  expect([await stored(keep.termId), await stored(tag.termId)]).toEqual([1, 1]);
  expect((await t.request.get(`${CALENDAR_API}/events/${event}`)).body.categories.map((c: { name: string }) => c.name)).toEqual(['Keep Me']);
  // Writing the event again recounts what it has; nothing refers to the deleted term any more.
  await t.request.post(`${CALENDAR_API}/events/${event}`).set(auth()).send({ categories: [keep.termId] });
  expect(await stored(keep.termId)).toBe(1);
});

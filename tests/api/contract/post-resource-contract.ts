import { seedPost } from '../../support/rows';
import { CALENDAR_API, TRIBE_API } from '../../support/rest-paths';
import { useCallers, useTestApp, type TestApp } from '../../support/test-app';

/**
 * The contract every post-type resource honours (events, venues, organizers), in the spirit of WordPress's
 * shared REST controller test case: the same tests, configured per resource, run unchanged for all three.
 */

export interface PostResourceContract {
  base: 'events' | 'venues' | 'organizers';
  postType: string;
  /** The response key holding the post title. */
  nameKey: 'title' | 'venue' | 'organizer';
  /** A valid create body naming the item `name`. */
  createBody(name: string): Record<string, unknown>;
  /** Writes a post of this type directly, as WordPress would (meta included). */
  seed(t: TestApp, fields: { title: string; slug: string; status?: string; author?: number }): Promise<number>;
  requiredOnCreate: string[];
  /** How an id that is not an item of this resource is answered. */
  unknownId: { status: number; code: string };
  inTrash: string;
  notAccessible: string;
}

export function describePostResourceContract(c: PostResourceContract): void {
  describe(`${c.base}: post-type resource contract`, () => {
    const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
    const callers = useCallers(t);
    const url = (path = '') => `${TRIBE_API}/${c.base}${path}`;

    it('reads an item by id and by slug, on both namespaces', async () => {
      const id = await c.seed(t, { title: 'Contract Item', slug: 'contract-item' });
      const byId = await t.request.get(url(`/${id}`));
      expect(byId.status).toBe(200);
      expect(byId.body).toMatchObject({ id, [c.nameKey]: 'Contract Item', slug: 'contract-item' });
      const bySlug = await t.request.get(url('/by-slug/contract-item'));
      expect(bySlug.body).toEqual(byId.body);
      const primary = await t.request.get(`${CALENDAR_API}/${c.base}/${id}`);
      expect(primary.body.id).toBe(id);
    });

    it('answers an unknown id as the plugin does', async () => {
      const res = await t.request.get(url('/987654'));
      expect(res.status).toBe(c.unknownId.status);
      expect(res.body.code).toBe(c.unknownId.code);
    });

    it('hides a draft from anonymous callers', async () => {
      const id = await c.seed(t, { title: 'Hidden Draft', slug: 'hidden-draft', status: 'draft' });
      const res = await t.request.get(url(`/${id}`));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(c.notAccessible);
      expect((await t.request.get(url(`/${id}`)).set('Authorization', callers.editor.authorization)).status).toBe(200);
    });

    it('creates an item: 201, the object, and a post row of the type', async () => {
      const res = await t.request.post(url()).set('Authorization', callers.editor.authorization).send(c.createBody('Created Item'));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ [c.nameKey]: 'Created Item', status: 'publish', author: String(callers.editor.id) });
      const row = await t.wp.knex(t.wp.t.posts).where('ID', res.body.id).first();
      expect(row).toMatchObject({ post_type: c.postType, post_title: 'Created Item', post_status: 'publish', post_author: callers.editor.id });
    });

    it('lists the missing required parameters of a create', async () => {
      const res = await t.request.post(url()).set('Authorization', callers.editor.authorization).send({});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'rest_missing_callback_param', message: `Missing parameter(s): ${c.requiredOnCreate.join(', ')}`, data: { status: 400, params: c.requiredOnCreate } });
    });

    it.each(['post', 'put', 'patch'] as const)('updates with %s', async (method) => {
      const id = await c.seed(t, { title: `Before ${method}`, slug: `before-${method}` });
      const body = c.createBody(`After ${method}`);
      const res = await t.request[method](url(`/${id}`)).set('Authorization', callers.editor.authorization).send(body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, [c.nameKey]: `After ${method}` });
      expect((await t.wp.knex(t.wp.t.posts).where('ID', id).first()).post_title).toBe(`After ${method}`);
    });

    it('trashes an item, then answers 410', async () => {
      const id = await c.seed(t, { title: 'Trash Me', slug: 'trash-me' });
      const res = await t.request.delete(url(`/${id}`)).set('Authorization', callers.editor.authorization);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, status: 'trash' });
      expect((await t.wp.knex(t.wp.t.posts).where('ID', id).first()).post_status).toBe('trash');
      const again = await t.request.delete(url(`/${id}`)).set('Authorization', callers.editor.authorization);
      expect(again.status).toBe(410);
      expect(again.body.code).toBe(c.inTrash);
    });

    it('validates before it checks permissions, then refuses anonymous (401) and subscriber (403) writes', async () => {
      const id = await c.seed(t, { title: 'Guarded', slug: 'guarded' });
      expect((await t.request.post(url()).send({ status: 'bogus' })).status).toBe(400);
      expect((await t.request.post(url()).send(c.createBody('Anon'))).status).toBe(401);
      expect((await t.request.post(url(`/${id}`)).send(c.createBody('Anon'))).status).toBe(401);
      expect((await t.request.delete(url(`/${id}`))).status).toBe(401);
      for (const req of [t.request.post(url()).send(c.createBody('Sub')), t.request.post(url(`/${id}`)).send(c.createBody('Sub')), t.request.delete(url(`/${id}`))]) {
        const res = await req.set('Authorization', callers.subscriber.authorization);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('rest_forbidden');
      }
    });

    it('scales a contributor\'s publish down to pending, and refuses an author editing others\' published items', async () => {
      const created = await t.request.post(url()).set('Authorization', callers.contributor.authorization).send({ ...c.createBody('By Contributor'), status: 'publish' });
      expect(created.status).toBe(201);
      expect(created.body.status).toBe('pending');
      const others = await c.seed(t, { title: 'Not Yours', slug: 'not-yours', author: callers.administrator.id });
      expect((await t.request.post(url(`/${others}`)).set('Authorization', callers.author.authorization).send(c.createBody('Mine now'))).status).toBe(403);
      const own = await c.seed(t, { title: 'Yours', slug: 'yours', author: callers.author.id });
      expect((await t.request.post(url(`/${own}`)).set('Authorization', callers.author.authorization).send(c.createBody('Still yours'))).status).toBe(200);
    });

    it('does not route non-numeric ids', async () => {
      expect((await t.request.get(url('/abc'))).body.code).toBe('rest_no_route');
    });
  });
}

export async function seedLinkedPost(t: TestApp, postType: string, fields: { title: string; slug: string; status?: string; author?: number }): Promise<number> {
  return seedPost(t.wp, { post_type: postType, post_title: fields.title, post_name: fields.slug, post_status: fields.status, post_author: fields.author });
}

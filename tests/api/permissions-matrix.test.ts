import { seedEvent, seedPost, seedTerm } from '../support/rows';
import { useCallers, useTestApp, type TestApp } from '../support/test-app';
import { TRIBE_API } from '../support/rest-paths';

/**
 * Who may do what, over HTTP, on all five resources, as the plugin's endpoints check it (get, can_create, can_edit,
 * can_delete with WordPress's default role grants): one row per role, one column per operation.
 */

type Who = 'editor' | 'author' | 'contributor' | 'subscriber' | 'anonymous';
type Op =
  | 'create'
  | 'edit own draft'
  | 'edit own published'
  | 'edit others published'
  | 'delete own draft'
  | 'delete others published';

const POST_MATRIX: Record<Who, Record<Op, boolean>> = {
  editor: { create: true, 'edit own draft': true, 'edit own published': true, 'edit others published': true, 'delete own draft': true, 'delete others published': true },
  author: { create: true, 'edit own draft': true, 'edit own published': true, 'edit others published': false, 'delete own draft': true, 'delete others published': false },
  contributor: { create: true, 'edit own draft': true, 'edit own published': false, 'edit others published': false, 'delete own draft': true, 'delete others published': false },
  subscriber: { create: false, 'edit own draft': false, 'edit own published': false, 'edit others published': false, 'delete own draft': false, 'delete others published': false },
  anonymous: { create: false, 'edit own draft': false, 'edit own published': false, 'edit others published': false, 'delete own draft': false, 'delete others published': false },
};

/** Term writes: categories need edit + publish of events; tags need edit_tribe_events and manage_categories. */
const TERM_MATRIX: Record<'categories' | 'tags', Record<Who, boolean>> = {
  categories: { editor: true, author: true, contributor: false, subscriber: false, anonymous: false },
  tags: { editor: true, author: false, contributor: false, subscriber: false, anonymous: false },
};

const WHO: Who[] = ['editor', 'author', 'contributor', 'subscriber', 'anonymous'];

const POST_RESOURCES = [
  { base: 'events', create: (n: string) => ({ title: n, start_date: '2025-07-01 10:00', end_date: '2025-07-01 11:00' }), seed: (t: TestApp, author: number, status: string) => seedEvent(t.wp, { post_title: `E ${Math.random()}`, post_author: author, post_status: status, start: '2025-07-01 10:00:00', end: '2025-07-01 11:00:00' }) },
  { base: 'venues', create: (n: string) => ({ venue: n }), seed: (t: TestApp, author: number, status: string) => seedPost(t.wp, { post_type: 'tribe_venue', post_title: `V ${Math.random()}`, post_author: author, post_status: status }) },
  { base: 'organizers', create: (n: string) => ({ organizer: n }), seed: (t: TestApp, author: number, status: string) => seedPost(t.wp, { post_type: 'tribe_organizer', post_title: `O ${Math.random()}`, post_author: author, post_status: status }) },
] as const;

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
const callers = useCallers(t);

function request(method: 'post' | 'delete', path: string, who: Who, body: Record<string, unknown> = {}) {
  const req = t.request[method](`${TRIBE_API}${path}`).send(body);
  return who === 'anonymous' ? req : req.set('Authorization', callers[who].authorization);
}

const denied = (who: Who) => (who === 'anonymous' ? 401 : 403);

describe.each(POST_RESOURCES)('/$base', (resource) => {
  it.each(WHO)('%s', async (who) => {
    const expected = POST_MATRIX[who];
    const self = who === 'anonymous' ? 0 : callers[who].id;
    const other = callers.administrator.id;
    const outcomes: Record<Op, boolean> = {} as Record<Op, boolean>;

    const created = await request('post', `/${resource.base}`, who, resource.create(`By ${who}`));
    outcomes.create = created.status === 201;
    if (!outcomes.create) expect(created.status).toBe(denied(who));

    const attempts: Array<[Op, 'post' | 'delete', number, string]> = [
      ['edit own draft', 'post', self, 'draft'],
      ['edit own published', 'post', self, 'publish'],
      ['edit others published', 'post', other, 'publish'],
      ['delete own draft', 'delete', self, 'draft'],
      ['delete others published', 'delete', other, 'publish'],
    ];
    for (const [op, method, author, status] of attempts) {
      const id = await resource.seed(t, author, status);
      // Sending the status keeps a permitted edit from publishing the draft as a side effect.
      const res = await request(method, `/${resource.base}/${id}`, who, method === 'post' ? { ...resource.create(`Edited by ${who}`), status } : {});
      outcomes[op] = res.status === 200;
      if (!outcomes[op]) expect({ op, status: res.status, code: res.body.code }).toEqual({ op, status: denied(who), code: 'rest_forbidden' });
    }
    expect(outcomes).toEqual(expected);
  });
});

describe.each(['categories', 'tags'] as const)('/%s', (base) => {
  it.each(WHO)('%s', async (who) => {
    const taxonomy = base === 'categories' ? 'tribe_events_cat' : 'post_tag';
    const allowed = TERM_MATRIX[base][who];
    const term = await seedTerm(t.wp, taxonomy, `Term ${who} ${base}`);
    const results = [
      await request('post', `/${base}`, who, { name: `New ${who} ${base}` }),
      await request('post', `/${base}/${term.termId}`, who, { description: 'changed' }),
      await request('delete', `/${base}/${term.termId}`, who),
    ];
    expect(results.map((r) => r.status)).toEqual(allowed ? [201, 200, 200] : [denied(who), denied(who), denied(who)]);
    // Everybody reads.
    expect((await t.request.get(`${TRIBE_API}/${base}?hide_empty=0`)).status).toBe(200);
  });
});

import { seedTerm } from '../support/rows';
import { useCallers, useTestApp } from '../support/test-app';
import { TRIBE_API } from '../support/rest-paths';

/**
 * Who may write terms, over HTTP, as the plugin's endpoints check it (can_create, can_edit, can_delete with
 * WordPress's default role grants): one row per role. The posts' matrix runs through all three APIs in
 * permissions-three-apis.test.ts.
 */

type Who = 'editor' | 'author' | 'contributor' | 'subscriber' | 'anonymous';

/** Term writes: categories need edit + publish of events; tags need edit_tribe_events and manage_categories. */
const TERM_MATRIX: Record<'categories' | 'tags', Record<Who, boolean>> = {
  categories: { editor: true, author: true, contributor: false, subscriber: false, anonymous: false },
  tags: { editor: true, author: false, contributor: false, subscriber: false, anonymous: false },
};

const WHO: Who[] = ['editor', 'author', 'contributor', 'subscriber', 'anonymous'];

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
const callers = useCallers(t);

function request(method: 'post' | 'delete', path: string, who: Who, body: Record<string, unknown> = {}) {
  const req = t.request[method](`${TRIBE_API}${path}`).send(body);
  return who === 'anonymous' ? req : req.set('Authorization', callers[who].authorization);
}

const denied = (who: Who) => (who === 'anonymous' ? 401 : 403);

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

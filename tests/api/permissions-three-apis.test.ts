import { ACKNOWLEDGEMENT_HEADER, TEC_ACKNOWLEDGEMENT } from '../../src/calendar/tec/acknowledgement';
import { seedEvent, seedPost } from '../support/rows';
import { useCallers, useTestApp, type TestApp } from '../support/test-app';
import { TRIBE_API } from '../support/rest-paths';

/**
 * One permission model: a role's rights on the calendar's posts are the same through the three APIs. The role matrix
 * (WordPress's default role grants under map_meta_cap) runs over tribe/events/v1, tec/v1 and wp/v2 for events,
 * venues and organizers: create, edit and delete, one's own and another's, drafts and published posts.
 */

type Who = 'editor' | 'author' | 'contributor' | 'subscriber' | 'anonymous';
type Op = 'create' | 'edit own draft' | 'edit own published' | 'edit others published' | 'delete own draft' | 'delete others published';

const MATRIX: Record<Who, Op[]> = {
  editor: ['create', 'edit own draft', 'edit own published', 'edit others published', 'delete own draft', 'delete others published'],
  author: ['create', 'edit own draft', 'edit own published', 'delete own draft'],
  contributor: ['create', 'edit own draft', 'delete own draft'],
  subscriber: [],
  anonymous: [],
};
const WHO = Object.keys(MATRIX) as Who[];

interface Api {
  name: string;
  path(type: Resource, id?: number): string;
  body(type: Resource, title: string, status?: string): Record<string, unknown>;
  edit: 'post' | 'put';
  headers?: Record<string, string>;
  /** The code of every refusal, where the API has one code for them all. */
  refusedCode?: string;
}

type Resource = 'events' | 'venues' | 'organizers';
const REST_BASE: Record<Resource, string> = { events: 'tribe_events', venues: 'tribe_venue', organizers: 'tribe_organizer' };
const dates = { start_date: '2025-07-01 10:00:00', end_date: '2025-07-01 11:00:00' };

const APIS: Api[] = [
  {
    name: 'tribe/events/v1',
    path: (type, id) => `${TRIBE_API}/${type}${id ? `/${id}` : ''}`,
    body: (type, title, status) => ({ ...(type === 'events' ? { title, ...dates } : { [type.slice(0, -1)]: title }), ...(status ? { status } : {}) }),
    edit: 'post',
    refusedCode: 'rest_forbidden',
  },
  {
    name: 'tec/v1',
    path: (type, id) => `/wp-json/tec/v1/${type}${id ? `/${id}` : ''}`,
    body: (type, title, status) => ({ title, ...(type === 'events' ? dates : {}), ...(status ? { status } : {}) }),
    edit: 'put',
    headers: { [ACKNOWLEDGEMENT_HEADER]: TEC_ACKNOWLEDGEMENT },
  },
  {
    name: 'wp/v2',
    path: (type, id) => `/wp-json/wp/v2/${REST_BASE[type]}${id ? `/${id}` : ''}`,
    body: (_type, title, status) => ({ title, ...(status ? { status } : {}) }),
    edit: 'post',
  },
];

const t = useTestApp({ clock: () => new Date('2025-06-01T12:00:00Z') });
const callers = useCallers(t);

const seed = (app: TestApp, type: Resource, author: number, status: string) =>
  type === 'events'
    ? seedEvent(app.wp, { post_title: `E ${Math.random()}`, post_author: author, post_status: status, start: '2025-07-01 10:00:00', end: '2025-07-01 11:00:00' })
    : seedPost(app.wp, { post_type: REST_BASE[type], post_title: `P ${Math.random()}`, post_author: author, post_status: status });

function send(api: Api, method: 'post' | 'put' | 'delete', path: string, who: Who, body?: Record<string, unknown>) {
  let req = t.request[method](path).set(api.headers ?? {});
  if (body) req = req.send(body);
  return who === 'anonymous' ? req : req.set('Authorization', callers[who].authorization);
}

describe.each(APIS)('$name', (api) => {
  describe.each(['events', 'venues', 'organizers'] as const)('%s', (type) => {
    it.each(WHO)('%s', async (who) => {
      const self = who === 'anonymous' ? 0 : callers[who].id;
      const other = callers.administrator.id;
      const allowed: Op[] = [];
      const refusal = (res: { status: number; body: { code?: string } }) =>
        expect([res.status, api.refusedCode ? res.body.code : undefined]).toEqual([who === 'anonymous' ? 401 : 403, api.refusedCode]);
      const created = await send(api, 'post', api.path(type), who, api.body(type, `By ${who}`));
      if (created.status === 201) allowed.push('create');
      else refusal(created);
      const attempts: Array<[Op, 'edit' | 'delete', number, string]> = [
        ['edit own draft', 'edit', self, 'draft'],
        ['edit own published', 'edit', self, 'publish'],
        ['edit others published', 'edit', other, 'publish'],
        ['delete own draft', 'delete', self, 'draft'],
        ['delete others published', 'delete', other, 'publish'],
      ];
      for (const [op, action, author, status] of attempts) {
        const id = await seed(t, type, author, status);
        // Sending the status keeps a permitted edit from publishing the draft as a side effect.
        const res = action === 'edit' ? await send(api, api.edit, api.path(type, id), who, api.body(type, `Edited by ${who}`, status)) : await send(api, 'delete', api.path(type, id), who);
        if (res.status === 200) allowed.push(op);
        else refusal(res);
      }
      expect(allowed).toEqual(MATRIX[who]);
    });
  });
});

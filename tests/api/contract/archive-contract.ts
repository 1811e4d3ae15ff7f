import { getOption, updateOption } from '../../../src/wp/options';
import { CALENDAR_API, TRIBE_API } from '../../support/rest-paths';
import { SITE_URL, useCallers, useTestApp, type TestApp } from '../../support/test-app';

/**
 * What the three post-type archives (/events, /venues, /organizers) share, run unchanged for each: the envelope
 * and its keys, X-TEC-* headers, the plugin's URLs on first, middle, last and past-the-end pages, page size
 * rules, parameter coercion and errors, status visibility for anonymous and authenticated callers, and masking
 * of password-protected items.
 */

export interface SeedOptions {
  status?: string;
  password?: string;
  title?: string;
  content?: string;
}

export interface ArchiveContract {
  base: 'events' | 'venues' | 'organizers';
  notFound: { code: string; message: string };
  /** Writes the n-th item straight into the tables; a higher n sorts later in the archive. */
  seed(t: TestApp, n: number, options?: SeedOptions): Promise<number>;
  /** The key of the object holding the (masked) name. */
  nameKey: 'title' | 'venue' | 'organizer';
  /** What the name reads as when the item is password-protected and masked. */
  maskedName: unknown;
}

export const CLOCK = () => new Date('2025-06-01T12:00:00Z');

export function describeArchiveContract(c: ArchiveContract): void {
  describe(`GET /${c.base}: archive contract`, () => {
    const t = useTestApp({ clock: CLOCK });
    const callers = useCallers(t);
    const root = `${SITE_URL}${TRIBE_API}/`;
    const url = (query = '') => `${TRIBE_API}/${c.base}${query}`;
    const ids = (res: { body: Record<string, Array<{ id: number }>> }) => res.body[c.base]!.map((item) => item.id);
    const seeded: number[] = [];

    it('answers an empty first page with 200, no items, zero totals and no neighbour links', async () => {
      const res = await t.request.get(url());
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual([c.base, 'rest_url', 'total', 'total_pages']);
      expect(res.body).toMatchObject({ [c.base]: [], total: 0, total_pages: 0 });
      expect(res.headers['x-tec-total']).toBe('0');
      expect(res.headers['x-tec-totalpages']).toBe('0');
      expect(res.headers['x-wp-total']).toBeUndefined();
    });

    it('answers a page after an empty first page with 404', async () => {
      const res = await t.request.get(url('?page=2'));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: c.notFound.code, message: c.notFound.message, data: { status: 404 } });
    });

    /** next/previous are built with add_query_arg(): the raw rest_url's values urlencoded, as the plugin answers. */
    const encoded = (raw: string) => raw.replace(/ /g, '+').replace(/:(?=\d)/g, '%3A').replace(/,/g, '%2C');

    describe('paging through seven items three at a time', () => {
      beforeAll(async () => {
        for (let n = 1; n <= 7; n++) seeded.push(await c.seed(t, n));
      });

      it('first page: three items, rest_url with page first, next_rest_url with page last, no previous', async () => {
        const res = await t.request.get(url('?per_page=3'));
        expect(res.status).toBe(200);
        expect(Object.keys(res.body)).toEqual([c.base, 'rest_url', 'next_rest_url', 'total', 'total_pages']);
        expect(ids(res)).toEqual(seeded.slice(0, 3));
        expect(res.body.total).toBe(7);
        expect(res.body.total_pages).toBe(3);
        expect(res.headers['x-tec-total']).toBe('7');
        expect(res.headers['x-tec-totalpages']).toBe('3');
        expect(res.body.rest_url).toMatch(new RegExp(`^${root}${c.base}/\\?page=1&per_page=3&`));
        expect(res.body.next_rest_url).toBe(encoded(`${res.body.rest_url.replace('page=1&', '')}&page=2`));
      });

      it('middle page: previous_rest_url drops page for page one', async () => {
        const res = await t.request.get(url('?per_page=3&page=2'));
        expect(Object.keys(res.body)).toEqual([c.base, 'rest_url', 'next_rest_url', 'previous_rest_url', 'total', 'total_pages']);
        expect(ids(res)).toEqual(seeded.slice(3, 6));
        const withoutPage = res.body.rest_url.replace('page=2&', '');
        expect(res.body.rest_url).toMatch(/\?page=2&per_page=3&/);
        expect(res.body.next_rest_url).toBe(encoded(`${withoutPage}&page=3`));
        expect(res.body.previous_rest_url).toBe(encoded(withoutPage));
      });

      it('last page: the remainder, a previous link with its page, no next', async () => {
        const res = await t.request.get(url('?per_page=3&page=3'));
        expect(Object.keys(res.body)).toEqual([c.base, 'rest_url', 'previous_rest_url', 'total', 'total_pages']);
        expect(ids(res)).toEqual(seeded.slice(6));
        expect(res.body.previous_rest_url).toBe(encoded(`${res.body.rest_url.replace('page=3&', '')}&page=2`));
      });

      it('past the last page: 404 with the archive code', async () => {
        for (const page of [4, 50]) {
          const res = await t.request.get(url(`?per_page=3&page=${page}`));
          expect(res.status).toBe(404);
          expect(res.body.code).toBe(c.notFound.code);
        }
      });

      it('builds the URLs under the namespace the request came in on, and in the plain-permalink form', async () => {
        const primary = await t.request.get(`${CALENDAR_API}/${c.base}?per_page=3`);
        expect(primary.body.rest_url).toMatch(new RegExp(`^http://calendar.test/wp-json/calendar/events/v1/${c.base}/\\?page=1&`));
        await updateOption(t.wp, 'permalink_structure', '');
        try {
          const plain = await t.request.get(`/?rest_route=/tribe/events/v1/${c.base}&per_page=3`);
          expect(plain.body.rest_url).toMatch(new RegExp(`^http://calendar.test/index.php\\?rest_route=/tribe/events/v1/${c.base}/&page=1&per_page=3&`));
          expect(plain.body.next_rest_url).toMatch(/&page=2$/);
        } finally {
          await updateOption(t.wp, 'permalink_structure', '/%postname%/');
        }
      });

      it('takes its default page size from the site as the plugin reads it, and caps per_page at 50', async () => {
        const stored = await getOption(t.wp, 'tribe_events_calendar_options');
        const perPageOf = async (tec: unknown, wpOption: string) => {
          await updateOption(t.wp, 'tribe_events_calendar_options', tec);
          await updateOption(t.wp, 'posts_per_page', wpOption);
          const res = await t.request.get(url());
          return res.status === 200 ? /[?&]per_page=(\d+)/.exec(res.body.rest_url)?.[1] : res.body;
        };
        try {
          // A database the service creates stores 24 in TEC's setting.
          expect(stored).toEqual({ posts_per_page: '24' });
          expect(ids(await t.request.get(url()))).toEqual(seeded);
          expect(await perPageOf(stored, '10')).toBe('24');
          // TEC's setting first, then WordPress's option (TEC's `postsPerPage` is not read), then 20.
          expect(await perPageOf({ posts_per_page: '3', postsPerPage: '4' }, '2')).toBe('3');
          expect(await perPageOf({ postsPerPage: '4' }, '2')).toBe('2');
          expect(await perPageOf({ posts_per_page: '' }, '2')).toBe('20');
          expect(await perPageOf({}, '')).toBe('20');
          expect(await perPageOf({ posts_per_page: '100' }, '2')).toBe('50');
          // A default that is no positive integer is refused as a sent one would be; a sent value still counts.
          expect(await perPageOf({ posts_per_page: 'abc' }, '2')).toMatchObject({ code: 'rest_invalid_param', data: { params: { per_page: 'Invalid parameter.' } } });
          expect((await t.request.get(url('?per_page=3'))).status).toBe(200);
          const capped = await t.request.get(url('?per_page=500'));
          expect(capped.status).toBe(200);
          expect(capped.body.rest_url).toMatch(/\?page=1&per_page=50(&|$)/);
        } finally {
          await updateOption(t.wp, 'posts_per_page', '10');
          await updateOption(t.wp, 'tribe_events_calendar_options', stored);
        }
      });

      it.each([['page', '2', 'per_page=3&page=2'], ['page', '2.0', 'per_page=3&page=2.0'], ['per_page', '3', 'per_page=3'], ['per_page', ' 3', 'per_page=%203']])(
        'coerces %s=%j as WordPress does',
        async (_name, _value, query) => {
          const res = await t.request.get(url(`?${query}`));
          expect(res.status).toBe(200);
          expect(res.body[c.base]).toHaveLength(3);
        },
      );

      it.each([
        ['page', '0'], ['page', '-1'], ['page', '1.5'], ['page', 'abc'], ['page', ''],
        ['per_page', '0'], ['per_page', '-5'], ['per_page', 'ten'], ['search', ''],
      ])('refuses %s=%j with rest_invalid_param naming it', async (name, value) => {
        const res = await t.request.get(url(`?${name}=${encodeURIComponent(value)}`));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'rest_invalid_param', message: `Invalid parameter(s): ${name}`, data: { status: 400, params: { [name]: 'Invalid parameter.' } } });
      });
    });

    describe('statuses', () => {
      const extra: Record<string, number> = {};
      beforeAll(async () => {
        for (const [n, status] of [[20, 'draft'], [21, 'pending'], [22, 'private'], [23, 'trash'], [24, 'future'], [25, 'auto-draft']] as const) {
          extra[status] = await c.seed(t, n, { status });
        }
      });

      it('shows anonymous callers published items only; rest_url says status=publish', async () => {
        const res = await t.request.get(url());
        expect(ids(res)).toEqual(seeded);
        expect(res.body.rest_url).toMatch(/&status=publish(&|$)/);
        expect((await t.request.get(url('?status=publish'))).status).toBe(200);
      });

      it.each(['draft', 'publish,draft', 'any', 'trash'])('refuses status=%j from anonymous callers and subscribers', async (status) => {
        for (const auth of [undefined, callers.subscriber.authorization]) {
          const req = t.request.get(url(`?status=${status}`));
          const res = await (auth ? req.set('Authorization', auth) : req);
          expect(res.status).toBe(400);
          expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { status: 'Invalid parameter.' } } });
        }
      });

      it('shows editors every status but trash and auto-draft by default; rest_url says status=any', async () => {
        const res = await t.request.get(url()).set('Authorization', callers.editor.authorization);
        expect(res.status).toBe(200);
        expect(new Set(ids(res))).toEqual(new Set([...seeded, extra.draft, extra.pending, extra.private, extra.future]));
        expect(res.body.rest_url).toMatch(/&status=any(&|$)/);
      });

      it('lists the statuses an editor asks for, as a CSV string or a list', async () => {
        const csv = await t.request.get(url('?status=draft, pending')).set('Authorization', callers.editor.authorization);
        expect(csv.status).toBe(200);
        expect(new Set(ids(csv))).toEqual(new Set([extra.draft, extra.pending]));
        expect(csv.body.rest_url).toMatch(/&status=draft,pending(&|$)/);
        const list = await t.request.get(url('?status[]=trash')).set('Authorization', callers.editor.authorization);
        expect(ids(list)).toEqual([extra.trash]);
      });

      it.each(['any', 'bogus', 'publish,bogus'])('refuses status=%j from editors too', async (status) => {
        const res = await t.request.get(url(`?status=${status}`)).set('Authorization', callers.editor.authorization);
        expect(res.status).toBe(400);
        expect(res.body.data.params).toEqual({ status: 'Invalid parameter.' });
      });
    });

    it('masks password-protected items unless the request carries the password', async () => {
      const id = await c.seed(t, 30, { password: 'open sesame', content: 'Secret words' });
      const masked = (await t.request.get(url())).body[c.base].find((item: { id: number }) => item.id === id);
      expect(masked).toBeDefined();
      expect(masked[c.nameKey]).toEqual(c.maskedName);
      expect(masked.description ?? '').toBe('');
      const open = (await t.request.get(url('?password=open%20sesame'))).body[c.base].find((item: { id: number }) => item.id === id);
      expect(open.description).toBe('<p>Secret words</p>');
    });
  });
}

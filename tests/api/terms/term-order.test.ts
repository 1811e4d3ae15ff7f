import { useTestApp } from '../../support/test-app';
import { names, seedTermFixture, type TermFixture } from './fixture';
import { CALENDAR_API } from '../../support/rest-paths';

/** The orderings of GET /categories and /tags (WP_Term_Query::parse_order / parse_orderby), on the shared fixture. */

const t = useTestApp();
let f: TermFixture;

beforeAll(async () => {
  f = await seedTermFixture(t.wp);
});

const get = (path: string) => t.request.get(`${CALENDAR_API}${path}`);

describe('order and orderby', () => {
  const listed = async (query: string) => names((await get(`/categories?hide_empty=0&${query}`)).body);

  it('orders by name ascending by default; order=asc in any case, anything else descending', async () => {
    const ascending = ['Art', 'Bebop', 'Empty', 'Hard Bop', 'Jazz', 'Music', 'zeta'];
    expect(await listed('')).toEqual(ascending);
    expect(await listed('order=ASC')).toEqual(ascending);
    expect(await listed('order=asc')).toEqual(ascending);
    expect(await listed('order=desc')).toEqual([...ascending].reverse());
    expect(await listed('order=sideways')).toEqual([...ascending].reverse());
    expect((await get('/categories?order=')).status).toBe(400);
  });

  it('orders by id, term_id, slug, count, parent, description and term_group', async () => {
    const byId = ['Art', 'Empty', 'zeta', 'Music', 'Jazz', 'Bebop', 'Hard Bop'];
    expect(await listed('orderby=id')).toEqual(byId);
    expect(await listed('orderby=term_id&order=desc')).toEqual([...byId].reverse());
    expect(await listed('orderby=ID')).toEqual(byId);
    expect(await listed('orderby=slug')).toEqual(['Art', 'Bebop', 'Empty', 'Hard Bop', 'Jazz', 'Music', 'zeta']);
    // Ties keep id order.
    expect(await listed('orderby=count&order=desc')).toEqual(['Art', 'zeta', 'Hard Bop', 'Empty', 'Music', 'Jazz', 'Bebop']);
    expect(await listed('orderby=parent')).toEqual(['Art', 'Empty', 'zeta', 'Music', 'Jazz', 'Bebop', 'Hard Bop']);
    expect((await listed('orderby=description&order=desc'))[0]).toBe('Art');
    expect(await listed('orderby=term_group')).toEqual(byId);
  });

  it('orders by the include list; include_slugs and unknown values fall back to the name', async () => {
    const { zeta, art, jazz } = f.cat;
    expect(await listed(`orderby=include&include=${zeta.termId},${art.termId},${jazz.termId}`)).toEqual(['zeta', 'Art', 'Jazz']);
    expect(await listed(`orderby=include&order=desc&include=${zeta.termId},${art.termId},${jazz.termId}`)).toEqual(['Jazz', 'Art', 'zeta']);
    expect(await listed('orderby=include_slugs&order=desc')).toEqual(['zeta', 'Music', 'Jazz', 'Hard Bop', 'Empty', 'Bebop', 'Art']);
    expect(await listed('orderby=meta_value')).toEqual(['Art', 'Bebop', 'Empty', 'Hard Bop', 'Jazz', 'Music', 'zeta']);
    expect((await get('/categories?orderby=')).status).toBe(400);
  });

  it('orderby=none lists in no particular order; term_order needs a post', async () => {
    expect((await listed('orderby=none')).sort()).toEqual(['Art', 'Bebop', 'Empty', 'Hard Bop', 'Jazz', 'Music', 'zeta']);
    // WordPress's query fails without the relationships table, and the list comes back empty.
    expect((await get('/categories?orderby=term_order')).body).toMatchObject({ total: 0, total_pages: 0, categories: [] });
    expect(names((await get(`/categories?orderby=term_order&post=${f.event}`)).body)).toEqual(['Art', 'Empty', 'Hard Bop']);
  });
});

import { embedLinks, embedTarget, parseEmbedParam } from '../../src/http/embed';

/**
 * `_embed` as WordPress resolves it (WP_REST_Server::embed_links(), rest_parse_embed_param(),
 * WP_REST_Request::from_url()): which relations, which links, what an empty answer or a non-embeddable link gives.
 * The recorded answers of the plugin's site are replayed in tests/api/wp-v2/post-reads.test.ts.
 */

const ROOT = 'http://site.test/wp-json/';

describe('parseEmbedParam', () => {
  it.each([[''], ['1'], ['true'], ['0'], [' , ']])('%j embeds every relation', (value) => {
    expect(parseEmbedParam(value)).toBe(true);
  });

  it('names relations by a comma list or an array', () => {
    expect(parseEmbedParam('author,wp:term')).toEqual(['author', 'wp:term']);
    expect(parseEmbedParam(['wp:featuredmedia'])).toEqual(['wp:featuredmedia']);
  });
});

describe('embedTarget', () => {
  it('reads the route and query of a link under the REST root', () => {
    expect(embedTarget(`${ROOT}wp/v2/tags?post=14`, ROOT)).toEqual({ route: '/wp/v2/tags', query: { post: '14' } });
    expect(embedTarget(`${ROOT}wp/v2/users/2`, ROOT)).toEqual({ route: '/wp/v2/users/2', query: {} });
  });

  it('reads ?rest_route= links, and nothing of another site', () => {
    expect(embedTarget('http://site.test/?rest_route=/wp/v2/media/5&context=view', ROOT)).toEqual({ route: '/wp/v2/media/5', query: { context: 'view' } });
    expect(embedTarget('http://elsewhere.test/wp-json/wp/v2/users/2', ROOT)).toBeUndefined();
  });
});

describe('embedLinks', () => {
  const item = (links: Record<string, unknown>) => ({ id: 1, _links: links });
  const answers: Record<string, unknown> = {
    [`${ROOT}wp/v2/users/2`]: { id: 2, name: 'admin' },
    [`${ROOT}wp/v2/tags?post=1`]: [],
    [`${ROOT}wp/v2/tribe_events_cat?post=1`]: [{ id: 3 }],
    [`${ROOT}wp/v2/users/9`]: { code: 'rest_user_cannot_view', message: 'Sorry, you are not allowed to list users.', data: { status: 401 } },
  };
  const resolved: string[] = [];
  const resolve = async (href: string) => {
    resolved.push(href);
    return answers[href];
  };

  beforeEach(() => {
    resolved.length = 0;
  });

  it('adds _embedded after _links, a list per embeddable relation, an error as its object', async () => {
    const data = item({ self: [{ href: `${ROOT}x` }], author: [{ embeddable: true, href: `${ROOT}wp/v2/users/9` }] });
    const out = (await embedLinks(data, true, resolve)) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['id', '_links', '_embedded']);
    expect(out._embedded).toEqual({ author: [answers[`${ROOT}wp/v2/users/9`]] });
  });

  it('keeps an empty answer in place beside a found one, and leaves out a relation that found nothing', async () => {
    const terms = [
      { taxonomy: 'post_tag', embeddable: true, href: `${ROOT}wp/v2/tags?post=1` },
      { taxonomy: 'tribe_events_cat', embeddable: true, href: `${ROOT}wp/v2/tribe_events_cat?post=1` },
    ];
    const out = (await embedLinks(item({ 'wp:term': terms }), true, resolve)) as Record<string, unknown>;
    expect(out._embedded).toEqual({ 'wp:term': [[], [{ id: 3 }]] });
    const none = (await embedLinks(item({ 'wp:term': [terms[0]] }), true, resolve)) as Record<string, unknown>;
    expect(none).not.toHaveProperty('_embedded');
  });

  it('resolves only the relations named, each href once per answer, and each item of a list', async () => {
    const links = { author: [{ embeddable: true, href: `${ROOT}wp/v2/users/2` }], 'wp:featuredmedia': [{ embeddable: true, href: `${ROOT}wp/v2/media/5` }] };
    const out = (await embedLinks([item(links), item(links)], ['author'], resolve)) as Array<Record<string, unknown>>;
    expect(out.map((o) => o._embedded)).toEqual([{ author: [{ id: 2, name: 'admin' }] }, { author: [{ id: 2, name: 'admin' }] }]);
    expect(resolved).toEqual([`${ROOT}wp/v2/users/2`]);
  });

  it('leaves an answer without _links as it is', async () => {
    expect(await embedLinks({ id: 1 }, true, resolve)).toEqual({ id: 1 });
    expect(resolved).toEqual([]);
  });
});

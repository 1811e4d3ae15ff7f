/**
 * `_embed` (WP_REST_Server::embed_links()): after an answer is made, each embeddable link of its `_links` (every
 * relation, or those `_embed=author,wp:term` names) is resolved by an internal GET of its `href`, as the same caller,
 * in `context=embed`, and the answers are added as `_embedded` after `_links` — one list per relation, in the links'
 * order, a link that is not embeddable standing as `[]`, a relation whose links all resolved to nothing left out.
 * Errors are embedded as their `{code, message, data}` objects.
 */

/** rest_parse_embed_param(): `true` for every relation, or the relations named. */
export function parseEmbedParam(value: unknown): true | string[] {
  if (value === undefined || value === null || value === '' || value === 'true' || value === '1' || value === '0' || value === false) return true;
  const rels = (Array.isArray(value) ? value : String(value).split(/[\s,]+/)).map(String).filter((r) => r !== '');
  return rels.length > 0 ? rels : true;
}

/** An internal request WP_REST_Request::from_url() makes of a link: the REST route and its query. */
export interface EmbedTarget {
  route: string;
  query: Record<string, string>;
}

/** The route of a link under the site's REST root (`SITE/wp-json/…` or `?rest_route=…`); undefined for any other URL. */
export function embedTarget(href: string, restRoot: string): EmbedTarget | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  const bare = `${url.origin}${url.pathname}`;
  if (bare.startsWith(restRoot)) return { route: `/${bare.slice(restRoot.length).replace(/^\/+/, '')}`.replace(/\/+$/, '') || '/', query };
  if (query.rest_route !== undefined) {
    const route = query.rest_route;
    delete query.rest_route;
    return { route, query };
  }
  return undefined;
}

/** What a link resolves to: the answer's data (with its own `_links`), or an error object. */
export type EmbedResolver = (href: string) => Promise<unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** PHP's truthiness of an embedded answer (array_filter()): an empty list or object counts as nothing. */
const found = (v: unknown) => (Array.isArray(v) ? v.length > 0 : isObject(v) ? Object.keys(v).length > 0 : Boolean(v));

async function embedOne(item: unknown, rels: true | string[], resolve: EmbedResolver): Promise<unknown> {
  if (!isObject(item) || !isObject(item._links)) return item;
  const embedded: Record<string, unknown[]> = {};
  for (const [rel, links] of Object.entries(item._links)) {
    if (rels !== true && !rels.includes(rel)) continue;
    if (!Array.isArray(links)) continue;
    const embeds: unknown[] = [];
    for (const link of links) embeds.push(isObject(link) && link.embeddable && typeof link.href === 'string' ? await resolve(link.href) : []);
    if (embeds.some(found)) embedded[rel] = embeds;
  }
  return Object.keys(embedded).length > 0 ? { ...item, _embedded: embedded } : item;
}

/** The answer with `_embedded` added to it (a list: to each item); the same href is resolved once per answer. */
export async function embedLinks(data: unknown, rels: true | string[], resolve: EmbedResolver): Promise<unknown> {
  const cache = new Map<string, Promise<unknown>>();
  const cached: EmbedResolver = (href) => {
    if (!cache.has(href)) cache.set(href, resolve(href));
    return cache.get(href)!;
  };
  if (Array.isArray(data)) {
    const out: unknown[] = [];
    for (const item of data) out.push(await embedOne(item, rels, cached));
    return out;
  }
  return embedOne(data, rels, cached);
}

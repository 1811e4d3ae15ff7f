import type { ArgValues } from '../../http/args';
import { restRoot } from '../../http/context';
import { RestResponse } from '../../http/response';
import { endpoint, type RouteDef } from '../../http/routes';
import { registered, wpArray, wpEnum } from '../../http/wp-types';
import { termLink, type TaxonomyRewrite } from '../../wp/permalinks';
import { wherePostMatches } from '../../wp/post-query';
import { pageOfIds } from '../../wp/post-pages';
import { getPosts, type PostRow } from '../../wp/posts';
import { slugPath, termsWithAncestors } from '../../wp/term-hierarchy';
import { queryTerms } from '../../wp/term-query';
import type { TermRow } from '../../wp/terms';
import { theTitle } from '../../wp/text/content-filters';
import { contextArg, idListArg, pageArg, perPageArg, searchArg } from '../../wp-rest/core-args';
import { CORE_POST_TYPE_REGISTRATIONS, CORE_TAXONOMY_REGISTRATIONS } from '../../wp-rest/core-registrations';
import { collectionQuery, type CollectionArgs } from '../../wp-rest/post-collection';
import { pagingHeaders } from '../../wp-rest/collection-headers';
import { checkReadPermission } from '../../wp-rest/post-permissions';
import { termAllow } from '../../wp-rest/term-links';
import { wpV2Error } from '../../wp-rest/wp-v2-errors';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { TEC_POST_TYPE_REGISTRATIONS, TEC_TAXONOMY_REGISTRATIONS } from '../registry/wp-registrations';
import type { CalendarRequestContext } from '../site/calendar-context';
import type { CalendarEnv } from '../site/calendar-env';
import { envOf, type Req } from '../post-resource/request';
import { itemAllow, withCorePermalinks } from './post-view';

/**
 * `GET /wp/v2/search` (WP_REST_Search_Controller): the published posts of the public types shown in REST (posts,
 * pages, events: WP_Query's search, ordered by relevance), or their public taxonomies' terms (by name), as
 * `{id, title, url, type, subtype}` with an embeddable link to each item's own route. The site's theme supports no
 * post format, so `type=post-format` finds nothing.
 */

type C = CalendarRequestContext;

/** The search handlers' subtypes: get_post_types() and get_taxonomies() that are public and shown in REST. */
const POST_SUBTYPES: readonly string[] = ['post', 'page', POST_TYPE.event];
const TERM_SUBTYPES: readonly string[] = ['category', 'post_tag', TAXONOMY.category];
const SUBTYPES = [...POST_SUBTYPES, ...TERM_SUBTYPES, 'any'] as unknown as [string, ...string[]];

const REST_BASES = new Map([...CORE_POST_TYPE_REGISTRATIONS, ...TEC_POST_TYPE_REGISTRATIONS, ...CORE_TAXONOMY_REGISTRATIONS, ...TEC_TAXONOMY_REGISTRATIONS].map((r) => [r.slug, r.rest_base]));

/** Core's category archive (create_initial_taxonomies()); plain permalinks name the term by id (get_term_link()). */
const CATEGORY_REWRITE: TaxonomyRewrite = { slug: 'category', withFront: true, queryVar: 'cat' };

const searchArgs = () => ({
  context: contextArg(['view', 'embed']),
  page: pageArg(),
  per_page: perPageArg(),
  search: searchArg(),
  type: wpEnum(['post', 'term', 'post-format'] as const)
    .default('post')
    .meta(registered('default, description, type, enum', 'Limit results to items of an object type.')),
  subtype: wpArray(wpEnum(SUBTYPES))
    .default(['any'])
    .meta(registered('default, description, type, items', 'Limit results to items of one or more object subtypes.', { default: 'any', items: { enum: [...POST_SUBTYPES, ...TERM_SUBTYPES, 'any'], type: 'string' } })),
  exclude: idListArg('Ensure result set excludes specific IDs.'),
  include: idListArg('Limit result set to specific IDs.'),
});
type SearchArgs = ArgValues<ReturnType<typeof searchArgs>>;

interface Found {
  items: Array<Record<string, unknown>>;
  total: number;
}

const links = (env: CalendarEnv, self: string, allow: readonly string[], about: string) => {
  const root = `${restRoot(env.site)}wp/v2/`;
  return { self: [{ embeddable: true, href: `${root}${self}`, targetHints: { allow: [...allow] } }], about: [{ href: `${root}${about}` }], collection: [{ href: `${root}search` }] };
};

/** WP_REST_Post_Search_Handler: WP_Query of the published posts of the subtypes (`post` when none is left). */
async function searchPosts(env: CalendarEnv, a: SearchArgs, subtypes: readonly string[]): Promise<Found> {
  const wp = env.ctx.wp;
  const postTypes = subtypes.length > 0 ? subtypes : ['post'];
  const search = a.search ?? '';
  const args: CollectionArgs = { page: a.page, per_page: a.per_page, search: search || undefined, search_columns: [], author: [], author_exclude: [], include: a.include, exclude: a.exclude, status: ['publish'], order: 'desc', orderby: search ? 'relevance' : 'date' };
  const type = { postType: postTypes[0]!, supports: [], restTaxonomies: [], classTaxonomies: [], viewable: true };
  const { filter, order } = await collectionQuery(wp, args, { type, loggedIn: env.ctx.isLoggedIn(), siteZone: env.siteZone, tiesAsWordPressShowsThem: wp.dialect.tiesAsWordPressShowsThem, termTaxonomyIds: async () => [] });
  const page = await pageOfIds(wp, wherePostMatches(wp, wp.knex({ p: wp.t.posts }), { ...filter, postType: postTypes }), order, a.per_page, (a.page - 1) * a.per_page);
  const rows = await getPosts(wp, page.ids);
  const items = page.ids.flatMap((id) => {
    const post = rows.get(id);
    return post ? [postItem(env, post)] : [];
  });
  // WP_Query finds no rows on a page past the last, and then reports no total.
  return { items, total: page.ids.length === 0 ? 0 : page.total };
}

function postItem(env: CalendarEnv, post: PostRow): Record<string, unknown> {
  const subject = { postType: post.post_type };
  const allow = itemAllow({ read: checkReadPermission(post, () => env.can('read', subject, post)), edit: env.can('edit', subject, post), delete: env.can('delete', subject, post) });
  const base = REST_BASES.get(post.post_type) ?? post.post_type;
  return { id: post.ID, title: theTitle(post.post_title), url: env.permalink(post), type: 'post', subtype: post.post_type, _links: links(env, `${base}/${post.ID}`, allow, `types/${post.post_type}`) };
}

/** WP_REST_Term_Search_Handler: get_terms() of the taxonomies, empty ones too, by name; wp_count_terms() the total. */
async function searchTerms(env: CalendarEnv, a: SearchArgs, taxonomies: readonly string[]): Promise<Found> {
  const wp = env.ctx.wp;
  const { terms, total } = await queryTerms(wp, env.registry.terms, { taxonomy: taxonomies, number: a.per_page, offset: (a.page - 1) * a.per_page, search: a.search, include: a.include, exclude: a.exclude, hideEmpty: false });
  const chains = new Map<string, Awaited<ReturnType<typeof termsWithAncestors>>>();
  for (const taxonomy of new Set(terms.map((t) => t.taxonomy))) {
    if (env.registry.terms.hierarchical(taxonomy)) chains.set(taxonomy, await termsWithAncestors(wp, taxonomy, terms.filter((t) => t.taxonomy === taxonomy).map((t) => t.term_id)));
  }
  return { items: terms.map((term) => termItem(env, term, chains.get(term.taxonomy))), total };
}

function termItem(env: CalendarEnv, term: TermRow, chain: Awaited<ReturnType<typeof termsWithAncestors>> | undefined): Record<string, unknown> {
  const subject = { taxonomy: term.taxonomy };
  const allow = termAllow(env.can('edit_terms', subject), env.can('delete_terms', subject));
  const rewrite = term.taxonomy === 'category' ? CATEGORY_REWRITE : env.registry.taxonomies.find((t) => t.taxonomy === term.taxonomy)?.rewrite(env.tec);
  const plainCategory = term.taxonomy === 'category' && !env.site.permalinkStructure;
  const path = chain?.has(term.term_id) ? slugPath(chain, term.term_id) : [term.slug];
  const url = plainCategory ? `${env.site.home}/?cat=${term.term_id}` : rewrite ? termLink(env.site, rewrite, path) : '';
  const base = REST_BASES.get(term.taxonomy) ?? term.taxonomy;
  return { id: term.term_id, title: term.name, url, type: term.taxonomy, _links: links(env, `${base}/${term.term_id}`, allow, `taxonomies/${term.taxonomy}`) };
}

/** The sanitized query the paging links repeat: lists as WordPress writes them back (`subtype[0]=…`). */
function linkQuery(query: Record<string, unknown>, a: SearchArgs): Record<string, unknown> {
  const lists: Record<string, readonly unknown[]> = { subtype: a.subtype, exclude: a.exclude, include: a.include };
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, key in lists ? { ...lists[key] } : value]));
}

async function search(req: Req): Promise<RestResponse> {
  const env = withCorePermalinks(await envOf(req));
  const a = req.args as SearchArgs;
  const handler = a.type === 'term' ? TERM_SUBTYPES : a.type === 'post' ? POST_SUBTYPES : [];
  // sanitize_subtypes(): `any` is every subtype of the type's handler; others are kept when the handler has them.
  const subtypes = a.subtype.includes('any') ? handler : a.subtype.filter((s) => handler.includes(s));
  const found = a.type === 'post' ? await searchPosts(env, a, subtypes) : a.type === 'term' ? await searchTerms(env, a, subtypes) : { items: [], total: 0 };
  if (a.page > Math.ceil(found.total / a.per_page) && found.total > 0) throw wpV2Error('rest_search_invalid_page_number');
  const query = linkQuery(req.query, { ...a, subtype: a.subtype.includes('any') ? ['any'] : [...subtypes] });
  return new RestResponse(found.items, 200, pagingHeaders(`${restRoot(env.site)}wp/v2/search`, query, a.page, found.total, a.per_page, false));
}

export function wpV2SearchRoute(): Array<RouteDef<C>> {
  const schema = () => SEARCH_RESULT_SCHEMA;
  return [{ path: '/search', schema, endpoints: [endpoint<C, ReturnType<typeof searchArgs>>({ methods: ['GET'], args: searchArgs(), handler: (req) => search(req as Req) })] }];
}

const readonlyProperty = (description: string, type: unknown, extra: Record<string, unknown> = {}) => ({ description, type, ...extra, context: ['view', 'embed'], readonly: true });

/** WP_REST_Search_Controller::get_item_schema(). */
const SEARCH_RESULT_SCHEMA = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'search-result',
  type: 'object',
  properties: {
    id: readonlyProperty('Unique identifier for the object.', ['integer', 'string']),
    title: readonlyProperty('The title for the object.', 'string'),
    url: readonlyProperty('URL to the object.', 'string', { format: 'uri' }),
    type: readonlyProperty('Object type.', 'string', { enum: ['post', 'term', 'post-format'] }),
    subtype: readonlyProperty('Object subtype.', 'string', { enum: [...POST_SUBTYPES, ...TERM_SUBTYPES] }),
  },
};

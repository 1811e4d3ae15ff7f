import { z } from 'zod';
import { restRoot } from '../http/context';
import { restError } from '../http/errors';
import { RestResponse } from '../http/response';
import { endpoint, type RestRequest, type RouteDef } from '../http/routes';
import { registered, wpArray, wpBoolean, wpEnum, wpInteger, wpString } from '../http/wp-types';
import { getPost } from '../wp/posts';
import { queryTerms } from '../wp/term-query';
import { deleteTerm, updateTerm } from '../wp/term-writes';
import { getTerm, insertTerm, type TermRow } from '../wp/terms';
import type { SiteSettings } from '../wp/site';
import type { WpData } from '../wp/wp-handle';
import { collectionHeaders } from './collection-headers';
import { contextArg, idListArg, offsetArg, pageArg, pageWindow, perPageArg, searchArg } from './core-args';
import { restContext, type RestContext } from './response-fields';
import { termWriteError } from './term-errors';
import { termBatch, termSchema, wpTermObject } from './term-object';
import { refusal, wpV2Error } from './wp-v2-errors';
import type { RestTaxonomyRegistration, WpRestContext, WpV2Registrations } from './wp-rest-context';

/**
 * A taxonomy's two wp/v2 routes (WP_REST_Terms_Controller): `/{rest_base}` (list, create) and `/{rest_base}/{id}`
 * (read, update, delete for good), over the data layer's term query and writes, with core's permission rules: the
 * taxonomy's `edit_terms` for `context=edit` and edits, `assign_terms` to create a term in a flat taxonomy,
 * `delete_terms` to delete; the terms of a post only for a caller who may read the post.
 */

type Req = RestRequest<Record<string, unknown>, WpRestContext>;
const d = (description: string, keys = 'description, type') => registered(keys, description);

/** Arguments a taxonomy has only when `when` holds (hierarchical ones: `parent`), typed as possibly absent. */
const argsWhen = <S extends object>(when: boolean, shape: S): Partial<S> => (when ? shape : {});

function termArgs(tax: RestTaxonomyRegistration) {
  const id = wpInteger().optional().meta(d('Unique identifier for the term.'));
  const write = {
    description: wpString().optional().meta(d('HTML description of the term.')),
    name: wpString().meta(d('HTML title for the term.')),
    slug: wpString().optional().meta(d('An alphanumeric identifier for the term unique to its type.')),
    ...argsWhen(tax.hierarchical, { parent: wpInteger().optional().meta(d('The parent term ID.')) }),
    meta: z.unknown().optional().meta({ type: 'object', properties: [], ...d('Meta fields.', 'description, type, properties') }),
  };
  return {
    list: {
      context: contextArg(),
      page: pageArg(),
      per_page: perPageArg(),
      search: searchArg(),
      exclude: idListArg('Ensure result set excludes specific IDs.'),
      include: idListArg('Limit result set to specific IDs.'),
      // A hierarchical term query cannot start anywhere but at a page's start: core offers no offset there.
      ...argsWhen(!tax.hierarchical, { offset: offsetArg() }),
      order: wpEnum(['asc', 'desc']).default('asc').meta(d('Order sort attribute ascending or descending.', 'description, type, default, enum')),
      orderby: wpEnum(['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'])
        .default('name')
        .meta(d('Sort collection by term attribute.', 'description, type, default, enum')),
      hide_empty: wpBoolean().default(false).meta(d('Whether to hide terms not assigned to any posts.', 'description, type, default')),
      ...argsWhen(tax.hierarchical, { parent: wpInteger().optional().meta(d('Limit result set to terms assigned to a specific parent.')) }),
      post: wpInteger().nullable().default(null).meta(d('Limit result set to terms assigned to a specific post.', 'description, type, default')),
      slug: wpArray(wpString()).optional().meta(d('Limit result set to terms with one or more specific slugs.', 'description, type, items')),
    },
    create: write,
    read: { id, context: contextArg() },
    update: { id, ...write, name: write.name.optional() },
    delete: { id, force: wpBoolean().default(false).meta(d('Required to be true, as terms do not support trashing.', 'type, default, description')) },
  };
}

/** The addressed term of the taxonomy (get_term()), or 404. */
async function theTerm(wp: WpData, tax: RestTaxonomyRegistration, id: unknown): Promise<TermRow> {
  const term = await getTerm(wp, tax.taxonomy, Number(id));
  if (!term) throw wpV2Error('rest_term_invalid');
  return term;
}

export function termRoutes(reg: WpV2Registrations, tax: RestTaxonomyRegistration): Array<RouteDef<WpRestContext>> {
  const args = termArgs(tax);
  const can = (req: Req, cap: keyof RestTaxonomyRegistration['capabilities']) => reg.hasCap(req.ctx.principal, tax.capabilities[cap]);
  // Inside a write's transaction the site settings must already be loaded (they are read once per request, outside it).
  const objects = async (req: Req, terms: TermRow[], context: RestContext, wp = req.ctx.wp, site?: SiteSettings) => {
    const batch = await termBatch(wp, site ?? (await req.ctx.site()), reg, tax, req.ctx.principal, terms);
    return terms.map((term) => wpTermObject(batch, term, context));
  };
  /** After a write WordPress answers (and checks the Allow header) in `context=edit`. */
  const inEdit = (req: Req) => {
    req.args.context = 'edit';
  };

  const list = endpoint<WpRestContext, typeof args.list>({
    methods: ['GET'],
    args: args.list,
    allowBatch: true,
    heavy: true,
    permission: async (req) => {
      if (req.args.context === 'edit' && !can(req, 'edit_terms')) return refusal('rest_forbidden_context_terms', req.ctx.isLoggedIn());
      if (req.args.post) {
        const post = await getPost(req.ctx.wp, req.args.post);
        if (!post) return wpV2Error('rest_post_invalid_id');
        if (post.post_status !== 'publish' && !(await reg.canReadPost(req.ctx.principal, post))) return refusal('rest_forbidden_context_post_terms', req.ctx.isLoggedIn());
      }
      return true;
    },
    handler: async (req) => {
      const a = req.args;
      const { perPage, offset } = pageWindow(a);
      // With an `offset`, the page the paging links count from is the one that offset falls in.
      const page = a.offset ? Math.ceil(a.offset / perPage + 1) : a.page;
      const { terms, total } = await queryTerms(req.ctx.wp, reg.terms, {
        taxonomy: tax.taxonomy,
        number: perPage,
        offset,
        search: a.search,
        include: a.include,
        exclude: a.exclude,
        slug: a.slug,
        parent: a.parent,
        objectId: a.post ?? undefined,
        hideEmpty: a.hide_empty === true,
        order: a.order,
        orderby: a.orderby === 'id' ? 'term_id' : a.orderby,
      });
      const items = await objects(req, terms, restContext(a.context));
      return new RestResponse(items, 200, collectionHeaders(await req.ctx.site(), `/wp/v2/${tax.restBase}`, req.rawQuery ?? '', { page, total, perPage }));
    },
  });

  const create = endpoint<WpRestContext, typeof args.create>({
    methods: ['POST'],
    args: args.create,
    allowBatch: true,
    permission: (req) => can(req, tax.hierarchical ? 'edit_terms' : 'assign_terms') || refusal('rest_cannot_create_term', req.ctx.isLoggedIn()),
    handler: async (req) => {
      const parent = req.params.parent;
      if (parent !== undefined && parent !== null) {
        if (!tax.hierarchical) throw restError('rest_taxonomy_not_hierarchical');
        if (!(await getTerm(req.ctx.wp, tax.taxonomy, Number(parent)))) throw restError('rest_term_invalid');
      }
      const a = req.args;
      const site = await req.ctx.site();
      const body = await req.ctx.wp
        .transaction(async (wp) => {
          const term = await insertTerm(wp, reg.terms, tax.taxonomy, { name: a.name, slug: a.slug, description: a.description, parent: a.parent });
          return (await objects(req, [term], 'edit', wp, site))[0]!;
        })
        .catch((error: unknown) => Promise.reject(termWriteError(error)));
      inEdit(req);
      return new RestResponse(body, 201, { Location: `${restRoot(site)}wp/v2/${tax.restBase}/${String(body.id)}` });
    },
  });

  const read = endpoint<WpRestContext, typeof args.read>({
    methods: ['GET'],
    args: args.read,
    allowBatch: true,
    permission: async (req) => {
      await theTerm(req.ctx.wp, tax, req.params.id);
      return req.args.context !== 'edit' || can(req, 'edit_terms') || refusal('rest_forbidden_context_term', req.ctx.isLoggedIn());
    },
    handler: async (req) => {
      const term = await theTerm(req.ctx.wp, tax, req.params.id);
      return (await objects(req, [term], restContext(req.args.context)))[0];
    },
  });

  const update = endpoint<WpRestContext, typeof args.update>({
    methods: ['POST', 'PUT', 'PATCH'],
    args: args.update,
    allowBatch: true,
    permission: async (req) => {
      await theTerm(req.ctx.wp, tax, req.params.id);
      return can(req, 'edit_terms') || refusal('rest_cannot_update_term', req.ctx.isLoggedIn());
    },
    handler: async (req) => {
      const term = await theTerm(req.ctx.wp, tax, req.params.id);
      const parent = req.params.parent;
      if (parent !== undefined && parent !== null) {
        if (!tax.hierarchical) throw restError('rest_taxonomy_not_hierarchical');
        if (!(await getTerm(req.ctx.wp, tax.taxonomy, Number(parent)))) throw restError('rest_term_invalid');
      }
      const a = req.args;
      const site = await req.ctx.site();
      const body = await req.ctx.wp
        .transaction(async (wp) => {
          const updated = await updateTerm(wp, reg.terms, tax.taxonomy, term.term_id, { name: a.name, slug: a.slug, description: a.description, parent: a.parent });
          return (await objects(req, [updated], 'edit', wp, site))[0]!;
        })
        .catch((error: unknown) => Promise.reject(termWriteError(error)));
      inEdit(req);
      return body;
    },
  });

  const remove = endpoint<WpRestContext, typeof args.delete>({
    methods: ['DELETE'],
    args: args.delete,
    allowBatch: true,
    permission: async (req) => {
      await theTerm(req.ctx.wp, tax, req.params.id);
      return can(req, 'delete_terms') || refusal('rest_cannot_delete_term', req.ctx.isLoggedIn());
    },
    handler: async (req) => {
      if (req.args.force !== true) throw wpV2Error('rest_trash_not_supported_terms');
      const site = await req.ctx.site();
      return req.ctx.wp.transaction(async (wp) => {
        const term = await theTerm(wp, tax, req.params.id);
        const [previous] = await objects(req, [term], 'view', wp, site);
        await deleteTerm(wp, reg.terms, tax.taxonomy, term.term_id);
        const { _links: _dropped, ...data } = previous!;
        return { deleted: true, previous: data };
      });
    },
  });

  return [
    { path: `/${tax.restBase}`, endpoints: [list, create], schema: () => termSchema(tax) },
    { path: `/${tax.restBase}/(?P<id>[\\d]+)`, endpoints: [read, update, remove], schema: () => termSchema(tax) },
  ];
}

import { restRoot } from '../http/context';
import { endpoint, type RouteDef } from '../http/routes';
import { registered, wpString } from '../http/wp-types';
import type { SiteSettings } from '../wp/site';
import { contextArg } from './core-args';
import { primitiveTermCap } from './core-registrations';
import { restContext, type RestContext } from './response-fields';
import { CURIES } from './term-links';
import type { PostTypeRegistration, TaxonomyRegistration } from './type-registrations';
import { POST_TYPE_SCHEMA, TAXONOMY_SCHEMA } from './type-schemas';
import { refusal, wpV2Error } from './wp-v2-errors';
import type { WpLinks, WpTaxonomyObject, WpTypeObject } from './wp-objects';
import type { RestCaller, WpRestContext, WpV2Registrations } from './wp-rest-context';

/**
 * `/wp/v2/types` and `/wp/v2/taxonomies` (WP_REST_Post_Types_Controller, WP_REST_Taxonomies_Controller): the
 * registered types and taxonomies shown in REST, keyed by name, each in the request's context — `edit` only for
 * those the caller may edit (a type's `edit_posts`) or assign (a taxonomy's `assign_terms`), `{}` when none is left.
 */

const d = (description: string) => registered('description, type', description);

/** The schema's keys per context, in its order. */
const TYPE_KEYS: Record<RestContext, ReadonlyArray<keyof WpTypeObject>> = {
  view: ['description', 'hierarchical', 'has_archive', 'name', 'slug', 'icon', 'taxonomies', 'rest_base', 'rest_namespace', 'template', 'template_lock'],
  edit: ['capabilities', 'description', 'hierarchical', 'has_archive', 'visibility', 'viewable', 'labels', 'name', 'slug', 'icon', 'supports', 'taxonomies', 'rest_base', 'rest_namespace', 'template', 'template_lock'],
  embed: ['name', 'slug', 'icon', 'rest_base', 'rest_namespace'],
};

const TAXONOMY_KEYS: Record<RestContext, ReadonlyArray<keyof WpTaxonomyObject>> = {
  view: ['name', 'slug', 'description', 'types', 'hierarchical', 'rest_base', 'rest_namespace'],
  edit: ['name', 'slug', 'capabilities', 'description', 'labels', 'types', 'show_cloud', 'hierarchical', 'rest_base', 'rest_namespace', 'visibility'],
  embed: ['name', 'slug', 'rest_base', 'rest_namespace'],
};

/** The keys of the context, in its order. */
function pick<T extends object>(source: T, keys: ReadonlyArray<keyof T>): Partial<T> {
  return Object.fromEntries(keys.map((k) => [k, source[k]])) as Partial<T>;
}

function links(site: SiteSettings, collection: string, restBase: string, namespace: string): WpLinks {
  return { collection: [{ href: `${restRoot(site)}wp/v2/${collection}` }], 'wp:items': [{ href: `${restRoot(site)}${namespace}/${restBase}` }], curies: CURIES };
}

function typeObject(site: SiteSettings, type: PostTypeRegistration, context: RestContext): WpTypeObject {
  const { capabilities, description, hierarchical, has_archive, visibility, viewable, labels, slug, icon, supports, taxonomies, rest_base, rest_namespace, template, template_lock } = type;
  const all: WpTypeObject = { capabilities, description, hierarchical, has_archive, visibility, viewable, labels, name: labels.name ?? '', slug, icon, supports, taxonomies: [...taxonomies], rest_base, rest_namespace, template: [...template], template_lock };
  const data = pick(all, TYPE_KEYS[context]);
  return { ...data, _links: links(site, 'types', type.rest_base, type.rest_namespace) };
}

/** The types a taxonomy is registered for: those whose registration names it, in registration order. */
function taxonomyObject(site: SiteSettings, reg: WpV2Registrations, tax: TaxonomyRegistration, context: RestContext): WpTaxonomyObject {
  const types = reg.postTypeRegistrations.filter((t) => t.taxonomies.includes(tax.slug)).map((t) => t.slug);
  const { slug, capabilities, description, labels, show_cloud, hierarchical, rest_base, rest_namespace, visibility } = tax;
  const all: WpTaxonomyObject = { name: labels.name ?? '', slug, capabilities, description, labels, types, show_cloud, hierarchical, rest_base, rest_namespace, visibility };
  const data = pick(all, TAXONOMY_KEYS[context]);
  return { ...data, _links: links(site, 'taxonomies', tax.rest_base, tax.rest_namespace) };
}

/** The types' routes and the taxonomies' routes, apart: WordPress registers the statuses' routes between them. */
export function typeRoutes(reg: WpV2Registrations): Record<'types' | 'taxonomies', Array<RouteDef<WpRestContext>>> {
  const mayEditType = (caller: RestCaller, type: PostTypeRegistration) => reg.hasCap(caller, type.capabilities.edit_posts ?? 'do_not_allow');
  const mayAssign = (caller: RestCaller, tax: TaxonomyRegistration) => reg.hasCap(caller, primitiveTermCap(tax.capabilities.assign_terms));
  /** get_object_taxonomies( $type ) when `type` is given, else every taxonomy. */
  const taxonomiesFor = (type: unknown) =>
    typeof type === 'string' && type !== '' ? reg.taxonomyRegistrations.filter((t) => reg.postTypeRegistrations.find((p) => p.slug === type)?.taxonomies.includes(t.slug)) : reg.taxonomyRegistrations;

  const typesArgs = { context: contextArg() };
  const types = endpoint<WpRestContext, typeof typesArgs>({
    methods: ['GET'],
    args: typesArgs,
    permission: (req) =>
      req.args.context !== 'edit' || reg.postTypeRegistrations.some((t) => mayEditType(req.ctx.principal, t)) || refusal('rest_cannot_view_type', req.ctx.isLoggedIn()),
    handler: async (req) => {
      const site = await req.ctx.site();
      const context = restContext(req.args.context);
      const shown = reg.postTypeRegistrations.filter((t) => context !== 'edit' || mayEditType(req.ctx.principal, t));
      return Object.fromEntries(shown.map((t) => [t.slug, typeObject(site, t, context)]));
    },
  });
  const typeArgs = { type: wpString().optional().meta(d('An alphanumeric identifier for the post type.')), context: contextArg() };
  const type = endpoint<WpRestContext, typeof typeArgs>({
    methods: ['GET'],
    args: typeArgs,
    handler: async (req) => {
      const found = reg.postTypeRegistrations.find((t) => t.slug === req.params.type);
      if (!found) throw wpV2Error('rest_type_invalid');
      const context = restContext(req.args.context);
      if (context === 'edit' && !mayEditType(req.ctx.principal, found)) throw refusal('rest_forbidden_context_type', req.ctx.isLoggedIn());
      return typeObject(await req.ctx.site(), found, context);
    },
  });

  const taxonomiesArgs = { context: contextArg(), type: wpString().optional().meta(d('Limit results to taxonomies associated with a specific post type.')) };
  const taxonomies = endpoint<WpRestContext, typeof taxonomiesArgs>({
    methods: ['GET'],
    args: taxonomiesArgs,
    permission: (req) =>
      req.args.context !== 'edit' || taxonomiesFor(req.args.type).some((t) => mayAssign(req.ctx.principal, t)) || refusal('rest_cannot_view_taxonomy', req.ctx.isLoggedIn()),
    handler: async (req) => {
      const site = await req.ctx.site();
      const context = restContext(req.args.context);
      const shown = taxonomiesFor(req.args.type).filter((t) => context !== 'edit' || mayAssign(req.ctx.principal, t));
      return Object.fromEntries(shown.map((t) => [t.slug, taxonomyObject(site, reg, t, context)]));
    },
  });
  const taxonomyArgs = { taxonomy: wpString().optional().meta(d('An alphanumeric identifier for the taxonomy.')), context: contextArg() };
  const taxonomy = endpoint<WpRestContext, typeof taxonomyArgs>({
    methods: ['GET'],
    args: taxonomyArgs,
    permission: (req) => {
      const found = reg.taxonomyRegistrations.find((t) => t.slug === req.params.taxonomy);
      return !found || req.args.context !== 'edit' || mayAssign(req.ctx.principal, found) || refusal('rest_forbidden_context_taxonomy', req.ctx.isLoggedIn());
    },
    handler: async (req) => {
      const found = reg.taxonomyRegistrations.find((t) => t.slug === req.params.taxonomy);
      if (!found) throw wpV2Error('rest_taxonomy_invalid');
      return taxonomyObject(await req.ctx.site(), reg, found, restContext(req.args.context));
    },
  });

  return {
    types: [
      { path: '/types', endpoints: [types], schema: () => POST_TYPE_SCHEMA },
      { path: '/types/(?P<type>[\\w-]+)', endpoints: [type], schema: () => POST_TYPE_SCHEMA },
    ],
    taxonomies: [
      { path: '/taxonomies', endpoints: [taxonomies], schema: () => TAXONOMY_SCHEMA },
      { path: '/taxonomies/(?P<taxonomy>[\\w-]+)', endpoints: [taxonomy], schema: () => TAXONOMY_SCHEMA },
    ],
  };
}

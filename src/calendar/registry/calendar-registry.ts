import { createPermissions, type Permissions } from '../../auth/permissions';
import type { PostTypeRewrite } from '../../wp/permalinks';
import type { TaxonomyRegistry } from '../../wp/terms';
import { fieldMasks } from '../post-resource/meta-fields';
import type { TecSettings } from '../site/tec-settings';
import type { PostTypeDefinition } from './post-type';
import type { TaxonomyDefinition } from './taxonomy';

/**
 * The calendar's registrations — its post types and taxonomies, as register_post_type() and register_taxonomy() hold
 * them in WordPress — and every table the service derives from them: capabilities and permission checks, rewrites,
 * the data layer's taxonomy registry, the order in which linked types load. One registry per app (createApp's
 * `registry`), built from a list of definitions; nothing else keeps a per-type list.
 */
export interface CalendarRegistry extends Permissions {
  readonly postTypes: readonly PostTypeDefinition[];
  readonly taxonomies: readonly TaxonomyDefinition[];
  postType(postType: string): PostTypeDefinition | undefined;
  taxonomy(taxonomy: string): TaxonomyDefinition | undefined;
  /** What the data layer's term writes need (hierarchies, the types a term counts). */
  readonly terms: TaxonomyRegistry;
  /** Single-post rewrites of every type under the site's TEC settings. */
  rewrites(tec: TecSettings): PostTypeRewrite[];
  /** Object key → what a password-protected object shows instead, from the types' field tables. */
  readonly fieldMasks: ReadonlyMap<string, unknown>;
  /** The types in the order a loader writes them: a type other types link to before them. */
  readonly loadOrder: readonly PostTypeDefinition[];
}

export function createCalendarRegistry(postTypes: readonly PostTypeDefinition[], taxonomies: readonly TaxonomyDefinition[]): CalendarRegistry {
  const byType = new Map(postTypes.map((t) => [t.postType, t]));
  const byTaxonomy = new Map(taxonomies.map((t) => [t.taxonomy, t]));
  if (byType.size !== postTypes.length || byTaxonomy.size !== taxonomies.length) throw new Error('a post type or taxonomy is registered twice');
  const permissions = createPermissions({
    postTypes: Object.fromEntries(postTypes.map((t) => [t.postType, t.capabilityType])),
    taxonomies: Object.fromEntries(taxonomies.flatMap((t) => (t.capabilities ? [[t.taxonomy, t.capabilities]] : []))),
  });
  return {
    ...permissions,
    postTypes,
    taxonomies,
    postType: (postType) => byType.get(postType),
    taxonomy: (taxonomy) => byTaxonomy.get(taxonomy),
    terms: {
      hierarchical: (taxonomy) => byTaxonomy.get(taxonomy)?.hierarchical ?? taxonomy === 'category',
      objectTypes: (taxonomy) => byTaxonomy.get(taxonomy)?.objectTypes ?? ['post'],
    },
    rewrites: (tec) => postTypes.map((t) => ({ postType: t.postType, rewriteSlug: t.rewriteSlug(tec), queryVar: t.postType })),
    fieldMasks: fieldMasks(postTypes.map((t) => t.fields)),
    loadOrder: linkedFirst(postTypes),
  };
}

/** The types ordered so that every type comes after the types its links name (a depth-first walk). */
function linkedFirst(postTypes: readonly PostTypeDefinition[]): PostTypeDefinition[] {
  const ordered: PostTypeDefinition[] = [];
  const visit = (type: PostTypeDefinition, trail: ReadonlySet<string>) => {
    if (ordered.includes(type) || trail.has(type.postType)) return;
    for (const link of type.links) {
      const target = postTypes.find((t) => t.postType === link.postType);
      if (target) visit(target, new Set([...trail, type.postType]));
    }
    ordered.push(type);
  };
  for (const type of postTypes) visit(type, new Set());
  return ordered;
}

import type { NamespaceDef, RouteDef } from '../http/routes';
import { settingsRoutes } from './settings-routes';
import { statusRoutes } from './status-routes';
import { termRoutes } from './term-routes';
import { typeRoutes } from './type-routes';
import { userRoutes } from './user-routes';
import { WP_V2, type WpRestContext, type WpV2Registrations } from './wp-rest-context';

/**
 * WordPress's own `wp/v2` namespace as far as the service serves it, its routes in WordPress's registration order
 * (create_initial_rest_routes(): the post types' routes first, given by the caller, and the search, which reads them): what the site registered (WpV2Registrations) decides the taxonomies and the
 * permission model; nothing here names a plugin's type.
 */
export function wpV2Namespace<C extends WpRestContext>(reg: WpV2Registrations, posts: Array<RouteDef<C>> = [], search: Array<RouteDef<C>> = []): NamespaceDef<C> {
  const types = typeRoutes(reg);
  const routes: Array<RouteDef<C>> = [
    ...posts,
    ...types.types,
    ...statusRoutes(reg),
    ...types.taxonomies,
    ...inRegistrationOrder(reg.taxonomies).flatMap((tax) => termRoutes(reg, tax)),
    ...userRoutes(reg),
    ...search,
    ...settingsRoutes(reg),
  ];
  return { namespace: WP_V2, routes };
}

/** Core's taxonomies register before any plugin's: their routes come first. */
const CORE_TAXONOMIES = ['category', 'post_tag'];

function inRegistrationOrder<T extends { taxonomy: string }>(taxonomies: readonly T[]): T[] {
  const rank = (t: T) => (CORE_TAXONOMIES.includes(t.taxonomy) ? CORE_TAXONOMIES.indexOf(t.taxonomy) : CORE_TAXONOMIES.length);
  return [...taxonomies].sort((a, b) => rank(a) - rank(b));
}

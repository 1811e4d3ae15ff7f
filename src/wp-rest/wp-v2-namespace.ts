import type { NamespaceDef, RouteDef } from '../http/routes';
import { settingsRoutes } from './settings-routes';
import { userRoutes } from './user-routes';
import { WP_V2, type WpRestContext, type WpV2Registrations } from './wp-rest-context';

/**
 * WordPress's own `wp/v2` namespace as far as the service serves it, its routes in WordPress's registration order
 * (create_initial_rest_routes()): what the site registered (WpV2Registrations) decides the taxonomies and the
 * permission model; nothing here names a plugin's type.
 */
export function wpV2Namespace(reg: WpV2Registrations): NamespaceDef<WpRestContext> {
  const routes: Array<RouteDef<WpRestContext>> = [...userRoutes(reg), ...settingsRoutes(reg)];
  return { namespace: WP_V2, routes };
}

import type { HttpContext } from '../http/context';
import type { NamespaceDef, RouteDef } from '../http/routes';

/**
 * WordPress's own REST namespace, `wp/v2`: the routes each part of the service serves under it (the calendar's post
 * types, its taxonomies, users, settings…), in WordPress's order.
 */
export const WP_V2_NAMESPACE = 'wp/v2';

export function wpV2Namespace<C extends HttpContext>(routes: { posts: Array<RouteDef<C>> }): NamespaceDef<C> {
  return { namespace: WP_V2_NAMESPACE, routes: [...routes.posts] };
}

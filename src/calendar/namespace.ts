import type { CalendarRequestContext } from './site/calendar-context';
import type { NamespaceDef, RouteDef } from '../http/routes';
import type { CalendarRegistry } from './registry/calendar-registry';
import { docRoute } from './doc-route';
import { ALIAS_NAMESPACE, PRIMARY_NAMESPACE } from './registry/identifiers';
import { postResourceRoutes } from './post-resource/routes';
import { taxonomyResourceRoutes } from './taxonomy-resource/routes';

/**
 * The calendar's REST namespace: every route of the plugin's API, in TEC's registration order
 * (Tribe__Events__REST__V1__Main::register_endpoints), served under calendar/events/v1 and, identically, under
 * tribe/events/v1.
 */
export function calendarNamespace(registry: CalendarRegistry): NamespaceDef<CalendarRequestContext> {
  // /doc documents this very list, whatever is added to it.
  const routes: Array<RouteDef<CalendarRequestContext>> = [
    docRoute(() => routes, registry),
    ...registry.postTypes.flatMap((type) => postResourceRoutes(type)),
    ...registry.taxonomies.flatMap((taxonomy) => taxonomyResourceRoutes(taxonomy)),
  ];
  return { namespace: PRIMARY_NAMESPACE, aliases: [ALIAS_NAMESPACE], routes };
}

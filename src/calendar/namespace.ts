import type { AppContext } from '../app-context';
import type { NamespaceDef, RouteDef } from '../http/routes';
import { categoryResource } from './taxonomy-resource/categories';
import { docRoute } from './doc-route';
import { eventResource } from './events/event-resource';
import { ALIAS_NAMESPACE, PRIMARY_NAMESPACE } from './registry/identifiers';
import { organizerResource } from './organizers/organizer-resource';
import { postResourceRoutes } from './post-resource/routes';
import { tagResource } from './taxonomy-resource/tags';
import { taxonomyResourceRoutes } from './taxonomy-resource/routes';
import { venueResource } from './venues/venue-resource';

/**
 * The calendar's REST namespace: every route of the plugin's API, in TEC's registration order
 * (Tribe__Events__REST__V1__Main::register_endpoints), served under calendar/events/v1 and, identically, under
 * tribe/events/v1.
 */
export function calendarNamespace(): NamespaceDef<AppContext> {
  // /doc documents this very list, whatever is added to it.
  const routes: Array<RouteDef<AppContext>> = [
    docRoute(() => routes),
    ...postResourceRoutes(eventResource),
    ...postResourceRoutes(venueResource),
    ...postResourceRoutes(organizerResource),
    ...taxonomyResourceRoutes(categoryResource),
    ...taxonomyResourceRoutes(tagResource),
  ];
  return { namespace: PRIMARY_NAMESPACE, aliases: [ALIAS_NAMESPACE], routes };
}

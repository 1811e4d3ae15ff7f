import type { AppContext } from '../app-context';
import type { NamespaceDef, RouteDef } from '../http/routes';
import { ALIAS_NAMESPACE, PRIMARY_NAMESPACE } from './identifiers';

/**
 * The calendar's REST namespace: every route of the plugin's API, in TEC's registration order
 * (tec-rest-v1.md §2), served under calendar/events/v1 and, identically, under tribe/events/v1.
 */
export function calendarNamespace(): NamespaceDef<AppContext> {
  const routes: Array<RouteDef<AppContext>> = [];
  return { namespace: PRIMARY_NAMESPACE, aliases: [ALIAS_NAMESPACE], routes };
}

import type { NamespaceDef, RouteDef } from '../../http/routes';
import { idListValid } from '../events/event-archive';
import { ParamChecks } from '../post-resource/param-checks';
import type { CalendarRegistry } from '../registry/calendar-registry';
import { POST_TYPE } from '../registry/identifiers';
import { EVENT_META } from '../registry/meta-keys';
import type { CalendarRequestContext } from '../site/calendar-context';
import { TecEventListArgs, tecLinkedListArgs } from './tec-args';
import { listTecEvents, listTecLinked } from './tec-lists';
import { tecResourceRoutes, type TecResource } from './tec-routes';
import { TecEventBody, TecOrganizerBody, TecVenueBody } from './tec-write-args';
import { createTec, deleteTec, updateTec } from './tec-writes';
import { tecDocsRoute } from './docs-route';

/**
 * The Events Calendar's newer REST API, `tec/v1`: another view of the registry's post types beside tribe/events/v1
 * (the same rows, queries, permission rules and write path), with routes in the plugin's order: events, organizers,
 * venues.
 */

export const TEC_NAMESPACE = 'tec/v1';

const ORDER = [POST_TYPE.event, POST_TYPE.organizer, POST_TYPE.venue];

const WRITES = { create: createTec, update: updateTec, remove: deleteTec };

function resourceOf(registry: CalendarRegistry, postType: string): TecResource | undefined {
  const def = registry.postType(postType);
  if (!def) return undefined;
  if (postType === POST_TYPE.event) {
    return {
      def,
      ...WRITES,
      createArgs: TecEventBody,
      updateArgs: TecEventBody,
      listArgs: TecEventListArgs,
      list: listTecEvents,
      validateList: async (env, input) => {
        const checks = new ParamChecks();
        const { venue, organizer } = input.args as { venue?: unknown[]; organizer?: unknown[] };
        if (venue !== undefined && !(await idListValid(env, venue, POST_TYPE.venue))) checks.fail('venue');
        if (organizer !== undefined && !(await idListValid(env, organizer, POST_TYPE.organizer))) checks.fail('organizer');
        return checks.result();
      },
    };
  }
  const linkKey = postType === POST_TYPE.venue ? EVENT_META.venueId : EVENT_META.organizerId;
  const body = postType === POST_TYPE.venue ? TecVenueBody : TecOrganizerBody;
  return { def, ...WRITES, createArgs: body, updateArgs: body, listArgs: tecLinkedListArgs(def.restBase), list: listTecLinked(linkKey) };
}

export function tecNamespace(registry: CalendarRegistry): NamespaceDef<CalendarRequestContext> {
  const routes: Array<RouteDef<CalendarRequestContext>> = ORDER.map((t) => resourceOf(registry, t))
    .filter((r): r is TecResource => r !== undefined)
    .flatMap(tecResourceRoutes);
  routes.push(tecDocsRoute());
  return { namespace: TEC_NAMESPACE, routes };
}

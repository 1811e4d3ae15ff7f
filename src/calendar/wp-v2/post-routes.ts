import { restRoot } from '../../http/context';
import { endpoint, type Endpoint, type RouteDef } from '../../http/routes';
import { collectionArgs, itemReadArgs } from '../../wp-rest/post-args';
import { postItemSchema } from '../../wp-rest/post-schema';
import { WRITE_STATUSES } from '../../wp-rest/post-write-args';
import type { CalendarRegistry } from '../registry/calendar-registry';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarRequestContext } from '../site/calendar-context';
import type { Req } from '../post-resource/request';
import { listPosts, mayList, mayRead, readPost, SITE_STATUSES, validateStatuses } from './post-reads';
import { createArgs, deleteArgs, mayCreate, mayDelete, mayUpdate, createPost, deletePost, updateArgs, updatePost } from './post-writes';
import { restPostType } from './post-view';
import { wpV2RevisionRoutes } from './revision-routes';
import { autosaveRoutes } from './autosave-routes';

/**
 * WordPress's posts controller routes for each calendar post type, under its `wp/v2` rest_base: the collection
 * (GET list, POST create) and one post (GET, POST|PUT|PATCH update, DELETE trash or delete), in WordPress's order.
 */

type C = CalendarRequestContext;

function collection(registry: CalendarRegistry, def: PostTypeDefinition): Array<Endpoint<C, any>> {
  const type = restPostType({ registry }, def);
  return [
    endpoint<C, ReturnType<typeof collectionArgs>>({
      methods: ['GET'],
      args: collectionArgs(type, (taxonomy) => registry.terms.hierarchical(taxonomy), SITE_STATUSES),
      validate: (req) => validateStatuses(def, req as Req),
      permission: (req) => mayList(def, req as Req),
      handler: (req) => listPosts(def, req as Req),
      allowBatch: true,
      heavy: true,
    }),
    endpoint<C, ReturnType<typeof createArgs>>({
      methods: ['POST'],
      args: createArgs(type),
      permission: (req) => mayCreate(def, req as Req),
      handler: (req) => createPost(def, req as Req),
      allowBatch: true,
    }),
  ];
}

function item(registry: CalendarRegistry, def: PostTypeDefinition): Array<Endpoint<C, any>> {
  const type = restPostType({ registry }, def);
  return [
    endpoint<C, ReturnType<typeof itemReadArgs>>({
      methods: ['GET'],
      args: itemReadArgs(type),
      permission: (req) => mayRead(def, req as Req),
      handler: (req) => readPost(def, req as Req),
      allowBatch: true,
    }),
    endpoint<C, ReturnType<typeof updateArgs>>({
      methods: ['POST', 'PUT', 'PATCH'],
      args: updateArgs(type),
      permission: (req) => mayUpdate(def, req as Req),
      handler: (req) => updatePost(def, req as Req),
      allowBatch: true,
    }),
    endpoint<C, ReturnType<typeof deleteArgs>>({
      methods: ['DELETE'],
      args: deleteArgs(),
      permission: (req) => mayDelete(def, req as Req),
      handler: (req) => deletePost(def, req as Req),
      allowBatch: true,
    }),
  ];
}

/** The routes of every registered post type. */
export function wpV2PostRoutes(registry: CalendarRegistry): Array<RouteDef<C>> {
  // In the order the plugin registers its post types (venue, organizer, then event), as WordPress lists their routes.
  return registry.loadOrder.flatMap((def) => {
    // The OPTIONS answers' `schema`: the type's object (get_item_schema()), its links under the site's REST root.
    const type = restPostType({ registry }, def);
    const schema = async (ctx: C) => postItemSchema({ type, statuses: WRITE_STATUSES, restBase: def.wpRestBase }, restRoot(await ctx.site()));
    return [
      { path: `/${def.wpRestBase}`, endpoints: collection(registry, def), schema },
      { path: `/${def.wpRestBase}/(?P<id>[\\d]+)`, endpoints: item(registry, def), schema },
      ...wpV2RevisionRoutes(def),
      ...autosaveRoutes(registry, def),
    ];
  });
}

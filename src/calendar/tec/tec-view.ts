import { localKey } from '../../http/routes';
import { getPost, type PostRow } from '../../wp/posts';
import { checkReadPermission } from '../../wp-rest/post-permissions';
import type { OperationInput } from '../post-resource/define';
import { loadBundle } from '../post-resource/post-bundle';
import { capRecord } from '../post-resource/write';
import type { PostTypeDefinition } from '../registry/post-type';
import { POST_TYPE } from '../registry/identifiers';
import type { TecObject } from '../schemas/tec-objects';
import type { CalendarEnv } from '../site/calendar-env';
import { tecEventObject, tecEventTurns } from './tec-event-object';
import { tecOrganizerObject, tecVenueObject } from './tec-object';
import { requestedFields, withLinkedNarrowed } from './linked-fields';
import { inOrder, kept, keptPost, keptRenders } from '../post-resource/kept-objects';
import { passwordState } from '../post-resource/password';

/**
 * What the tec/v1 routes share over the registry's types: the objects of a batch of posts (loaded in a fixed number
 * of queries), the password state of a post for a request, and the read rule of one post (the type's route, then
 * WordPress's read_post through the registry's permissions).
 */

/** The objects of these posts in the order given; ids that name no post are left out. */
export async function tecObjects(env: CalendarEnv, def: PostTypeDefinition, ids: readonly number[], params: Record<string, unknown>, rows: readonly PostRow[] = []): Promise<Array<{ post: PostRow; object: TecObject }>> {
  const bundle = await loadBundle(env.ctx.wp, ids, { taxonomies: def.taxonomies, links: def.links, rows });
  const out: Array<{ post: PostRow; object: TecObject }> = [];
  const fields = requestedFields(params._fields);
  for (const id of ids) {
    const post = bundle.main.posts.get(id);
    if (!post) continue;
    const password = passwordState(post, params);
    const object: TecObject =
      def.postType === POST_TYPE.event
        ? withLinkedNarrowed(tecEventObject(env, bundle, post, password), fields)
        : def.postType === POST_TYPE.venue
          ? tecVenueObject(env, bundle.main, post)
          : tecOrganizerObject(env, bundle.main, post);
    out.push({ post, object });
  }
  return out;
}

/**
 * The objects of these posts by id (ids that name no post are left out), each with its post. With the change stamp
 * read before them, each is kept under it for the same viewer (keptRenders) until its event would read the clock
 * otherwise (is_past, is_now).
 */
export async function keptTecObjects(env: CalendarEnv, def: PostTypeDefinition, ids: readonly number[], params: Record<string, unknown>, stamp?: string, rows: readonly PostRow[] = []) {
  const render = async (missing: readonly number[]) => {
    const out = new Map<number, { post: PostRow; object: TecObject; until: number }>();
    for (const { post, object } of await tecObjects(env, def, missing, params, rows)) {
      const until = def.postType === POST_TYPE.event ? tecEventTurns(env, object) : Infinity;
      out.set(post.ID, { post, object: stamp === undefined ? object : kept(object), until });
    }
    return out;
  };
  const current = (item: { until: number }) => env.ctx.now.getTime() < item.until;
  return keptRenders(env, stamp, { kind: `tec ${def.postType}`, values: [params.password, params._fields] }, ids, render, current);
}

/** The objects of a list's page: those of the posts the caller may read, in the order given (kept: keptTecObjects). */
export async function readableTecObjects(env: CalendarEnv, def: PostTypeDefinition, ids: readonly number[], params: Record<string, unknown>, stamp?: string): Promise<TecObject[]> {
  const readable: TecObject[] = [];
  for (const { post, object } of inOrder(ids, await keptTecObjects(env, def, ids, params, stamp))) if (await mayRead(env, post)) readable.push(object);
  return readable;
}

/** current_user_can('read_post') as WordPress's posts controller asks it (check_read_permission()). */
export async function mayRead(env: CalendarEnv, post: PostRow): Promise<boolean> {
  const record = await capRecord(env.ctx.wp, post);
  return checkReadPermission(post, () => env.can('read', { postType: post.post_type }, record));
}

const TARGET = localKey<Promise<PostRow | undefined>>('tec/v1 addressed post');

/**
 * The post an item route names, read once per request; a read (`kept`) takes it from the rows kept under the change
 * stamp when its type is one the stamp covers.
 */
export const addressed = (env: CalendarEnv, input: Pick<OperationInput, 'params' | 'locals'>, kept = false): Promise<PostRow | undefined> =>
  input.locals.memo(TARGET, () => (kept ? keptPost(env, Number(input.params.id)) : getPost(env.ctx.wp, Number(input.params.id))));

/**
 * The read permission of an item route: the path's id (no declared argument) names a post of the route's type that the caller may read. The id
 * 0 passes, for the endpoint to answer it as unreadable.
 */
export async function mayReadItem(env: CalendarEnv, def: PostTypeDefinition, input: Pick<OperationInput, 'params' | 'locals'>): Promise<boolean> {
  if (Number(input.params.id) === 0) return true;
  const post = await addressed(env, input, true);
  if (!post || post.post_type !== def.postType) return false;
  return mayRead(env, post);
}

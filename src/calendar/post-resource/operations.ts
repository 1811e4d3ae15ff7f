import { RestResponse } from '../../http/response';
import { localKey } from '../../http/routes';
import { findPostBySlug, getPost, type PostRow } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarEnv } from '../site/calendar-env';
import type { ArgValues } from '../../http/args';
import type { OperationInput, PostArgShapes } from './define';
import { maskProtected } from './password';
import { loadBundle } from './post-bundle';
import { capRecord, commitCreate, commitTrash, commitUpdate } from './write';
import { kept, keptPost, keptPostBySlug, keptRenders, keptUnder } from './kept-objects';

/**
 * The item operations of the post engine's routes: target lookup, the update/delete permission with WordPress's meta
 * capabilities, the read, and the create / update / trash answers, whose writes go through the one write path
 * (write.ts). They take the calendar environment and plain input; the routes adapt the request (routes.ts, request.ts).
 */

const TARGET = localKey<Promise<PostRow | undefined>>('addressed post');

/** What the engine itself reads of an item route's arguments: the post it addresses, by id or by slug. */
export interface Address {
  id?: unknown;
  slug?: unknown;
}

/**
 * The post the route addresses (by id or by slug), loaded once per request; undefined when missing. A read (`kept`)
 * takes it from the rows kept under the change stamp when its type is one the stamp covers; a write reads it.
 */
function target(env: CalendarEnv, def: PostTypeDefinition, input: Pick<OperationInput<Address>, 'args' | 'locals'>, kept = false): Promise<PostRow | undefined> {
  const { id, slug } = input.args;
  return input.locals.memo(TARGET, () => {
    if (id !== undefined) return kept ? keptPost(env, Number(id)) : getPost(env.ctx.wp, Number(id));
    return kept ? keptPostBySlug(env, def.postType, String(slug ?? '')) : findPostBySlug(env.ctx.wp, def.postType, String(slug ?? ''));
  });
}

/**
 * Permission for update/delete: on the addressed post when the route names it by id (own vs others',
 * published, private), only the generic capability on by-slug routes, as the plugin checks it.
 */
export async function mayChange(env: CalendarEnv, def: PostTypeDefinition, action: 'edit' | 'delete', bySlug: boolean, input: OperationInput<Address>): Promise<boolean> {
  const subject = { postType: def.postType };
  if (bySlug) return env.can(action, subject);
  const post = await target(env, def, input);
  if (!post || post.post_type !== def.postType) return env.can(action, subject);
  return env.can(action, subject, await capRecord(env.ctx.wp, post));
}

/** The addressed post, or the resource's own error for a missing or foreign id. */
async function requireTarget(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput<Address>, kept = false): Promise<PostRow> {
  const post = await target(env, def, input, kept);
  if (!post) throw def.errors.notFound(String(input.args.id ?? input.args.slug));
  if (post.post_type !== def.postType) throw def.errors.wrongType();
  return post;
}

/** `row`: the post's row as this request just read it (a read), so it is not read again; writes pass none. */
async function serializeOne(env: CalendarEnv, def: PostTypeDefinition, wp: WpData, id: number, options: { jsonLd: boolean; mask?: boolean; row?: PostRow }): Promise<Record<string, unknown>> {
  const bundle = await loadBundle(wp, [id], { taxonomies: def.taxonomies, links: def.links, rows: options.row ? [options.row] : [] });
  const post = bundle.main.posts.get(id);
  if (!post) throw new Error(`post ${id} vanished`);
  const object = def.serialize(env, bundle, post, options);
  return options.mask ? maskProtected(env.registry, object) : object;
}

/**
 * One post's object, with its JSON-LD. With the object cache it is kept under the change stamp read before it (the
 * one the answer's ETag reads) for the same viewer: asked again after the whole answer is no longer kept (another
 * query string, LIST_CACHE=0), the post's row (kept too) is checked for the caller's permission, and nothing is read.
 */
export async function readItem(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput<Address>): Promise<Record<string, unknown>> {
  const stamp = keptUnder(env, 'objects');
  const post = await requireTarget(env, def, input, true);
  const access = def.readAccess(env, post, input.params);
  if (access.error) throw access.error;
  const render = async () => serializeOne(env, def, env.ctx.wp, post.ID, { jsonLd: true, mask: access.mask, row: post });
  const read = await stamp;
  if (read === undefined) return render();
  const viewer = { kind: `tribe ${def.name} item`, values: [access.mask] };
  const objects = await keptRenders(env, read, viewer, [post.ID], async () => new Map([[post.ID, kept(await render())]]));
  return objects.get(post.ID)!;
}

export async function createItem<A extends PostArgShapes>(env: CalendarEnv, def: PostTypeDefinition<A>, input: OperationInput<ArgValues<A['create']>>): Promise<RestResponse> {
  const object = await commitCreate(env, def, input, (wp, id) => serializeOne(env, def, wp, id, { jsonLd: false }));
  return new RestResponse(object, 201);
}

export async function updateItem<A extends PostArgShapes>(env: CalendarEnv, def: PostTypeDefinition<A>, input: OperationInput<Address & (ArgValues<A['update']> | ArgValues<A['updateBySlug']>)>): Promise<Record<string, unknown>> {
  const existing = await requireTarget(env, def, input);
  return commitUpdate(env, def, existing, input, (wp) => serializeOne(env, def, wp, existing.ID, { jsonLd: false }));
}

export async function deleteItem(env: CalendarEnv, def: PostTypeDefinition, input: OperationInput<Address>): Promise<Record<string, unknown>> {
  const post = await requireTarget(env, def, input);
  if (post.post_status === 'trash') throw def.errors.inTrash();
  return commitTrash(env, def, post, (wp) => serializeOne(env, def, wp, post.ID, { jsonLd: false }));
}

import { can } from '../capabilities';
import { type PostCapRecord } from '../../auth/permissions';
import { RestResponse } from '../../http/response';
import { localKey } from '../../http/routes';
import { loadPostMeta } from '../../wp/postmeta';
import { findPostBySlug, getPost, type PostRow } from '../../wp/posts';
import { insertPost, trashPost, updatePost, type PostFields } from '../../wp/post-writer';
import type { WpData } from '../../wp/wp-data';
import { discardPreparedImages } from '../attachments';
import { loadBundle } from '../bundle';
import type { CalendarEnv } from '../env';
import { WP_META } from '../meta-keys';
import { maskProtected } from '../password';
import { saveModifiedFields } from '../modified-fields';
import type { ArgValues } from '../../http/args';
import type { OperationInput, PostArgShapes, PostResourceDef, WriteArgs, WriteInput } from './define';

/**
 * The one engine behind events, venues and organizers: target lookup, permission checks with WordPress's
 * meta capabilities, and the read / create / update / trash flows, each write in one transaction. They take the
 * calendar environment and plain input; the routes adapt the request (routes.ts, request.ts).
 */

const TARGET = localKey<Promise<PostRow | undefined>>('addressed post');

/** What the engine itself reads of an item route's arguments: the post it addresses, by id or by slug. */
export interface Address {
  id?: unknown;
  slug?: unknown;
}

/** The post the route addresses (by id or by slug), loaded once per request; undefined when missing. */
function target(wp: WpData, def: PostResourceDef, input: Pick<OperationInput<Address>, 'args' | 'locals'>): Promise<PostRow | undefined> {
  return input.locals.memo(TARGET, () =>
    input.args.id !== undefined ? getPost(wp, Number(input.args.id)) : findPostBySlug(wp, def.postType, String(input.args.slug ?? '')),
  );
}

/** What map_meta_cap reads from a post, including the status it had before it was trashed. */
export async function capRecord(wp: WpData, post: PostRow): Promise<PostCapRecord> {
  if (post.post_status !== 'trash') return post;
  const meta = await loadPostMeta(wp, [post.ID], [WP_META.trashStatus]);
  return { ...post, trashMetaStatus: meta.first(post.ID, WP_META.trashStatus) ?? null };
}

/**
 * Permission for update/delete: on the addressed post when the route names it by id (own vs others',
 * published, private), only the generic capability on by-slug routes, as the plugin checks it.
 */
export async function mayChange(env: CalendarEnv, def: PostResourceDef, action: 'edit' | 'delete', bySlug: boolean, input: OperationInput<Address>): Promise<boolean> {
  const { principal, wp } = env.ctx;
  const subject = { postType: def.postType };
  if (bySlug) return can(principal, action, subject);
  const post = await target(wp, def, input);
  if (!post || post.post_type !== def.postType) return can(principal, action, subject);
  return can(principal, action, subject, await capRecord(wp, post));
}

/** The addressed post, or the resource's own error for a missing or foreign id. */
async function requireTarget(env: CalendarEnv, def: PostResourceDef, input: OperationInput<Address>): Promise<PostRow> {
  const post = await target(env.ctx.wp, def, input);
  if (!post) throw def.errors.notFound(String(input.args.id ?? input.args.slug));
  if (post.post_type !== def.postType) throw def.errors.wrongType();
  return post;
}

/** `row`: the post's row as this request just read it (a read), so it is not read again; writes pass none. */
export async function serializeOne(env: CalendarEnv, def: PostResourceDef, wp: WpData, id: number, options: { jsonLd: boolean; mask?: boolean; row?: PostRow }): Promise<Record<string, unknown>> {
  const bundle = await loadBundle(wp, [id], { taxonomies: def.taxonomies, links: def.links, rows: options.row ? [options.row] : [] });
  const post = bundle.main.posts.get(id);
  if (!post) throw new Error(`post ${id} vanished`);
  const object = def.serialize(env, bundle, post, options);
  return options.mask ? maskProtected(object) : object;
}

export async function readItem(env: CalendarEnv, def: PostResourceDef, input: OperationInput<Address>): Promise<Record<string, unknown>> {
  const post = await requireTarget(env, def, input);
  const access = def.readAccess(env, post, input.params);
  if (access.error) throw access.error;
  return serializeOne(env, def, env.ctx.wp, post.ID, { jsonLd: true, mask: access.mask, row: post });
}

/**
 * What wp_insert_post accepts beyond the REST arguments, for importers: the id the post had (used when free),
 * its password, and a slug for the types whose create takes none.
 */
export type ImportFields = Pick<PostFields, 'import_id' | 'post_password' | 'post_name'>;

/**
 * A create as the plugin runs it, inside the caller's transaction: a duplicate the resource recognises is
 * reused (its meta overwritten), otherwise a new post is inserted. Returns the post id.
 * An import (`imported` given) always inserts: every post it lists is a post of its own.
 */
export async function writeNewPost<A extends PostArgShapes>(env: CalendarEnv, wp: WpData, def: PostResourceDef<A>, given: WriteInput<WriteArgs<A>>, imported?: ImportFields): Promise<number> {
  const replaced = await def.writer.beforeInsert?.(env, wp, given);
  const input = replaced ? { ...given, args: { ...given.args, ...replaced } } : given;
  const duplicate = imported ? undefined : await def.writer.findDuplicate?.(env, wp, input);
  // A reused duplicate keeps its post row as it is (post_modified included); only its meta is rewritten.
  const post = duplicate ?? (await insertPost(wp, env.write, { ...(await def.writer.postFields(env, input)), ...stripUndefined(imported ?? {}), post_type: def.postType }));
  await def.writer.saveMeta(env, wp, post.ID, input, duplicate, duplicate !== undefined);
  return post.ID;
}

/** An update as the plugin runs it, inside the caller's transaction: the post's fields, then its meta. */
export async function writeExistingPost<A extends PostArgShapes>(env: CalendarEnv, wp: WpData, def: PostResourceDef<A>, existing: PostRow, input: WriteInput<WriteArgs<A>>): Promise<void> {
  if (!def.writer.skipsPostUpdate?.(input)) await updatePost(wp, env.write, existing.ID, await def.writer.postFields(env, input, existing));
  await def.writer.saveMeta(env, wp, existing.ID, input, existing);
}

/** A write's transaction; when it fails, the images its validation downloaded are removed again. */
async function writing<T>(env: CalendarEnv, work: (wp: WpData) => Promise<T>): Promise<T> {
  try {
    return await env.ctx.wp.transaction(work);
  } catch (error) {
    await discardPreparedImages(env);
    throw error;
  }
}

export async function createItem<A extends PostArgShapes>(env: CalendarEnv, def: PostResourceDef<A>, input: WriteInput<ArgValues<A['create']>>): Promise<RestResponse> {
  const object = await writing(env, async (wp) => {
    const id = await writeNewPost(env, wp, def, input);
    await saveModifiedFields(env, wp);
    return serializeOne(env, def, wp, id, { jsonLd: false });
  });
  return new RestResponse(object, 201);
}

export async function updateItem<A extends PostArgShapes>(env: CalendarEnv, def: PostResourceDef<A>, input: OperationInput<Address & (ArgValues<A['update']> | ArgValues<A['updateBySlug']>)>): Promise<Record<string, unknown>> {
  const existing = await requireTarget(env, def, input);
  return writing(env, async (wp) => {
    await writeExistingPost(env, wp, def, existing, input);
    await saveModifiedFields(env, wp);
    return serializeOne(env, def, wp, existing.ID, { jsonLd: false });
  });
}

export async function deleteItem(env: CalendarEnv, def: PostResourceDef, input: OperationInput<Address>): Promise<Record<string, unknown>> {
  const post = await requireTarget(env, def, input);
  if (post.post_status === 'trash') throw def.errors.inTrash();
  return env.ctx.wp.transaction(async (wp) => {
    const trashed = await trashPost(wp, env.write, post.ID);
    await def.writer.afterTrash?.(env, wp, trashed);
    await saveModifiedFields(env, wp);
    return serializeOne(env, def, wp, post.ID, { jsonLd: false });
  });
}

const stripUndefined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

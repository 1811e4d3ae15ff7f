import { parseArgs } from '../../http/args';
import { forbidden, invalidParams } from '../../http/errors';
import type { PostCapRecord } from '../../auth/permissions';
import { loadPostMeta } from '../../wp/postmeta';
import { trashPost as trashPostRow } from '../../wp/post-writer';
import { getPost, type PostRow } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import { WP_META } from '../registry/meta-keys';
import { deletePostForGood } from '../../wp/post-delete';
import { deleteCustomTableRows } from '../data/custom-tables';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarEnv } from '../site/calendar-env';
import type { PostArgShapes, WriteArgs, WriteInput } from './define';
import { saveModifiedFields } from './modified-fields';
import { writePreparation } from './write-preparation';
import { writeExistingPost, writeNewPost, type ImportFields } from './write-rows';

export type { ImportFields } from './write-rows';

/**
 * The one write path of the calendar's post types, whoever writes (a REST route, the fixture loader, the iCal import):
 *   prepare   the arguments parsed by the type's argument shapes (the REST server parses a request's itself)
 *   validate  the type's database checks, which also prepare what the transaction needs (inline posts, images)
 *   authorize WordPress's meta capabilities for the caller (create; edit or delete of this post)
 *   write     in one transaction: the post row, its meta, terms and links (the type's writer), then the bookkeeping
 *             (`_tribe_modified_fields`); the event index and the plugin's custom tables follow inside it
 * A write that does not happen removes the images its validation downloaded. The REST routes run the same steps as
 * stages of the REST server (routes.ts); createPost/updatePost/trashPost run them for callers without a request.
 */

/** What map_meta_cap reads from a post, including the status it had before it was trashed. */
export async function capRecord(wp: WpData, post: PostRow): Promise<PostCapRecord> {
  if (post.post_status !== 'trash') return post;
  const meta = await loadPostMeta(wp, [post.ID], [WP_META.trashStatus]);
  return { ...post, trashMetaStatus: meta.first(post.ID, WP_META.trashStatus) ?? null };
}

/**
 * The write's transaction, with the bookkeeping of what it changed; a write that fails removes its downloads. The
 * written type's definition decides the order of its own post's `_tribe_modified_fields` (a view of the type may write
 * in another order than its registered one).
 */
async function committing<T>(env: CalendarEnv, type: PostTypeDefinition, input: Pick<WriteInput, 'prepared'>, work: (wp: WpData) => Promise<T>): Promise<T> {
  try {
    return await env.ctx.wp.transaction(async (wp) => {
      const { result, changes } = await wp.journal(() => work(wp));
      await saveModifiedFields(env, wp, changes, type);
      return result;
    });
  } catch (error) {
    await input.prepared.discard();
    throw error;
  }
}

/** The write step of a create; `finish` runs inside the transaction (the answer is read there). */
export function commitCreate<A extends PostArgShapes, T>(env: CalendarEnv, type: PostTypeDefinition<A>, input: WriteInput<WriteArgs<A>>, finish: (wp: WpData, id: number) => Promise<T>, imported?: ImportFields): Promise<T> {
  return committing(env, type, input, async (wp) => {
    const id = await writeNewPost(env, wp, type, input, imported);
    await type.afterWrite?.(wp, id, env.ctx.now);
    return finish(wp, id);
  });
}

/**
 * The post as it is under the write lock: what a write decides from (its status, its trash state) is read again
 * inside the transaction, so concurrent writers of one post see each other's commits (the row read before the
 * transaction only served the permission check and the route's 404).
 */
async function lockedRow(wp: WpData, type: PostTypeDefinition, post: PostRow): Promise<PostRow> {
  const current = await getPost(wp, post.ID);
  if (!current) throw type.errors.notFound(String(post.ID));
  return current;
}

/** The write step of an update. */
export function commitUpdate<A extends PostArgShapes, T>(env: CalendarEnv, type: PostTypeDefinition<A>, existing: PostRow, input: WriteInput<WriteArgs<A>>, finish: (wp: WpData) => Promise<T>): Promise<T> {
  return committing(env, type, input, async (wp) => {
    await writeExistingPost(env, wp, type, await lockedRow(wp, type, existing), input);
    await type.afterWrite?.(wp, existing.ID, env.ctx.now);
    return finish(wp);
  });
}

/**
 * The write step of a move to the trash, with the type's side effects (unlinking venues and organizers). A post
 * already in the trash is the type's `inTrash` error, decided under the lock: of concurrent deletes of one post,
 * one trashes it and the others are refused, and the post keeps one pair of trash meta.
 */
export function commitTrash<T>(env: CalendarEnv, type: PostTypeDefinition, post: PostRow, finish: (wp: WpData) => Promise<T>): Promise<T> {
  return committing(env, type, { prepared: writePreparation(env.ctx) }, async (wp) => {
    if ((await lockedRow(wp, type, post)).post_status === 'trash') throw type.errors.inTrash();
    await type.writer.beforeTrash?.(env, wp, post);
    const trashed = await trashPostRow(wp, env.write, post.ID);
    await type.writer.afterTrash?.(env, wp, trashed);
    await type.afterWrite?.(wp, post.ID, env.ctx.now);
    return finish(wp);
  });
}

/** The write step of a permanent deletion: the post with its meta, terms and revisions, and the plugin's rows of it. */
export function commitDelete<T>(env: CalendarEnv, type: PostTypeDefinition, post: PostRow, finish: (wp: WpData) => Promise<T>): Promise<T> {
  return committing(env, type, { prepared: writePreparation(env.ctx) }, async (wp) => {
    await deletePostForGood(wp, env.registry.terms, post.ID);
    await deleteCustomTableRows(wp, post.ID);
    await type.afterWrite?.(wp, post.ID, env.ctx.now);
    return finish(wp);
  });
}

/** The prepare and validate steps for a caller without a request: arguments parsed, then the type's checks. */
async function prepared<A extends PostArgShapes>(env: CalendarEnv, type: PostTypeDefinition<A>, shape: A['create'] | A['update'], params: Record<string, unknown>): Promise<WriteInput<WriteArgs<A>>> {
  const parsed = parseArgs(shape, params);
  if ('error' in parsed) throw parsed.error;
  const input = { args: parsed.values as WriteArgs<A>, params, prepared: writePreparation(env.ctx) };
  const problems = await type.validate?.(env, input, { bySlug: false });
  if (problems) {
    await input.prepared.discard();
    throw invalidParams(problems);
  }
  return input;
}

/** The whole path for a create by a caller without a request (fixtures, imports): returns the new post's id. */
export async function createPost<A extends PostArgShapes>(env: CalendarEnv, type: PostTypeDefinition<A>, params: Record<string, unknown>, imported?: ImportFields): Promise<number> {
  const input = await prepared(env, type, type.args.create, params);
  if (!env.can('create', { postType: type.postType })) throw forbidden(true);
  return commitCreate(env, type, input, async (_wp, id) => id, imported);
}

/** The whole path for an update by a caller without a request. */
export async function updatePost<A extends PostArgShapes>(env: CalendarEnv, type: PostTypeDefinition<A>, existing: PostRow, params: Record<string, unknown>): Promise<void> {
  const input = await prepared(env, type, type.args.update, { ...params, id: existing.ID });
  if (!env.can('edit', { postType: type.postType }, await capRecord(env.ctx.wp, existing))) throw forbidden(true);
  await commitUpdate(env, type, existing, input, async () => undefined);
}

/** The whole path for a move to the trash by a caller without a request. */
export async function trashPost(env: CalendarEnv, type: PostTypeDefinition, post: PostRow): Promise<void> {
  if (!env.can('delete', { postType: type.postType }, await capRecord(env.ctx.wp, post))) throw forbidden(true);
  await commitTrash(env, type, post, async () => undefined);
}


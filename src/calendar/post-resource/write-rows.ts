import { insertPost, updatePost as updatePostRow, type PostFields } from '../../wp/post-writer';
import type { PostRow } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import type { PostTypeDefinition } from '../registry/post-type';
import type { PostArgShapes, WriteArgs, WriteInput } from './define';

/**
 * What a write of a calendar post writes inside its transaction (write.ts holds the steps around it): the post row
 * through wp_insert_post()/wp_update_post() and the type's meta, terms and links through its writer. Also the inline
 * venue or organizer an event's write creates.
 */

/** What an importer may set beyond the REST arguments: the post's id (used when free), its password, a slug. */
export type ImportFields = Pick<PostFields, 'import_id' | 'post_password' | 'post_name'>;

/**
 * A create's rows, inside the caller's transaction: a duplicate the type recognises is reused (its meta overwritten),
 * otherwise a new post is inserted. An import (`imported` given) always inserts: every post it lists is its own.
 */
export async function writeNewPost<A extends PostArgShapes>(env: CalendarEnv, wp: WpData, type: PostTypeDefinition<A>, given: WriteInput<WriteArgs<A>>, imported?: ImportFields): Promise<number> {
  const replaced = await type.writer.beforeInsert?.(env, wp, given);
  const input = replaced ? { ...given, args: { ...given.args, ...replaced } } : given;
  const duplicate = imported ? undefined : await type.writer.findDuplicate?.(env, wp, input);
  // A reused duplicate keeps its post row as it is (post_modified included); only its meta is rewritten.
  // The request's values go to wp_insert_post() as the plugin hands them over: read as slashed (see saved-meta.ts).
  const post = duplicate ?? (await insertPost(wp, env.write, { ...(await type.writer.postFields(env, input)), ...input.columns, ...stripUndefined(imported ?? {}), post_type: type.postType, slashed: !env.fromFile }));
  await type.writer.saveMeta(env, wp, post.ID, input, duplicate, duplicate !== undefined);
  return post.ID;
}

/**
 * An update's rows, inside the caller's transaction: the posts it writes first (an inline venue or organizer, a
 * downloaded image: before the post's row and its revision), the post's fields, then its meta.
 */
export async function writeExistingPost<A extends PostArgShapes>(env: CalendarEnv, wp: WpData, type: PostTypeDefinition<A>, existing: PostRow, given: WriteInput<WriteArgs<A>>): Promise<void> {
  const replaced = await type.writer.beforeInsert?.(env, wp, given);
  const input = replaced ? { ...given, args: { ...given.args, ...replaced } } : given;
  if (!type.writer.skipsPostUpdate?.(input)) await updatePostRow(wp, env.write, existing.ID, { ...(await type.writer.postFields(env, input, existing)), ...input.columns, slashed: !env.fromFile });
  await type.writer.saveMeta(env, wp, existing.ID, input, existing);
}

const stripUndefined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

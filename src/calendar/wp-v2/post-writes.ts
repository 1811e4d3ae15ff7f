import { RestResponse } from '../../http/response';
import { restRoot } from '../../http/context';
import { getPost, type PostRow } from '../../wp/posts';
import { getUserById } from '../../wp/users';
import { getTermsByIds } from '../../wp/terms';
import type { WpData } from '../../wp/wp-handle';
import { writeError } from '../../wp-rest/post-write-args';
import { commitCreate, commitDelete, commitTrash, commitUpdate } from '../post-resource/write';
import { writePreparation } from '../post-resource/write-preparation';
import { envOf, type Req } from '../post-resource/request';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarEnv } from '../site/calendar-env';
import { addressedPost, addressedRights } from './post-reads';
import { postObjects, withCorePermalinks } from './post-view';
import { wpV2Writer, type WriteOutcome } from './post-writer';
import { stampLastSavePost } from '../site/tec-stamps';

export { createArgs, deleteArgs, updateArgs } from '../../wp-rest/post-write-args';

/**
 * The writes of WordPress's posts controller on a calendar type: the permission callbacks (create, update, delete:
 * also what the Allow header of every answer asks), then create_item(), update_item() and delete_item() through the
 * one write path (post-resource/write.ts) with the `wp/v2` writer (post-writer.ts).
 */

const authStatus = (env: CalendarEnv) => (env.ctx.isLoggedIn() ? 403 : 401);
const present = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== 0 && value !== '0';

/** check_assign_terms_permission(): every existing term sent must be assignable by the caller. */
async function mayAssignTerms(env: CalendarEnv, def: PostTypeDefinition, params: Record<string, unknown>): Promise<boolean> {
  for (const taxonomy of def.wpRest.taxonomies) {
    const base = env.registry.taxonomy(taxonomy)?.wpRestBase ?? taxonomy;
    const sent = params[base];
    if (!Array.isArray(sent) || sent.length === 0) continue;
    const terms = await getTermsByIds(env.ctx.wp, taxonomy, sent.map(Number));
    if (terms.size > 0 && !env.can('assign_terms', { taxonomy })) return false;
  }
  return true;
}

/** Setting another author needs the type's edit_others_posts. */
const othersAuthor = (env: CalendarEnv, def: PostTypeDefinition, author: unknown) =>
  present(author) && Number(author) !== env.ctx.principal.userId && !env.can('edit_others', { postType: def.postType });

export async function mayCreate(def: PostTypeDefinition, req: Req): Promise<boolean> {
  const env = await envOf(req);
  const status = { status: authStatus(env) };
  if (present(req.params.id)) throw writeError('rest_post_exists');
  if (othersAuthor(env, def, req.params.author)) throw writeError('rest_cannot_edit_others_create', status);
  if (!env.can('create', { postType: def.postType })) throw writeError('rest_cannot_create', status);
  if (!(await mayAssignTerms(env, def, req.params))) throw writeError('rest_cannot_assign_term', status);
  return true;
}

export async function mayUpdate(def: PostTypeDefinition, req: Req): Promise<boolean> {
  const { env, rights } = await addressedRights(def, req);
  const status = { status: authStatus(env) };
  if (!rights.edit) throw writeError('rest_cannot_edit', status);
  if (othersAuthor(env, def, req.params.author)) throw writeError('rest_cannot_edit_others_update', status);
  if (!(await mayAssignTerms(env, def, req.params))) throw writeError('rest_cannot_assign_term', status);
  return true;
}

export async function mayDelete(def: PostTypeDefinition, req: Req): Promise<boolean> {
  const { env, rights } = await addressedRights(def, req);
  if (!rights.delete) throw writeError('rest_cannot_delete', { status: authStatus(env) });
  return true;
}

/** handle_status_param() and the author check of prepare_item_for_database(). */
async function checkWrite(env: CalendarEnv, def: PostTypeDefinition, args: Record<string, unknown>): Promise<void> {
  const mayPublish = env.can('publish', { postType: def.postType });
  if (args.status === 'private' && !mayPublish) throw writeError('rest_cannot_publish_private');
  if ((args.status === 'publish' || args.status === 'future') && !mayPublish) throw writeError('rest_cannot_publish');
  if (args.author !== undefined && !(await getUserById(env.ctx.wp, Number(args.author)))) throw writeError('rest_invalid_author');
}

/** The type as a `wp/v2` write runs it: this view's writer, and `_tribe_modified_fields` in the order of the writes. */
/** The type as WordPress's posts controller writes it: its own writer, whose save hook runs the type's `afterWrite` where WordPress's save_post fires (before the request's meta). */
const wpV2Definition = (def: PostTypeDefinition, outcome: WriteOutcome): PostTypeDefinition => ({ ...def, writer: wpV2Writer(def, outcome), modifiedFieldsOrder: [], afterWrite: undefined });

const editObject = async (env: CalendarEnv, def: PostTypeDefinition, wp: WpData, id: number, req: Req) => {
  const post = await getPost(wp, id);
  if (!post) throw new Error(`post ${id} vanished`);
  const [object] = await postObjects(env, def, wp, [post], { context: 'edit', fields: req.params._fields, params: {} });
  return object!;
};

export async function createPost(def: PostTypeDefinition, req: Req): Promise<RestResponse> {
  const env = withCorePermalinks(await envOf(req));
  const args = req.args;
  await checkWrite(env, def, args);
  const text = (v: unknown) => typeof v === 'string' && v !== '';
  if (!text(args.title) && !text(args.content) && !text(args.excerpt)) throw writeError('empty_content');
  const outcome: WriteOutcome = {};
  const input = { args, params: req.params, prepared: writePreparation(env.ctx) };
  const id = await commitCreate(env, wpV2Definition(def, outcome), input, async (_wp, newId) => newId);
  if (outcome.metaError) throw outcome.metaError;
  const object = await editObject(env, def, env.ctx.wp, id, req);
  return new RestResponse(object, 201, { Location: `${restRoot(env.site)}wp/v2/${def.wpRestBase}/${id}` });
}

export async function updatePost(def: PostTypeDefinition, req: Req): Promise<Record<string, unknown>> {
  const env = withCorePermalinks(await envOf(req));
  const existing = await addressedPost(def, req);
  await checkWrite(env, def, req.args);
  const outcome: WriteOutcome = {};
  const input = { args: req.args, params: req.params, prepared: writePreparation(env.ctx) };
  await commitUpdate(env, wpV2Definition(def, outcome), existing, input, async () => undefined);
  if (outcome.metaError) throw outcome.metaError;
  return editObject(env, def, env.ctx.wp, existing.ID, req);
}

/** The fields wp_update_post() takes from a request (prepare_item_for_database()'s post fields; no terms or meta). */
const POST_FIELDS = ['date', 'date_gmt', 'slug', 'status', 'password', 'title', 'content', 'author', 'excerpt'];

/**
 * wp_update_post() of the request's post fields alone, as an autosave of one's own draft writes it: during an
 * autosave WordPress keeps no revision of the update.
 */
export async function updatePostFields(def: PostTypeDefinition, env: CalendarEnv, existing: PostRow, req: Req): Promise<void> {
  const args = Object.fromEntries(Object.entries(req.args).filter(([key, value]) => POST_FIELDS.includes(key) && value !== undefined));
  await checkWrite(env, def, args);
  const autosaving = { ...env, write: { ...env.write, revisionTypes: undefined } };
  const input = { args, params: args, prepared: writePreparation(env.ctx) };
  await commitUpdate(autosaving, { ...wpV2Definition(def, {}), writer: wpV2Writer(def, {}, true) }, existing, input, async () => undefined);
}

export async function deletePost(def: PostTypeDefinition, req: Req): Promise<Record<string, unknown>> {
  const env = await envOf(req);
  const post = await addressedPost(def, req);
  if (req.args.force === true) {
    // The answer's `previous` is the object as it was, without its links.
    const { _links: _gone, ...previous } = await editObject(env, def, env.ctx.wp, post.ID, req);
    await commitDelete(env, def, post, (wp) => stampLastSavePost(wp, env.ctx.now));
    return { deleted: true, previous };
  }
  if (post.post_status === 'trash') throw writeError('rest_already_trashed');
  await commitTrash(env, wpV2Definition(def, {}), post, async () => undefined);
  return editObject(env, def, env.ctx.wp, post.ID, req);
}

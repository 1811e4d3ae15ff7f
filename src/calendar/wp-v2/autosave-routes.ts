import { randomBytes } from 'node:crypto';
import { endpoint, type RouteDef } from '../../http/routes';
import { loadPostMeta } from '../../wp/postmeta';
import { getPost, type PostRow } from '../../wp/posts';
import { postAutosaves, savePostAutosave } from '../../wp/revisions';
import { createArgs } from '../../wp-rest/post-write-args';
import { autosaveCreateArgs, autosaveItemArgs, autosaveListArgs } from '../../wp-rest/revision-args';
import { revisionObject, revisionSchema } from '../../wp-rest/revision-object';
import { wpV2Error } from '../../wp-rest/wp-v2-errors';
import type { CalendarRegistry } from '../registry/calendar-registry';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarRequestContext } from '../site/calendar-context';
import type { CalendarEnv } from '../site/calendar-env';
import { envOf, type Req } from '../post-resource/request';
import { metaValues, registeredMetaSchema } from './registered-meta';
import { mayReadRevisions, revisionObjects, revisionParent } from './revision-view';
import { mayUpdate, updatePostFields } from './post-writes';
import { restPostType, withCorePermalinks } from './post-view';
import { restRoot } from '../../http/context';

/**
 * WordPress's autosaves controller under each calendar post type: the autosaves of a post (every user's), one of
 * them, and the autosave a client's editor writes — its own draft updated in place for the draft's author, else the
 * caller's one `<id>-autosave-v1` revision.
 */

type C = CalendarRequestContext;

/** The post's autosaves (every user's), newest first. */
const autosavesOf = (env: CalendarEnv, parentId: number) => postAutosaves(env.ctx.wp, parentId);

async function listAutosaves(def: PostTypeDefinition, req: Req): Promise<Array<Record<string, unknown>>> {
  const env = withCorePermalinks(await envOf(req));
  const parent = await revisionParent(def, env, req.params.id);
  return revisionObjects(def, env, await autosavesOf(env, parent.ID), req, (row) => previewLink(def, env, row, parent));
}

async function readAutosave(def: PostTypeDefinition, req: Req): Promise<Record<string, unknown>> {
  const env = await envOf(req);
  if (!(Number(req.params.parent) > 0)) throw wpV2Error('rest_autosave_invalid_parent');
  const [autosave] = await autosavesOf(env, Number(req.params.parent));
  if (!autosave) throw wpV2Error('rest_post_no_autosave');
  const parent = await revisionParent(def, env, req.params.parent);
  const [object] = await revisionObjects(def, withCorePermalinks(env), [autosave], req, (row) => previewLink(def, withCorePermalinks(env), row, parent));
  return object!;
}

/** wp_check_post_lock(): another user's `_edit_lock` of the last 150 seconds. */
async function lockedByOther(env: CalendarEnv, postId: number): Promise<boolean> {
  const lock = (await loadPostMeta(env.ctx.wp, [postId], ['_edit_lock'])).first(postId, '_edit_lock') ?? '';
  const [time, user] = lock.split(':').map(Number);
  return Boolean(time && user && user !== env.ctx.principal.userId && time > env.ctx.now.getTime() / 1000 - 150);
}

/**
 * get_preview_post_link() of a viewable type: the permalink with `preview=true`, and for an autosave its parent's id
 * and a preview nonce (WordPress's nonces are its own: the service's is random).
 */
function previewLink(def: PostTypeDefinition, env: CalendarEnv, post: PostRow, parent: PostRow | undefined): string {
  if (!def.wpRest.viewable) return '';
  const link = env.permalink(parent ?? post);
  const query = [...(parent ? [`preview_id=${parent.ID}`, `preview_nonce=${randomBytes(5).toString('hex')}`] : []), 'preview=true'];
  return `${link}${link.includes('?') ? '&' : '?'}${query.join('&')}`;
}

async function createAutosave(def: PostTypeDefinition, req: Req): Promise<Record<string, unknown>> {
  const env = withCorePermalinks(await envOf(req));
  const wp = env.ctx.wp;
  const post = await revisionParent(def, env, req.params.id);
  const userId = env.ctx.principal.userId;
  const ownDraft = (post.post_status === 'draft' || post.post_status === 'auto-draft') && Number(post.post_author) === userId && !(await lockedByOther(env, post.ID));
  let saved: PostRow | undefined;
  if (ownDraft) {
    await updatePostFields(def, env, post, req);
    saved = await getPost(wp, post.ID);
  } else {
    // title, content and excerpt arrive as strings: the write arguments read an object's `raw`.
    const { title, content, excerpt } = req.args as { title?: string; content?: string; excerpt?: string };
    const id = await wp.transaction((tx) => savePostAutosave(tx, env.write, post, { post_title: title, post_content: content, post_excerpt: excerpt }, userId));
    saved = await getPost(wp, id);
  }
  const meta = await loadPostMeta(wp, [saved!.ID]);
  const parentHref = `${restRoot(env.site)}wp/v2/${def.wpRestBase}/${saved!.post_parent}`;
  const object = revisionObject({ post: saved!, meta: metaValues(def.postType, meta, saved!.ID), parentHref, previewLink: previewLink(def, env, saved!, ownDraft ? undefined : post) }, { context: 'edit', fields: req.params._fields, autosave: true });
  return object;
}

export function autosaveRoutes(registry: CalendarRegistry, def: PostTypeDefinition): Array<RouteDef<C>> {
  const metaSchema = registeredMetaSchema(def.postType);
  const schema = () => revisionSchema(def.postType, metaSchema, true);
  const writeArgs = autosaveCreateArgs(createArgs(restPostType({ registry }, def)));
  return [
    {
      path: `/${def.wpRestBase}/(?P<id>[\\d]+)/autosaves`,
      schema,
      endpoints: [
        endpoint<C, ReturnType<typeof autosaveListArgs>>({ methods: ['GET'], args: autosaveListArgs(), permission: (req) => mayReadRevisions(def, req as Req, 'autosaves', req.params.id), handler: (req) => listAutosaves(def, req as Req) }),
        // create_item_permissions_check() is the post's update check.
        endpoint<C, typeof writeArgs>({ methods: ['POST'], args: writeArgs, permission: (req) => mayUpdate(def, req as Req), handler: (req) => createAutosave(def, req as Req) }),
      ],
    },
    {
      path: `/${def.wpRestBase}/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)`,
      schema,
      endpoints: [
        endpoint<C, ReturnType<typeof autosaveItemArgs>>({ methods: ['GET'], args: autosaveItemArgs(), permission: (req) => mayReadRevisions(def, req as Req, 'autosaves', req.params.parent), handler: (req) => readAutosave(def, req as Req) }),
      ],
    },
  ];
}

import { restRoot } from '../../http/context';
import { loadPostMeta } from '../../wp/postmeta';
import { getPost, type PostRow } from '../../wp/posts';
import { restContext } from '../../wp-rest/response-fields';
import { revisionObject } from '../../wp-rest/revision-object';
import type { WpRevisionObject } from '../../wp-rest/wp-objects';
import { wpV2Error } from '../../wp-rest/wp-v2-errors';
import type { PostTypeDefinition } from '../registry/post-type';
import type { CalendarEnv } from '../site/calendar-env';
import { envOf, type Req } from '../post-resource/request';
import { metaValues } from './registered-meta';

/** What the revisions and autosaves routes share: the parent post, who may read its revisions, their objects. */

/** get_parent(): a post of the route's type, else 404 rest_post_invalid_parent. */
export async function revisionParent(def: PostTypeDefinition, env: CalendarEnv, id: unknown): Promise<PostRow> {
  const parent = Number(id) > 0 ? await getPost(env.ctx.wp, Number(id)) : undefined;
  if (!parent || parent.post_type !== def.postType) throw wpV2Error('rest_post_invalid_parent');
  return parent;
}

/** edit_post on the parent, which reading its revisions (or autosaves) needs. */
export async function mayReadRevisions(def: PostTypeDefinition, req: Req, of: 'revisions' | 'autosaves', parentId: unknown): Promise<boolean> {
  const env = await envOf(req);
  const parent = await revisionParent(def, env, parentId);
  if (env.can('edit', { postType: def.postType }, parent)) return true;
  throw wpV2Error(of === 'revisions' ? 'rest_cannot_read_revisions' : 'rest_cannot_read_autosaves', { status: env.ctx.isLoggedIn() ? 403 : 401 });
}

/**
 * The revisions' objects in the order of the rows, with the registered meta of the parent's type; autosaves
 * (`preview`: each one's preview link) as the autosaves controller shows them.
 */
export async function revisionObjects(def: PostTypeDefinition, env: CalendarEnv, rows: readonly PostRow[], req: Req, preview?: (row: PostRow) => string): Promise<WpRevisionObject[]> {
  const meta = await loadPostMeta(env.ctx.wp, rows.map((r) => r.ID));
  const parentHref = (row: PostRow) => `${restRoot(env.site)}wp/v2/${def.wpRestBase}/${row.post_parent}`;
  const context = restContext(req.params.context);
  return rows.map((post) =>
    revisionObject(
      { post, meta: metaValues(def.postType, meta, post.ID), parentHref: parentHref(post), previewLink: context === 'edit' ? preview?.(post) : undefined },
      { context, fields: req.params._fields, autosave: preview !== undefined },
    ),
  );
}

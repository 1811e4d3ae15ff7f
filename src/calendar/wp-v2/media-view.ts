import { localKey } from '../../http/routes';
import { restRoot } from '../../http/context';
import { loadMediaLibrary } from '../../wp/attachments';
import { getPost, type PostRow } from '../../wp/posts';
import { slugFromTitle } from '../../wp/post-slugs';
import { standaloneMedia } from '../../wp/text/the-content';
import { ATTACHMENT_OMITS, ATTACHMENT_TYPE, attachmentFields, attachmentLinks, attachmentSchemaFields } from '../../wp-rest/attachment-object';
import { postsError } from '../../wp-rest/post-collection';
import { postObject, postSchemaFields } from '../../wp-rest/post-object';
import { checkReadPermission } from '../../wp-rest/post-permissions';
import { includedFields, type RestContext } from '../../wp-rest/response-fields';
import type { CalendarEnv } from '../site/calendar-env';
import { envOf, type Req } from '../post-resource/request';
import { capRecordOf, withCorePermalinks } from './post-view';
import { metaValues } from './registered-meta';
import type { WpAttachmentObject } from '../../wp-rest/wp-objects';

/**
 * What the `wp/v2/media` routes share (docs/compat/wp-v2.md §6): the attachments' objects, the caller's rights on one
 * and the addressed attachment of an item route. Attachments are posts of type `attachment`; an attached one is as
 * visible as the post it is attached to.
 */

export const subject = { postType: 'attachment' };
export const loggedInStatus = (env: CalendarEnv) => (env.ctx.isLoggedIn() ? 403 : 401);

/** The attachments of the ids with their meta and parents: a media library read in a fixed number of queries. */
export const libraryOf = (env: CalendarEnv, ids: readonly number[]) => loadMediaLibrary(env.ctx.wp, { ids: new Set(ids), unattached: new Set() });
export type Library = Awaited<ReturnType<typeof libraryOf>>;

export const parentOf = (library: Library, post: PostRow) => (post.post_parent > 0 ? library.parents.get(Number(post.post_parent)) : undefined);

/** The attachments' objects with their `_links`, in the order of the ids. */
export function mediaObjects(given: CalendarEnv, library: Library, ids: readonly number[], context: RestContext, fields: unknown, keep?: (rights: Rights) => boolean) {
  const env = withCorePermalinks(given);
  const media = { ...standaloneMedia(env.site), media: library, permalink: (p: PostRow) => env.permalink(p) };
  const root = restRoot(env.site);
  const schema = [...postSchemaFields(ATTACHMENT_TYPE, context).filter((f) => !ATTACHMENT_OMITS.includes(f)), ...attachmentSchemaFields(context)];
  const has = includedFields(schema, fields);
  const actions = context === 'edit' ? [...(env.write.unfilteredHtml ? ['unfiltered-html'] : []), ...(env.can('edit_others', subject) ? ['assign-author'] : [])] : [];
  const out: WpAttachmentObject[] = [];
  for (const id of ids) {
    const post = library.attachments.posts.get(id);
    if (!post) continue;
    const parent = parentOf(library, post);
    const rights = rightsOn(env, post, parent, library.attachments.meta);
    if (keep && !keep(rights)) continue;
    const meta = (key: string) => library.attachments.meta.first(id, key);
    const link = attachmentPermalink(env, post, parent);
    // get_sample_permalink(): an unattached attachment's has no slug to edit; the slug is the one its title gives.
    const object: WpAttachmentObject = {
      ...postObject(
        { post, meta, terms: [], permalink: link, sample: { template: parent ? `${env.permalink(parent)}%postname%/` : `${env.site.home}/?attachment_id=${id}`, slug: generatedSlug(post) } },
        { type: ATTACHMENT_TYPE, context, fields, passwordRequired: false, omit: ATTACHMENT_OMITS, siteZone: env.siteZone, meta: metaValues('attachment', library.attachments.meta, id, context === 'embed') },
      ),
      ...attachmentFields({ post, meta, media }, context, has),
    };
    if (has('_links')) {
      const parentBase = parent ? (env.registry.loadOrder.find((d) => d.postType === parent.post_type)?.wpRestBase ?? parent.post_type) : '';
      object._links = attachmentLinks({ restRoot: root, post, allow: allowOf(rights), parent: parent ? { type: parent.post_type, restBase: parentBase } : undefined, actions });
    }
    out.push(object);
  }
  return out;
}

/**
 * The slug get_sample_permalink() makes of the title, made unique: the post's own slug when it is that slug with a
 * number added (the attachment already holds the unique form; no other post can), else the title's slug.
 */
function generatedSlug(post: PostRow): string {
  const slug = slugFromTitle(post.post_title, post.ID);
  return post.post_name === slug || new RegExp(`^${slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+$`).test(post.post_name) ? post.post_name : slug;
}

export type Rights = ReturnType<typeof rightsOn>;

function rightsOn(env: CalendarEnv, post: PostRow, parent: PostRow | undefined, meta: Parameters<typeof capRecordOf>[1]) {
  const record = capRecordOf(post, meta);
  const parentReadable = () => (parent ? parent.post_status === 'publish' || env.can('read', { postType: parent.post_type }, parent) : true);
  return {
    read: checkReadPermission(post, () => env.can('read', subject, record), parentReadable),
    edit: env.can('edit', subject, record),
    delete: env.can('delete', subject, record),
  };
}

const allowOf = (rights: Rights) => [...(rights.read ? ['GET'] : []), ...(rights.edit ? ['POST', 'PUT', 'PATCH'] : []), ...(rights.delete ? ['DELETE'] : [])];

/** get_permalink() of an attachment: under its parent's permalink when attached, else at the site's root. */
export function attachmentPermalink(env: CalendarEnv, post: PostRow, parent: PostRow | undefined): string {
  return parent ? `${env.permalink(parent)}${post.post_name}/` : `${env.site.home}/${post.post_name}/`;
}

const ADDRESSED = localKey<Promise<{ env: CalendarEnv; post: PostRow; library: Library; rights: Rights }>>('wp/v2 addressed attachment');

/** The addressed attachment, its library and the caller's rights on it; rest_post_invalid_id when it is not one. */
export function addressed(req: Req) {
  return req.locals.memo(ADDRESSED, async () => {
    const env = await envOf(req);
    const post = await getPost(env.ctx.wp, Number(req.params.id));
    if (!post || post.post_type !== 'attachment') throw postsError('rest_post_invalid_id');
    const library = await libraryOf(env, [post.ID]);
    return { env, post, library, rights: rightsOn(env, post, parentOf(library, post), library.attachments.meta) };
  });
}

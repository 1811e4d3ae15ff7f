import { phpEmpty } from '../../php/builtins';
import { theTitle } from '../../wp/text/formatting';
import { theContent, theExcerpt } from '../../wp/text/the-content';
import { contentMedia } from '../post-resource/content-media';
import type { PostRow } from '../../wp/posts';
import type { PostBundle } from '../post-resource/post-bundle';
import type { CalendarEnv } from '../site/calendar-env';
import { imageObject } from '../post-resource/images';
import { WP_META } from '../registry/meta-keys';
import { globalId, globalIdLineage } from '../site/urls';

/**
 * What venue and organizer objects share (Tribe__Events__REST__V1__Post_Repository::get_venue_data,
 * get_organizer_data): the leading post fields, PHP's array_filter() that drops every falsy entry, and the global ids.
 */

export function dropFalsy(object: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(object)) if (!phpEmpty(object[key])) kept[key] = object[key];
  return kept;
}

/**
 * id … image, with the post title under `nameKey` (`venue` or `organizer`): a fresh object the caller extends by
 * assignment (spreading it, with its computed key, into a new literal costs V8 about 15 times as much).
 */
export function linkedPostHead(env: CalendarEnv, bundle: PostBundle, post: PostRow, nameKey: string, source: 'main' | 'linked'): Record<string, unknown> {
  const set = bundle[source];
  return {
    id: post.ID,
    author: String(post.post_author),
    status: post.post_status,
    date: post.post_date,
    date_utc: post.post_date_gmt,
    modified: post.post_modified,
    modified_utc: post.post_modified_gmt,
    url: env.permalink(post),
    [nameKey]: theTitle(post.post_title),
    description: theContent(post.post_content, contentMedia(env, bundle.media)),
    excerpt: theExcerpt(post.post_excerpt, contentMedia(env, bundle.media)),
    slug: post.post_name,
    image: imageObject(bundle.attachments, set.meta.first(post.ID, WP_META.thumbnailId), env.site.uploadsUrl),
  };
}

export function globalIds(env: CalendarEnv, bundle: PostBundle, post: PostRow, source: 'main' | 'linked'): { global_id: string; global_id_lineage: string[] } {
  return {
    global_id: globalId(env.site.home, post.ID),
    global_id_lineage: globalIdLineage(env.site.home, post.ID, bundle[source].meta.all(post.ID, WP_META.lineage)),
  };
}

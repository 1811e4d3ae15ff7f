import { ZERO_DATE, type PostRow } from '../../wp/posts';
import type { PostExportReader } from '../registry/post-type';
import { WP_META } from '../registry/meta-keys';
import { attachmentUrl } from './images';

/**
 * The create arguments every calendar post type exports alike (fixtures/export-fixtures.ts): id, author, dates, slug,
 * status, password, description and image. A trashed post exports the slug it will get back when restored; authors only
 * when they are users an import can link.
 */
export function commonExportFields(r: PostExportReader, post: PostRow): Record<string, unknown> {
  const meta = r.bundle.main.meta;
  const slug = post.post_status === 'trash' ? (meta.first(post.ID, WP_META.desiredSlug) ?? post.post_name.replace(/__trashed(-\d+)?$/, '')) : post.post_name;
  const thumbnail = Number(meta.first(post.ID, WP_META.thumbnailId));
  const image = thumbnail > 0 && r.bundle.attachments.posts.has(thumbnail) ? attachmentUrl(r.bundle.attachments, thumbnail, r.uploadsUrl) : undefined;
  return {
    id: post.ID,
    author: r.userIds.has(post.post_author) ? post.post_author : undefined,
    date: post.post_date !== ZERO_DATE ? post.post_date : undefined,
    date_utc: post.post_date_gmt !== ZERO_DATE ? post.post_date_gmt : undefined,
    slug,
    status: post.post_status,
    password: post.post_password,
    description: post.post_content,
    image,
  };
}

import { missingImageSizes } from '../wp/image-sizes';
import { phpUnserialize } from '../php/php-serialize';
import type { PostRow } from '../wp/posts';
import { attachmentLinkHtml } from '../wp/text/attachment-image';
import type { MediaContext } from '../wp/text/media';
import { theContentFilters, theExcerptFilters } from '../wp/text/the-content';
import { EXCERPT_LENGTH, EXCERPT_MORE, wpTrimWords } from '../wp/text/excerpt';
import { CURIES } from './post-links';
import type { RestPostType } from './post-type';
import type { RestContext } from './response-fields';
import type { WpAttachmentFields, WpLinks } from './wp-objects';

/**
 * What WP_REST_Attachments_Controller adds to the post object of an attachment (docs/compat/wp-v2.md §6): the
 * description with the image prepended, the caption, the alt text, the MIME type and the unserialized metadata with a
 * URL on each size, and the links to the item it is attached to. The caller gives a media context holding the
 * attachments (their rows and meta) and their parents.
 */

/** The attachment post type as the REST pieces read it: title, author, featured image, comments and custom fields; viewable. */
export const ATTACHMENT_TYPE: RestPostType = { postType: 'attachment', supports: ['title', 'author', 'thumbnail', 'comments', 'custom-fields'], restTaxonomies: [], classTaxonomies: [], viewable: true };

/** The post fields the attachments controller takes out of its schema (an attachment has no password). */
export const ATTACHMENT_OMITS: readonly string[] = ['password'];

type Json = Record<string, unknown>;

/** The PHP-serialized `_wp_attachment_metadata` as JSON: PHP arrays with string keys become objects. */
function metadataOf(raw: string | null | undefined): Json {
  const value = raw ? phpUnserialize(raw) : false;
  return value && typeof value === 'object' ? (toJson(value) as Json) : {};
}

function toJson(value: unknown): unknown {
  if (value instanceof Map) {
    const entries = [...value.entries()];
    if (entries.length === 0) return [];
    if (entries.every(([k], i) => Number(k) === i)) return entries.map(([, v]) => toJson(v));
    return Object.fromEntries(entries.map(([k, v]) => [String(k), toJson(v)]));
  }
  if (Array.isArray(value)) return value.map(toJson);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  return value;
}

/** media_details: the metadata, each size with its `source_url` (`mime-type` renamed), and an added `full` size for images. */
function mediaDetails(post: PostRow, meta: Json, fileUrl: string, dirUrl: string): Json {
  const details: Json = { ...meta };
  if (!('sizes' in meta) && !post.post_mime_type.startsWith('image/')) {
    if (Object.keys(details).length === 0) return {};
    details.sizes = {};
    return details;
  }
  const sizes: Json = {};
  for (const [name, size] of Object.entries((meta.sizes ?? {}) as Record<string, Json>)) {
    const { 'mime-type': mime, ...rest } = size;
    sizes[name] = { ...rest, mime_type: mime, source_url: `${dirUrl}${String(size.file)}` };
  }
  if (post.post_mime_type.startsWith('image/') && Object.keys(sizes).length > 0) {
    sizes.full = { file: fileUrl.split('/').pop(), width: meta.width, height: meta.height, mime_type: post.post_mime_type, source_url: fileUrl };
  }
  details.sizes = Object.keys(sizes).length === 0 ? {} : sizes;
  return details;
}

export interface AttachmentSource {
  post: PostRow;
  meta(key: string): string | null | undefined;
  /** A media context holding this attachment (description's image). */
  media: MediaContext;
}

/** The attachment's own fields, in the controller's order, to append after the post object's. */
export function attachmentFields(source: AttachmentSource, context: RestContext, has: (field: string) => boolean): WpAttachmentFields {
  const { post, media } = source;
  const edit = context === 'edit';
  const file = source.meta('_wp_attached_file') ?? '';
  const fileUrl = `${media.uploadsUrl}/${file}`;
  const dirUrl = fileUrl.slice(0, fileUrl.lastIndexOf('/') + 1);
  const meta = metadataOf(source.meta('_wp_attachment_metadata'));
  const data: WpAttachmentFields = {};
  // prepend_attachment() on the_content, then wp_filter_content_tags() marks the image lazy.
  const description = () => {
    const image = attachmentLinkHtml(media, post.ID, 'medium', false)
      .replace('<img ', '<img loading="lazy" decoding="async" ')
      .replace(' sizes="', ' sizes="auto, ');
    return `<p class="attachment">${image}</p>\n${theContentFilters(post.post_content, media)}`;
  };
  if (has('description') && context !== 'embed') {
    const rendered = description();
    data.description = edit ? { raw: post.post_content, rendered } : { rendered };
  }
  if (has('caption')) {
    // Without a caption, wp_trim_excerpt() makes one of the description as shown: a file's link text, an image's nothing.
    const excerpt = post.post_excerpt.trim() !== '' ? post.post_excerpt : wpTrimWords(description().split(']]>').join(']]&gt;'), EXCERPT_LENGTH, EXCERPT_MORE);
    const rendered = excerpt === '' ? '' : theExcerptFilters(excerpt, media);
    data.caption = edit ? { raw: post.post_excerpt, rendered } : { rendered };
  }
  if (has('alt_text')) data.alt_text = source.meta('_wp_attachment_image_alt') ?? '';
  // wp_attachment_is_image(): an image is `image`, anything else `file`.
  if (has('media_type')) data.media_type = post.post_mime_type.startsWith('image/') ? 'image' : 'file';
  if (has('mime_type')) data.mime_type = post.post_mime_type;
  if (has('media_details')) data.media_details = mediaDetails(post, meta, fileUrl, dirUrl);
  if (has('post') && context !== 'embed') data.post = Number(post.post_parent) > 0 ? Number(post.post_parent) : null;
  if (has('source_url')) data.source_url = fileUrl;
  if (edit && has('missing_image_sizes')) data.missing_image_sizes = post.post_mime_type.startsWith('image/') ? missingImageSizes(meta) : [];
  // The file as uploaded: an upright copy's original (wp_get_original_image_path()).
  if (has('filename') && context !== 'embed') data.filename = typeof meta.original_image === 'string' ? meta.original_image : file.split('/').pop();
  if (has('filesize') && context !== 'embed' && meta.filesize !== undefined) data.filesize = meta.filesize;
  if (edit && has('exif_orientation') && post.post_mime_type.startsWith('image/')) data.exif_orientation = Number((meta.image_meta as Json | undefined)?.orientation ?? 0) || 1;
  return data;
}

/** The fields the attachment controller adds to the post schema, per context. */
export function attachmentSchemaFields(context: RestContext): string[] {
  if (context === 'embed') return ['caption', 'alt_text', 'media_type', 'mime_type', 'media_details', 'source_url'];
  return ['description', 'caption', 'alt_text', 'media_type', 'mime_type', 'media_details', 'post', 'source_url', ...(context === 'edit' ? ['missing_image_sizes'] : []), 'filename', 'filesize', ...(context === 'edit' ? ['exif_orientation'] : [])];
}

/** The attachment's `_links`: the post links an attachment has, `replies` while comments are open, the item it is attached to. */
export function attachmentLinks(input: { restRoot: string; post: PostRow; allow: readonly string[]; parent?: { type: string; restBase: string }; actions: readonly string[] }): WpLinks {
  const { post } = input;
  const v2 = `${input.restRoot}wp/v2/`;
  const self = `${v2}media/${post.ID}`;
  const links: WpLinks = {
    self: [{ href: self, targetHints: { allow: [...input.allow] } }],
    collection: [{ href: `${v2}media` }],
    about: [{ href: `${v2}types/attachment` }],
  };
  if (Number(post.post_author) > 0) links.author = [{ embeddable: true, href: `${v2}users/${post.post_author}` }];
  if (post.comment_status === 'open') links.replies = [{ embeddable: true, href: `${v2}comments?post=${post.ID}` }];
  if (input.parent) links['wp:attached-to'] = [{ embeddable: true, post_type: input.parent.type, id: Number(post.post_parent), href: `${v2}${input.parent.restBase}/${post.post_parent}` }];
  for (const action of input.actions) links[`wp:action-${action}`] = [{ href: self }];
  // The `wp` curie comes with the first `wp:` relation.
  if (Object.keys(links).some((rel) => rel.startsWith('wp:'))) links.curies = CURIES;
  return links;
}

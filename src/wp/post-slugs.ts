import { sanitizeTitle } from './text/formatting';
import { addPostMeta } from './postmeta';
import type { PostRow } from './posts';
import type { WpData } from './wp-handle';

/**
 * Post slugs the way wp_insert_post settles them: wp_unique_post_slug() for flat post types, and the
 * `__trashed` suffix WordPress gives trashed posts so live posts can take their slug (wp_unique_post_slug(),
 * wp_add_trashed_suffix_to_post_name_for_post()).
 */

const STATUSES_WITHOUT_UNIQUE_SLUG = ['draft', 'pending', 'auto-draft'];
/** Feed names and `embed` are reserved: a post may not take them. */
const RESERVED_SLUGS = ['feed', 'rdf', 'rss', 'rss2', 'atom', 'embed'];
const MAX_SLUG_BYTES = 200;

/** _truncate_post_slug(): cut to a byte length without splitting an encoded character; trailing `-` trimmed. */
function truncateSlug(slug: string, length: number): string {
  let out = slug;
  if (out.length > length) {
    let decoded = out;
    try {
      decoded = decodeURIComponent(out);
    } catch {
      // not percent-encoded
    }
    if (decoded === out) {
      out = out.slice(0, length);
    } else {
      // utf8_uri_encode($decoded, $length): whole characters, lowercase %xx octets.
      out = '';
      for (const ch of decoded) {
        const encoded = ch.charCodeAt(0) < 0x80 ? ch : encodeURIComponent(ch).toLowerCase();
        if (out.length + encoded.length > length) break;
        out += encoded;
      }
    }
  }
  return out.replace(/-+$/, '');
}

/**
 * wp_unique_post_slug() for a non-hierarchical post type: the slug, else the first free `slug-N` from 2 up. The
 * slugs it could collide with are read in one statement (WordPress probes each candidate in turn, which costs a
 * query per taken suffix); the comparison then ignores case, as the column's collation does.
 */
async function uniquePostSlug(wp: WpData, slug: string, postId: number, status: string, postType: string): Promise<string> {
  if (STATUSES_WITHOUT_UNIQUE_SLUG.includes(status)) return slug;
  // Every candidate starts with the slug cut to leave room for the longest suffix a table of posts can need.
  const stem = truncateSlug(slug, MAX_SLUG_BYTES - 12);
  const rows: Array<{ post_name: string }> = await wp
    .knex(wp.t.posts)
    .select('post_name')
    .where('post_type', postType)
    .andWhere(wp.dialect.like(wp.knex, 'post_name', `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
    .andWhereNot('ID', postId);
  const used = new Set(rows.map((r) => r.post_name.toLowerCase()));
  const taken = (candidate: string) => RESERVED_SLUGS.includes(candidate) || used.has(candidate.toLowerCase());
  if (!taken(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${truncateSlug(slug, MAX_SLUG_BYTES - suffix.length)}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

/** The slug a post gets from its title when none was given (sanitize_title with the ID as fallback). */
export function slugFromTitle(title: string, postId?: number): string {
  return sanitizeTitle(title, postId ? String(postId) : '');
}

/** wp_add_trashed_suffix_to_post_name_for_post(): remembers the slug and frees it. */
export async function addTrashedSuffix(wp: WpData, post: Pick<PostRow, 'ID' | 'post_name'>): Promise<string> {
  if (post.post_name.endsWith('__trashed')) return post.post_name;
  await addPostMeta(wp, post.ID, '_wp_desired_post_slug', post.post_name);
  const name = `${truncateSlug(post.post_name, 191)}__trashed`;
  await wp.knex(wp.t.posts).where('ID', post.ID).update({ post_name: name });
  return name;
}

/** wp_add_trashed_suffix_to_post_name_for_trashed_posts(): trashed posts of any type give up a wanted slug. */
async function freeSlugFromTrashedPosts(wp: WpData, slug: string, postId: number): Promise<void> {
  if (!slug) return;
  const rows: Array<{ ID: number; post_name: string }> = await wp
    .knex(wp.t.posts)
    .select('ID', 'post_name')
    .where({ post_name: slug, post_status: 'trash' })
    .andWhereNot('ID', postId);
  for (const row of rows) await addTrashedSuffix(wp, { ID: Number(row.ID), post_name: row.post_name });
}

/** The slug a write stores (wp_insert_post()): made unique among the type's posts, and freed from trashed posts. */
export async function claimPostSlug(wp: WpData, wanted: string, postId: number, status: string, postType: string): Promise<string> {
  const slug = await uniquePostSlug(wp, wanted, postId, status, postType);
  if (status !== 'trash') await freeSlugFromTrashedPosts(wp, slug, postId);
  return slug;
}

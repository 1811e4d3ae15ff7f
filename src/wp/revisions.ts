import { postTextForDb } from './post-save-filters';
import type { PostWriteContext } from './post-writer';
import { formatWallClock } from '../php/date-time';
import { getPost, getPosts, insertPostRow, updatePostRow, type PostRow } from './posts';
import type { WpData } from './wp-handle';

/**
 * wp_save_post_revision(): after an update of a post whose type supports revisions, a copy of its title,
 * content and excerpt is kept as a `revision` child, unless the latest revision already holds the same text.
 */

const REVISION_FIELDS = ['post_title', 'post_content', 'post_excerpt'] as const;

/** normalize_whitespace(): trimmed, line breaks unified, runs of spaces and tabs collapsed. */
const normalizeWhitespace = (text: string) => text.trim().replace(/[\r\n]+/g, '\n').replace(/[ \t]+/g, ' ');

/** _wp_put_post_revision(): a `revision` child of the post, named `<id>-<kind>-v1`, its guid `?p=<its id>`. */
async function insertRevision(wp: WpData, ctx: PostWriteContext, parent: PostRow, kind: 'revision' | 'autosave', fields: Partial<PostRow>): Promise<number> {
  const id = await insertPostRow(wp, {
    post_type: 'revision',
    post_status: 'inherit',
    post_parent: parent.ID,
    post_name: `${parent.ID}-${kind}-v1`,
    post_title: '',
    post_content: '',
    post_excerpt: '',
    ...fields,
    comment_status: 'closed',
    ping_status: 'closed',
    post_password: '',
    menu_order: 0,
    post_mime_type: '',
  });
  await updatePostRow(wp, id, { guid: `${ctx.homeUrl}/?p=${id}` });
  return id;
}

export async function saveRevision(wp: WpData, ctx: PostWriteContext, post: PostRow, authorId: number): Promise<void> {
  if (post.post_status === 'auto-draft' || !ctx.revisionTypes?.has(post.post_type)) return;
  const latest: PostRow | undefined = await wp.knex(wp.t.posts).where({ post_parent: post.ID, post_type: 'revision' }).orderBy('ID', 'desc').first();
  if (latest && REVISION_FIELDS.every((f) => normalizeWhitespace(String(latest[f] ?? '')) === normalizeWhitespace(String(post[f] ?? '')))) return;
  // _wp_post_revision_data(): the revision is dated with the post's modification time.
  await insertRevision(wp, ctx, post, 'revision', {
    // The copy is saved through wp_insert_post() too: the save filters run again on it (a title is trimmed again).
    ...Object.fromEntries(REVISION_FIELDS.map((f) => [f, postTextForDb(f, post[f], false, { unfilteredHtml: ctx.unfilteredHtml, uploadsHost: ctx.uploadsHost })])),
    post_author: authorId,
    post_date: post.post_modified,
    post_date_gmt: post.post_modified_gmt,
    post_modified: post.post_modified,
    post_modified_gmt: post.post_modified_gmt,
  });
}

/**
 * wp_get_latest_revision_id_and_total_count() for many posts in one query: each post's revisions (autosaves
 * included, as WordPress counts them) and the newest one's id (by date, then id).
 */
export async function revisionCounts(wp: WpData, postIds: readonly number[]): Promise<Map<number, { count: number; latest: number }>> {
  const out = new Map<number, { count: number; latest: number }>();
  if (postIds.length === 0) return out;
  const rows: Array<{ ID: number; post_parent: number }> = await wp
    .knex(wp.t.posts)
    .select('ID', 'post_parent')
    .where('post_type', 'revision')
    .whereIn('post_parent', [...postIds])
    .orderBy([{ column: 'post_date', order: 'desc' }, { column: 'ID', order: 'desc' }]);
  for (const row of rows) {
    const parent = Number(row.post_parent);
    const known = out.get(parent);
    if (known) known.count += 1;
    else out.set(parent, { count: 1, latest: Number(row.ID) });
  }
  return out;
}

export type RevisionText = Partial<Record<(typeof REVISION_FIELDS)[number], string>>;

/** wp_get_post_autosave(): the user's autosave of the post (`<id>-autosave-v1`), if any. */
async function postAutosave(wp: WpData, postId: number, userId: number): Promise<PostRow | undefined> {
  const row: { ID: number } | undefined = await wp.knex(wp.t.posts).first('ID').where({ post_parent: postId, post_type: 'revision', post_name: `${postId}-autosave-v1`, post_author: userId });
  return row ? getPost(wp, Number(row.ID)) : undefined;
}

/**
 * The autosaves controller's create_post_autosave(): the user's one autosave of the post holds the text sent (the
 * fields not sent stay as they were, or empty in a new one), dated now. When nothing sent differs from the post and
 * the user already has an autosave, that one is kept as it is. Returns the autosave's id.
 */
export async function savePostAutosave(wp: WpData, ctx: PostWriteContext, post: PostRow, text: RevisionText, userId: number): Promise<number> {
  const sent = REVISION_FIELDS.filter((f) => text[f] !== undefined);
  const old = await postAutosave(wp, post.ID, userId);
  const different = sent.some((f) => normalizeWhitespace(text[f]!) !== normalizeWhitespace(String(post[f] ?? '')));
  if (old && !different) return old.ID;
  const fields = Object.fromEntries(sent.map((f) => [f, postTextForDb(f, text[f]!, false, { unfilteredHtml: ctx.unfilteredHtml, uploadsHost: ctx.uploadsHost })]));
  const local = formatWallClock(ctx.now, ctx.siteZone);
  const gmt = formatWallClock(ctx.now, 'UTC');
  const dates = { post_date: local, post_date_gmt: gmt, post_modified: local, post_modified_gmt: gmt };
  if (old) {
    await updatePostRow(wp, old.ID, { ...fields, ...dates, post_author: userId });
    return old.ID;
  }
  return insertRevision(wp, ctx, post, 'autosave', { ...fields, post_author: userId, ...dates });
}

/** The post's autosaves, every user's, newest first (wp_get_post_revisions() filtered by name). */
export async function postAutosaves(wp: WpData, postId: number): Promise<PostRow[]> {
  const rows: Array<{ ID: number }> = await wp
    .knex(wp.t.posts)
    .select('ID')
    .where({ post_parent: postId, post_type: 'revision', post_name: `${postId}-autosave-v1` })
    .orderBy([{ column: 'post_date', order: 'desc' }, { column: 'ID', order: 'desc' }]);
  const posts = await getPosts(wp, rows.map((r) => Number(r.ID)));
  return rows.flatMap((r) => posts.get(Number(r.ID)) ?? []);
}

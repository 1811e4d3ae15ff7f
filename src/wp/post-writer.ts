import { scheduleFuturePost, unscheduleFuturePost } from './cron';
import { addTrashedSuffix, claimPostSlug, slugFromTitle } from './post-slugs';
import { addPostMeta, deletePostMeta, loadPostMeta } from './postmeta';
import { getPost, insertPostRow, updatePostRow, type PostRow } from './posts';
import { type TaxonomyRegistry } from './terms';
import { recountObjectTerms } from './term-relationships';
import { formatWallClock } from '../php/date-time';
import { DATE_FLOATING, isZeroDate, postSchedule } from './post-dates';
import type { WpData } from './wp-handle';
import { sanitizeTitle } from './text/formatting';
import { postTextForDb, type PostTextField } from './post-save-filters';
import { addSlashes } from './text/slashes';
import { saveRevision } from './revisions';

/**
 * wp_insert_post / wp_update_post / wp_trash_post for one post row: dates and their GMT twins, the
 * publish/future switch, slugs, guid, modified stamps, old-slug and trash meta, term recounts and the cron
 * entry of scheduled posts (wp_insert_post(), wp_trash_post(), wp_untrash_post()). Callers run it inside their
 * transaction.
 */

export interface PostWriteContext {
  now: Date;
  /** The site time zone, as date-fns-tz understands it. */
  siteZone: string;
  taxonomies: TaxonomyRegistry;
  /** get_permalink() at the moment of the insert, for the guid. */
  permalink(post: PostRow): string;
  /** Post types that support revisions (wp_save_post_revision after each update), the home URL and the user writing. */
  revisionTypes?: ReadonlySet<string>;
  homeUrl?: string;
  userId?: number;
  /**
   * The writing user has `unfiltered_html` (single site: administrators and editors). Without it, titles go through
   * wp_filter_kses and content and excerpts through wp_filter_post_kses, as WordPress's kses_init() arranges.
   */
  unfilteredHtml: boolean;
  /** `host[:port]` of the uploads URL, where kses lets an `<object>` load a PDF from. */
  uploadsHost?: string;
}

export interface PostFields {
  post_type: string;
  post_title?: string;
  post_content?: string;
  post_excerpt?: string;
  post_status?: string;
  post_author?: number;
  /** Site-local wall clock; absent → now. */
  post_date?: string;
  /** UTC wall clock; absent → derived from post_date (zero for drafts). */
  post_date_gmt?: string;
  post_name?: string;
  post_parent?: number;
  menu_order?: number;
  post_password?: string;
  comment_status?: string;
  ping_status?: string;
  post_mime_type?: string;
  /** Attachments carry their file URL; every other post gets its permalink at insert time. */
  guid?: string;
  /** The id an importer asks for (wp_insert_post's import_id): used when no post has it, ignored otherwise. */
  import_id?: number;
  /**
   * Title, content and excerpt are given as wp_insert_post() takes them, slashed: one level of backslashes goes
   * after the save filters (`a\b` is stored as `ab`). Otherwise they are stored with their backslashes.
   */
  slashed?: boolean;
}

const TEXT_FIELDS = ['post_title', 'post_content', 'post_excerpt'] as const;

/** sanitize_post()'s save filters on one text field (post-save-filters.ts), kses included for users without unfiltered_html. */
const textForDb = (ctx: PostWriteContext, field: PostTextField, value: string, slashed = false): string =>
  postTextForDb(field, value, slashed, { unfilteredHtml: ctx.unfilteredHtml, uploadsHost: ctx.uploadsHost });
/** The post fields whose changes the post_updated hook reports to listeners (dates, slug and guid are not). */
const NOTED_FIELDS = ['post_title', 'post_content', 'post_excerpt', 'post_status', 'post_author', 'post_parent', 'menu_order', 'post_password', 'comment_status', 'ping_status'] as const;

async function afterStatusChange(wp: WpData, ctx: PostWriteContext, post: PostRow, previous: string | null): Promise<void> {
  if (previous !== post.post_status && (previous === 'publish' || post.post_status === 'publish')) {
    await recountObjectTerms(wp, ctx.taxonomies, post.ID);
  }
  if (post.post_status === 'future') await scheduleFuturePost(wp, post.ID, post.post_date_gmt);
  else if (previous === 'future') await unscheduleFuturePost(wp, post.ID);
}

export async function insertPost(wp: WpData, ctx: PostWriteContext, fields: PostFields): Promise<PostRow> {
  const { post_status: status, ...dates } = postSchedule(fields.post_status ?? 'draft', fields.post_date, fields.post_date_gmt, ctx);
  const title = textForDb(ctx, 'post_title', fields.post_title ?? '', fields.slashed);
  const given = fields.post_name ? sanitizeTitle(fields.post_name) : '';
  const wantedId = fields.import_id && fields.import_id > 0 && !(await getPost(wp, fields.import_id)) ? fields.import_id : undefined;
  const id = await insertPostRow(wp, {
    ...(wantedId ? { ID: wantedId } : {}),
    post_type: fields.post_type,
    post_title: title,
    post_content: textForDb(ctx, 'post_content', fields.post_content ?? '', fields.slashed),
    post_excerpt: textForDb(ctx, 'post_excerpt', fields.post_excerpt ?? '', fields.slashed),
    post_status: status,
    post_author: fields.post_author ?? 0,
    ...dates,
    post_modified: dates.post_date,
    post_modified_gmt: dates.post_date_gmt,
    post_parent: fields.post_parent ?? 0,
    menu_order: fields.menu_order ?? 0,
    // Saving as private forces an empty password.
    post_password: status === 'private' ? '' : (fields.post_password ?? ''),
    comment_status: fields.comment_status ?? 'closed',
    ping_status: fields.ping_status ?? 'closed',
    post_mime_type: fields.post_mime_type ?? '',
  });
  // Drafts keep an empty slug; others take the title's (as wp_insert_post() holds it, slashed: `\0` gives "0"),
  // and a title that sanitizes to nothing gives the ID.
  const wanted = given || (DATE_FLOATING.includes(status) ? '' : slugFromTitle(addSlashes(title), id));
  const post_name = wanted ? await claimPostSlug(wp, wanted, id, status, fields.post_type) : '';
  const stored = { ...(await getPost(wp, id))!, post_name };
  const guid = fields.guid ?? ctx.permalink(stored);
  await updatePostRow(wp, id, { post_name, guid });
  const post = { ...stored, guid };
  await afterStatusChange(wp, ctx, post, null);
  return post;
}

export type PostChanges = Omit<Partial<PostFields>, 'post_type'> & {
  /** Keep a draft's explicit new date (wp_update_post's edit_date). */
  edit_date?: boolean;
};

export async function updatePost(wp: WpData, ctx: PostWriteContext, id: number, changes: PostChanges): Promise<PostRow> {
  const before = await getPost(wp, id);
  if (!before) throw new Error(`post ${id} does not exist`);
  // A never-dated draft is stamped "now" unless the caller sets a date on purpose.
  const clearDate = DATE_FLOATING.includes(before.post_status) && !changes.edit_date && isZeroDate(before.post_date_gmt);
  const merged = { ...before, ...stripUndefined(changes) };
  // wp_update_post() runs the stored fields through the save filters again, with the new ones.
  for (const field of TEXT_FIELDS) merged[field] = changes[field] !== undefined ? textForDb(ctx, field, changes[field], changes.slashed) : textForDb(ctx, field, before[field], false);
  const { post_status: status, ...dates } = clearDate
    ? postSchedule(merged.post_status, formatWallClock(ctx.now, ctx.siteZone), undefined, ctx)
    : postSchedule(merged.post_status, merged.post_date, changes.post_date !== undefined && changes.post_date_gmt === undefined ? undefined : merged.post_date_gmt, ctx);

  let post_name = merged.post_name;
  if (changes.post_name !== undefined) post_name = sanitizeTitle(changes.post_name);
  if (!post_name && !DATE_FLOATING.includes(status)) post_name = slugFromTitle(addSlashes(merged.post_title), id);
  if (status === 'trash' && before.post_status !== 'trash') {
    post_name = await addTrashedSuffix(wp, before);
  } else if (before.post_status === 'trash' && status !== 'trash') {
    const meta = await loadPostMeta(wp, [id], ['_wp_desired_post_slug']);
    const desired = meta.first(id, '_wp_desired_post_slug');
    if (desired) {
      await deletePostMeta(wp, id, '_wp_desired_post_slug');
      post_name = desired;
    }
  }
  if (post_name) post_name = await claimPostSlug(wp, post_name, id, status, before.post_type);
  if (status === 'private') merged.post_password = '';

  const row: Partial<PostRow> = {
    post_title: merged.post_title,
    post_content: merged.post_content,
    post_excerpt: merged.post_excerpt,
    post_status: status,
    post_author: merged.post_author,
    ...dates,
    post_name,
    post_parent: merged.post_parent,
    menu_order: merged.menu_order,
    post_password: merged.post_password,
    comment_status: merged.comment_status || 'closed',
    ping_status: merged.ping_status || 'closed',
    post_modified: formatWallClock(ctx.now, ctx.siteZone),
    post_modified_gmt: formatWallClock(ctx.now, 'UTC'),
    // The guid is re-saved through display escaping on every update.
    guid: before.guid.replace(/&(?!#038;)/g, '&#038;'),
  };
  await updatePostRow(wp, id, row);
  const after = { ...before, ...row } as PostRow;
  for (const field of NOTED_FIELDS) if (String(before[field]) !== String(after[field])) wp.noteChange(id, field);
  await recordOldSlug(wp, before, after);
  await recordOldDate(wp, before, after);
  await saveRevision(wp, ctx, after, ctx.userId ?? 0);
  await afterStatusChange(wp, ctx, after, before.post_status);
  return after;
}

/** wp_check_for_changed_slugs(): a published post remembers the slugs it had, for redirects. */
async function recordOldSlug(wp: WpData, before: PostRow, after: PostRow): Promise<void> {
  if (before.post_name === after.post_name || after.post_status !== 'publish' || !before.post_name) return;
  const meta = await loadPostMeta(wp, [after.ID], ['_wp_old_slug']);
  const old = meta.all(after.ID, '_wp_old_slug');
  if (!old.includes(before.post_name)) await addPostMeta(wp, after.ID, '_wp_old_slug', before.post_name);
  if (old.includes(after.post_name)) await deletePostMeta(wp, after.ID, '_wp_old_slug', after.post_name);
}

/** wp_check_for_changed_dates(): a published post remembers the days it was dated, for date-based links. */
async function recordOldDate(wp: WpData, before: PostRow, after: PostRow): Promise<void> {
  const oldDay = before.post_date.slice(0, 10);
  const newDay = after.post_date.slice(0, 10);
  if (oldDay === newDay || after.post_status !== 'publish') return;
  const old = (await loadPostMeta(wp, [after.ID], ['_wp_old_date'])).all(after.ID, '_wp_old_date');
  if (old.includes(newDay)) await deletePostMeta(wp, after.ID, '_wp_old_date', newDay);
  if (!old.includes(oldDay)) await addPostMeta(wp, after.ID, '_wp_old_date', oldDay);
}

/** wp_trash_post(): trash meta first, then the status change (which frees the slug and bumps modified). */
export async function trashPost(wp: WpData, ctx: PostWriteContext, id: number): Promise<PostRow> {
  const before = await getPost(wp, id);
  if (!before) throw new Error(`post ${id} does not exist`);
  await addPostMeta(wp, id, '_wp_trash_meta_status', before.post_status);
  await addPostMeta(wp, id, '_wp_trash_meta_time', Math.floor(ctx.now.getTime() / 1000));
  return updatePost(wp, ctx, id, { post_status: 'trash' });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

import { scaleBackStatus } from '../registry/capabilities';
import type { RestError } from '../../http/errors';
import { sanitizeTextField } from '../../wp/text/formatting';
import { updatePostMeta } from '../../wp/postmeta';
import { findDuplicatePost, getPost } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import { writeFields, type FieldTable } from '../post-resource/meta-fields';
import { ORIGIN } from '../registry/meta-keys';
import { savedMeta } from '../post-resource/saved-meta';
import type { PostWriter, WriteInput } from '../post-resource/define';
import { postDates, saveThumbnail } from '../post-resource/post-dates';

/**
 * The writer venues and organizers share (Tribe__Events__Venue::create, Tribe__Events__Organizer::create): the name is
 * the title, de-duplication by title (and description when sent), status scale-back with the event capabilities, one
 * meta row per sent field, the origin and the plugin's write-only `_Venue…`/`_Organizer…` artifacts.
 */

export interface LinkedWriterConfig {
  postType: string;
  /** The argument carrying the name (`venue`, `organizer`). */
  nameArg: string;
  /** The post type's plain meta-backed fields. */
  fields: FieldTable;
  originKey: string;
  /** Prefix of the artifacts the plugin's create leaves behind (`_Venue`, `_Organizer`). */
  artifactPrefix: string;
  /** Post fields the plugin also copies into artifacts (organizers add post_status). */
  artifactFields: ReadonlyArray<'post_date' | 'post_date_gmt' | 'post_status'>;
  /** The refusal of a create that would insert a post with no name and no description. */
  createError: () => RestError;
  /** Type-specific meta (venue map flags, state/province). */
  extraMeta?(env: CalendarEnv, wp: WpData, postId: number, input: WriteInput, isUpdate: boolean): Promise<void>;
}

/** The arguments of a venue's or an organizer's create and update that the writer reads by name (besides the name's own). */
export interface LinkedWriteArgs extends Record<string, unknown> {
  status?: string;
  description?: string;
  author?: number;
  date?: string;
  date_utc?: string;
  /** An attachment id or an image URL. */
  image?: string;
}

export function linkedPostWriter(config: LinkedWriterConfig): PostWriter<LinkedWriteArgs> {
  return {
    async findDuplicate(_env, wp, input) {
      const name = input.args[config.nameArg];
      if (typeof name !== 'string' || !name) return undefined;
      const description = typeof input.args.description === 'string' ? input.args.description : undefined;
      return findDuplicatePost(wp, config.postType, name, description);
    },

    // The plugin's update skips wp_update_post() when the name is blank (spaces only): the post row keeps its
    // title and gets no revision; the meta is still written.
    skipsPostUpdate(input) {
      const name = input.args[config.nameArg];
      return typeof name === 'string' && name !== '' && name.trim() === '';
    },

    async postFields(env, input, existing) {
      const a = input.args;
      // wp_insert_post() refuses a post whose trimmed title and content are empty; a same-named post found by
      // findDuplicate() is reused before it gets here.
      if (!existing && String(a[config.nameArg] ?? '').trim() === '' && String(a.description ?? '').trim() === '') throw config.createError();
      const dates = postDates(env, a, env.siteTimezone);
      const fields = {
        post_status: scaleBackStatus(env.registry, env.ctx.principal, a.status),
        ...(a[config.nameArg] !== undefined ? { post_title: String(a[config.nameArg]) } : {}),
        ...(a.description !== undefined || !existing ? { post_content: a.description ?? '' } : {}),
        ...(a.author !== undefined ? { post_author: Number(a.author) } : existing ? {} : { post_author: env.ctx.principal.userId }),
        ...(dates.post_date !== undefined ? { post_date: dates.post_date } : {}),
        ...(dates.post_date_gmt !== undefined ? { post_date_gmt: dates.post_date_gmt } : {}),
        // wp_update_post() merges the stored post_date_gmt: a new `date` alone leaves it as it was.
        ...(existing && dates.post_date !== undefined && dates.post_date_gmt === undefined ? { post_date_gmt: existing.post_date_gmt } : {}),
      };
      // The slug always follows the name, even for drafts; a reused duplicate keeps its own. Through the ORM
      // (tec/v1) WordPress names the post as it names any other: drafts and pending posts get no slug.
      if (!existing && !input.orm && a[config.nameArg] !== undefined) return { ...fields, post_name: String(a[config.nameArg]) };
      return fields;
    },

    async saveMeta(env, wp, postId, input, existing, reused) {
      const a = input.args;
      await writeFields(env, wp, postId, config.fields, a);
      await config.extraMeta?.(env, wp, postId, input, existing !== undefined);
      await saveThumbnail(env, wp, postId, a.image, existing !== undefined, input.prepared);
      // The ORM (tec/v1) leaves only the origin of a new post.
      if (input.orm) {
        if (!existing) await updatePostMeta(wp, postId, config.originKey, ORIGIN);
        return;
      }
      await writeArtifacts(env, wp, postId, config, a, existing === undefined ? 'create' : reused ? 'reuse' : 'update');
    },
  };
}

/**
 * The plugin's `_Venue…`/`_Organizer…` leftovers of the post fields it saves as meta. A create (of a new post, or on a
 * same-named one it reuses) stores its `date` and `date_utc` as the post dates they gave ("" when not sent), and
 * organizers their status; an update leaves them (Venue::update drops the post columns from the meta it saves).
 * The description is stored with its tags stripped, and only when sent.
 */
async function writeArtifacts(env: CalendarEnv, wp: WpData, postId: number, config: LinkedWriterConfig, args: Record<string, unknown>, write: 'create' | 'reuse' | 'update'): Promise<void> {
  if (write === 'create') await updatePostMeta(wp, postId, config.originKey, ORIGIN);
  if (write !== 'update') {
    const dates = postDates(env, args, env.siteTimezone);
    for (const field of config.artifactFields) {
      const value = field === 'post_status' ? ((await getPost(wp, postId))?.post_status ?? '') : (dates[field] ?? '');
      await updatePostMeta(wp, postId, `${config.artifactPrefix}${field}`, value);
    }
  }
  if (write === 'create' && typeof args.description === 'string') await updatePostMeta(wp, postId, `${config.artifactPrefix}Description`, savedMeta(env, `${config.artifactPrefix}Description`, sanitizeTextField(args.description)));
}

import { createUser } from '../../auth/create-user';
import { wpHashPassword } from '../../auth/password-hashes';
import { roleCapabilities, setUserRoles } from '../../auth/user-roles';
import { removeAttachmentFiles } from '../../media/stored-upload';
import { deleteAttachmentRows } from '../../wp/attachments';
import { deletePostForGood } from '../../wp/post-delete';
import { trashPost } from '../../wp/post-writer';
import { loadPostMeta } from '../../wp/postmeta';
import { postsByAuthor } from '../../wp/users';
import type { WpData } from '../../wp/wp-handle';
import type { UserAccounts, WpRestContext } from '../../wp-rest/wp-rest-context';
import { deleteCustomTableRows } from '../data/custom-tables';
import type { CalendarRegistry } from '../registry/calendar-registry';
import { WP_META } from '../registry/meta-keys';
import { calendarEnv } from '../site/calendar-env';
import type { CalendarContext } from '../site/calendar-context';
import { sizeFiles } from './media-writes';
import { stampLastSavePost } from '../site/tec-stamps';

/**
 * The users controller's writes on this site: accounts through the auth layer (wp_insert_user, roles, password
 * hashes), and wp_delete_user()'s posts. A deleted author's posts go with them when their type is deleted with its
 * author (delete_with_user, or support for an author): WordPress's posts and pages to the trash, attachments with
 * their files, revisions, and the calendar's events, venues and organizers with the plugin's rows of them.
 */

/** Core's types deleted with their author (revisions declare it; attachments support an author). */
const CORE_DELETED_WITH_USER = ['post', 'page', 'attachment', 'revision'];
/** wp_delete_post() without force trashes these (EMPTY_TRASH_DAYS is 30 by default); every other type is deleted. */
const TRASHED = new Set(['post', 'page']);

/** The request context of this app's wp/v2 routes is its CalendarContext (app.ts hands the same object to every namespace). */
const calendarContext = (ctx: WpRestContext) => ctx as unknown as CalendarContext;

/** TEC's `tribe_last_save_post` after any of its posts changed (its save and delete hooks stamp it). */
const stampSave = (ctx: WpRestContext, wp: WpData) => stampLastSavePost(wp, ctx.now);

export function calendarUserAccounts(registry: CalendarRegistry): UserAccounts {
  const deletedTypes = [...CORE_DELETED_WITH_USER, ...registry.postTypes.map((t) => t.postType)];
  return {
    create: async (wp, account) =>
      (await createUser(wp, { login: account.login, email: account.email, password: account.password, roles: account.roles, displayName: account.displayName, url: account.url, nicename: account.nicename, profile: account.profile, now: account.now })).id,
    hashPassword: wpHashPassword,
    setRoles: setUserRoles,
    roleCaps: roleCapabilities,
    postsChanged: stampSave,
    async deletePostsOf(ctx, wp, userId) {
      const posts = await postsByAuthor(wp, userId, deletedTypes);
      const files: Array<{ file: string; sizes: string[] }> = [];
      const env = posts.some((p) => TRASHED.has(p.post_type)) ? await calendarEnv(calendarContext(ctx), 'wp/v2') : undefined;
      // The attachments' files, read in one query before their rows go.
      const attachments = posts.filter((p) => p.post_type === 'attachment').map((p) => p.ID);
      const meta = await loadPostMeta(wp, attachments, [WP_META.attachedFile, WP_META.attachmentMetadata]);
      for (const post of posts) {
        if (TRASHED.has(post.post_type)) {
          await trashPost(wp, env!.write, post.ID);
        } else if (post.post_type === 'attachment') {
          const file = meta.first(post.ID, WP_META.attachedFile);
          if (file) files.push({ file, sizes: sizeFiles(meta.first(post.ID, WP_META.attachmentMetadata)) });
          await deleteAttachmentRows(wp, registry.terms, post.ID);
        } else {
          await deletePostForGood(wp, registry.terms, post.ID);
          await deleteCustomTableRows(wp, post.ID);
          await registry.postTypes.find((t) => t.postType === post.post_type)?.afterWrite?.(wp, post.ID, ctx.now);
        }
      }
      if (posts.length > 0) await stampSave(ctx, wp);
      const media = calendarContext(ctx).media;
      return async () => {
        if (media) for (const f of files) await removeAttachmentFiles(media, f.file, f.sizes);
      };
    },
  };
}

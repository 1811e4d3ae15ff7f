import { can } from './capabilities';
import { restError, type ErrorCode } from '../http/errors';
import type { PostRow } from '../wp/posts';
import type { CalendarEnv } from './env';
import { checkImage, checkPostId, checkSlug, checkUser, ParamChecks } from './db-checks';
import { hasPasswordAccess } from './password';
import type { ResourceErrors, WriteInput } from './post-resource/define';

/**
 * What venues and organizers share as resources (Tribe__Events__REST__V1__Endpoints__Single_Venue, Single_Organizer):
 * an unknown id or slug is an invalid parameter, reads of non-published items need read_post, and password protection
 * masks the object instead of refusing it.
 */

export function linkedValidate(postType: string) {
  return async (env: CalendarEnv, { args }: WriteInput, route: { bySlug: boolean }) => {
    const checks = new ParamChecks();
    const wp = env.ctx.wp;
    if (args.id !== undefined) await checkPostId(checks, wp, 'id', args.id, postType);
    else if (route.bySlug) await checkSlug(checks, wp, 'slug', args.slug, postType);
    await checkUser(checks, wp, 'author', args.author);
    await checkImage(checks, wp, env.ctx.principal, 'image', args.image, true, env.images);
    return checks.result();
  };
}

/** Whether the caller sees the object unmasked: no password, the right `password`, or context=edit for an editor. */
export function passwordAccess(env: CalendarEnv, post: PostRow, params: Record<string, unknown>): boolean {
  const editContext = params.context === 'edit' && can(env.ctx.principal, 'edit', { postType: post.post_type }, post);
  return hasPasswordAccess(post.post_password, params.password, editContext);
}

const LINKED_ERRORS = {
  venue: {
    notFound: () => restError('venue-not-found'),
    wrongType: 'venue-not-found',
    inTrash: 'venue-is-in-trash',
    notAccessible: 'venue-not-accessible',
    archivePageNotFound: 'venue-archive-page-not-found',
  },
  organizer: {
    notFound: () => restError('organizer-not-found'),
    wrongType: 'organizer-not-found',
    inTrash: 'organizer-is-in-trash',
    notAccessible: 'organizer-not-accessible',
    archivePageNotFound: 'organizer-archive-page-not-found',
  },
} satisfies Record<'venue' | 'organizer', ResourceErrors>;

/** The plugin's error codes for venues and organizers (Tribe__Events__REST__V1__Messages). */
export const linkedErrors = (kind: 'venue' | 'organizer'): ResourceErrors => LINKED_ERRORS[kind];

export function linkedReadAccess(notAccessible: ErrorCode) {
  return (env: CalendarEnv, post: PostRow, params: Record<string, unknown>): { error?: ErrorCode; mask: boolean } => {
    if (post.post_status !== 'publish' && !can(env.ctx.principal, 'read', { postType: post.post_type }, post)) return { error: notAccessible, mask: false };
    return { mask: !passwordAccess(env, post, params) };
  };
}

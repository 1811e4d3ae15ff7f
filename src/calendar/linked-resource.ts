import { can } from '../auth/permissions';
import type { ErrorCode } from '../http/errors';
import type { PostRow } from '../wp/posts';
import type { CalendarEnv } from './env';
import { checkImage, checkPostId, checkSlug, checkUser, ParamChecks } from './db-checks';
import { hasPasswordAccess } from './password';
import type { Req } from './post-resource/define';

/**
 * What venues and organizers share as resources (Tribe__Events__REST__V1__Endpoints__Single_Venue, Single_Organizer):
 * an unknown id or slug is an invalid parameter, reads of non-published items need read_post, and password protection
 * masks the object instead of refusing it.
 */

export function linkedValidate(postType: string) {
  return async (req: Req, env: CalendarEnv, route: { bySlug: boolean }) => {
    const checks = new ParamChecks();
    const wp = req.ctx.wp;
    if (req.args.id !== undefined) await checkPostId(checks, wp, 'id', req.args.id, postType);
    else if (route.bySlug) await checkSlug(checks, wp, 'slug', req.args.slug, postType);
    await checkUser(checks, wp, 'author', req.args.author);
    await checkImage(checks, wp, env.ctx.principal, 'image', req.args.image, true, env.images);
    return checks.result();
  };
}

/** Whether the caller sees the object unmasked: no password, the right `password`, or context=edit for an editor. */
export function passwordAccess(env: CalendarEnv, post: PostRow, req: Pick<Req, 'params'>): boolean {
  const editContext = req.params.context === 'edit' && can(env.ctx.principal, 'edit', { postType: post.post_type }, post);
  return hasPasswordAccess(post.post_password, req.params.password, editContext);
}

export function linkedReadAccess(notAccessible: ErrorCode) {
  return (env: CalendarEnv, post: PostRow, req: Req): { error?: ErrorCode; mask: boolean } => {
    if (post.post_status !== 'publish' && !can(env.ctx.principal, 'read', { postType: post.post_type }, post)) return { error: notAccessible, mask: false };
    return { mask: !passwordAccess(env, post, req) };
  };
}

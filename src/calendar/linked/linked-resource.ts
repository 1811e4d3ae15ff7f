import { entry, errorCatalogue, type RestError } from '../../http/errors';
import type { PostRow } from '../../wp/posts';
import type { CalendarEnv } from '../site/calendar-env';
import { POST_TYPE } from '../registry/identifiers';
import { checkImage, checkPostId, checkSlug, checkUser, ParamChecks } from '../post-resource/param-checks';
import { passwordAccess } from '../post-resource/password';
import type { ResourceErrors, WriteInput } from '../post-resource/define';

/**
 * What venues and organizers share as resources (Tribe__Events__REST__V1__Endpoints__Single_Venue, Single_Organizer):
 * an unknown id or slug is an invalid parameter, reads of non-published items need read_post, and password protection
 * masks the object instead of refusing it.
 */

export function linkedValidate(postType: string) {
  return async (env: CalendarEnv, { args, prepared, orm }: WriteInput, route: { bySlug: boolean; read?: boolean }) => {
    const checks = new ParamChecks();
    const wp = env.ctx.wp;
    if (args.id !== undefined) await checkPostId(checks, env, 'id', args.id, postType, route.read);
    else if (route.bySlug) await checkSlug(checks, env, 'slug', args.slug, postType, route.read);
    // The ORM (tec/v1) stores any author id, a user or not.
    if (!orm) await checkUser(checks, wp, 'author', args.author);
    await checkImage(checks, env, 'image', args.image, true, prepared);
    return checks.result();
  };
}

/**
 * The create's refusal when wp_insert_post() inserts nothing (a name of spaces only, no description): the same answer
 * as an event's inline venue or organizer that cannot be created.
 */
export function linkedCreateError(kind: string): () => RestError {
  const error = errorCatalogue({ [`could-not-create-${kind}`]: entry(400, `The ${kind} could not be created from the provided data`) });
  return () => error(`could-not-create-${kind}`);
}

/**
 * The plugin's error codes and messages for venues and organizers (Tribe__Events__REST__V1__Messages): the same
 * words with the type's name (its "an venue" included).
 */
export function linkedErrors(kind: string): ResourceErrors {
  const error = errorCatalogue({
    [`${kind}-not-found`]: entry(404, `The requested post ID does not exist or is not an ${kind}`),
    [`${kind}-is-in-trash`]: entry(410, `The ${kind} is already trashed`),
    [`${kind}-not-accessible`]: entry(403, `The requested ${kind} is not accessible`),
    [`${kind}-archive-page-not-found`]: entry(404, `The requested ${kind} archive page does not exist`),
  });
  return {
    notFound: () => error(`${kind}-not-found`),
    wrongType: () => error(`${kind}-not-found`),
    inTrash: () => error(`${kind}-is-in-trash`),
    notAccessible: () => error(`${kind}-not-accessible`),
    archivePageNotFound: () => error(`${kind}-archive-page-not-found`),
  };
}

export function linkedReadAccess(errors: ResourceErrors) {
  return (env: CalendarEnv, post: PostRow, params: Record<string, unknown>): { error?: RestError; mask: boolean } => {
    if (post.post_status !== 'publish' && !env.can('read', { postType: post.post_type }, post)) return { error: errors.notAccessible(), mask: false };
    return { mask: !passwordAccess(env, post, params) };
  };
}

/**
 * The private events a default WP_Query shows the caller (the query the plugin's cleanup after trashing a venue or
 * organizer runs): all of them with read_private_posts, else their own; none to a visitor.
 */
export function privateEventsSeen(env: CalendarEnv): 'everyone' | number | undefined {
  if (env.ctx.principal.userId <= 0) return undefined;
  return env.can('read_private', { postType: POST_TYPE.event }) ? 'everyone' : env.ctx.principal.userId;
}

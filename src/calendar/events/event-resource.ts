import { can } from '../registry/capabilities';
import type { RestError } from '../../http/errors';
import type { PostRow } from '../../wp/posts';
import { checkImage, checkSlug, checkUser, ParamChecks } from '../post-resource/param-checks';
import type { CalendarEnv } from '../site/calendar-env';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { passwordAccess } from '../linked/linked-resource';
import { EVENT_META } from '../registry/meta-keys';
import { organizerResource } from '../organizers/organizer-resource';
import type { PostResourceDef, ResourceErrors, WriteInput } from '../post-resource/define';
import type { EventWriteArgs } from './event-args';
import { venueResource } from '../venues/venue-resource';
import { EventArgs } from './event-args';
import { eventError } from './event-errors';
import { linkedValueIsValid, type LinkKind } from './event-links';
import { listEvents, validateEventList } from './event-archive';
import { eventObject } from './event-object';
import { eventWriter } from './event-writer';

/** Events: the post-type engine configured for `tribe_events` (Tribe__Events__REST__V1__Endpoints__Single_Event). */

const EVENT_ERRORS: ResourceErrors = {
  notFound: (id) => eventError('rest-event-not-found', { args: [id] }),
  wrongType: () => eventError('rest-invalid-event-id'),
  inTrash: () => eventError('event-is-in-trash'),
  notAccessible: () => eventError('event-not-accessible'),
  archivePageNotFound: () => eventError('event-archive-page-not-found'),
};

const VENUE_LINK: LinkKind = { param: 'venue', def: venueResource, metaKey: EVENT_META.venueId, single: true, createError: () => eventError('could-not-create-venue') };
const ORGANIZER_LINK: LinkKind = { param: 'organizer', def: organizerResource, metaKey: EVENT_META.organizerId, single: false, createError: () => eventError('could-not-create-organizer') };

async function validate(env: CalendarEnv, { args }: WriteInput<EventWriteArgs>, route: { bySlug: boolean }) {
  const checks = new ParamChecks();
  const wp = env.ctx.wp;
  // On by-slug routes the slug names an existing event (a missing one is an invalid parameter, not a 404).
  if (route.bySlug) await checkSlug(checks, wp, 'slug', args.slug, POST_TYPE.event);
  await checkUser(checks, wp, 'author', args.author);
  await checkImage(checks, wp, env.ctx.principal, 'image', args.image, false, env.images);
  for (const link of [VENUE_LINK, ORGANIZER_LINK]) {
    if (!(await linkedValueIsValid(env, wp, link, args[link.param]))) checks.fail(link.param);
  }
  return checks.result();
}

/**
 * GET visibility (Single_Event::validate_event_accessible): trashed events are gone for everyone; other non-public
 * statuses need read_post; then the password, which refuses the single read rather than masking it.
 */
function readAccess(env: CalendarEnv, post: PostRow, params: Record<string, unknown>): { error?: RestError; mask: boolean } {
  if (post.post_status === 'trash') return { error: eventError('event-no-longer-available'), mask: false };
  if (post.post_status !== 'publish' && !can(env.ctx.principal, 'read', { postType: POST_TYPE.event }, post)) return { error: EVENT_ERRORS.notAccessible(), mask: false };
  if (!passwordAccess(env, post, params)) return { error: eventError('event-password-protected'), mask: false };
  return { mask: false };
}

export const eventResource: PostResourceDef<typeof EventArgs> = {
  name: 'event',
  restBase: 'events',
  postType: POST_TYPE.event,
  taxonomies: [TAXONOMY.category, TAXONOMY.tag],
  links: true,
  args: EventArgs,
  validate,
  errors: EVENT_ERRORS,
  readAccess,
  serialize: (env, bundle, post, options) => eventObject(env, bundle, post, { jsonLd: options.jsonLd }),
  writer: eventWriter({ venue: VENUE_LINK, organizer: ORGANIZER_LINK }),
  validateList: validateEventList,
  list: (env, input) => listEvents(eventResource, env, input),
};

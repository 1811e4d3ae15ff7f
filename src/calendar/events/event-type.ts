import type { PostTypeDefinition } from '../registry/post-type';
import type { RestError } from '../../http/errors';
import type { PostRow } from '../../wp/posts';
import { checkImage, checkSlug, checkUser, ParamChecks } from '../post-resource/param-checks';
import type { CalendarEnv } from '../site/calendar-env';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { passwordAccess } from '../post-resource/password';
import { EVENT_META, WP_META } from '../registry/meta-keys';
import { POST_FIELDS_ORDER, TRASH_META_ORDER } from '../post-resource/modified-fields';
import { EVENT_PAGE } from '../front-end/post-views';
import { Event } from '../schemas/posts';
import { exportEvent } from './event-export';
import { EVENT_FIELDS } from './event-fields';
import { organizerType } from '../organizers/organizer-type';
import type { ResourceErrors, WriteInput } from '../post-resource/define';
import type { EventWriteArgs } from './event-args';
import { venueType } from '../venues/venue-type';
import { EventArgs } from './event-args';
import { eventError } from './event-errors';
import { linkedValueIsValid, type LinkKind } from './event-links';
import { listEvents, validateEventList } from './event-archive';
import { windowBounds } from './event-window';
import { eventObject } from './event-object';
import { eventWriter } from './event-writer';
import { keepKnownRange, rebuildKnownRange } from '../data/known-range';
import { countEventPosts } from '../data/event-count-query';

/**
 * Events: the definition of `tribe_events` (Tribe__Events__Main::register_post_types) and its tribe/events/v1 resource
 * (Tribe__Events__REST__V1__Endpoints__Single_Event, Archive_Event).
 */

const EVENT_ERRORS: ResourceErrors = {
  notFound: (id) => eventError('rest-event-not-found', { args: [id] }),
  wrongType: () => eventError('rest-invalid-event-id'),
  inTrash: () => eventError('event-is-in-trash'),
  notAccessible: () => eventError('event-not-accessible'),
  archivePageNotFound: () => eventError('event-archive-page-not-found'),
};

const VENUE_LINK: LinkKind = { param: 'venue', def: venueType, metaKey: EVENT_META.venueId, single: true, createError: () => eventError('could-not-create-venue') };
const ORGANIZER_LINK: LinkKind = { param: 'organizer', def: organizerType, metaKey: EVENT_META.organizerId, single: false, createError: () => eventError('could-not-create-organizer') };

async function validate(env: CalendarEnv, { args, prepared, orm }: WriteInput<EventWriteArgs>, route: { bySlug: boolean; read?: boolean }) {
  const checks = new ParamChecks();
  const wp = env.ctx.wp;
  // On by-slug routes the slug names an existing event (a missing one is an invalid parameter, not a 404).
  if (route.bySlug) await checkSlug(checks, env, 'slug', args.slug, POST_TYPE.event, route.read);
  // The ORM (tec/v1) stores any author id, a user or not.
  if (!orm) await checkUser(checks, wp, 'author', args.author);
  await checkImage(checks, env, 'image', args.image, false, prepared);
  for (const link of [VENUE_LINK, ORGANIZER_LINK]) {
    if (!(await linkedValueIsValid(env, wp, link, prepared, args[link.param]))) checks.fail(link.param);
  }
  return checks.result();
}

/**
 * GET visibility (Single_Event::validate_event_accessible): trashed events are gone for everyone; other non-public
 * statuses need read_post; then the password, which refuses the single read rather than masking it.
 */
function readAccess(env: CalendarEnv, post: PostRow, params: Record<string, unknown>): { error?: RestError; mask: boolean } {
  if (post.post_status === 'trash') return { error: eventError('event-no-longer-available'), mask: false };
  if (post.post_status !== 'publish' && !env.can('read', { postType: POST_TYPE.event }, post)) return { error: EVENT_ERRORS.notAccessible(), mask: false };
  if (!passwordAccess(env, post, params)) return { error: eventError('event-password-protected'), mask: false };
  return { mask: false };
}

/** The plugin's order of an event's keys in `_tribe_modified_fields`, as recorded from its REST writes. */
const MODIFIED_FIELDS_ORDER = [
  TAXONOMY.category, TAXONOMY.tag,
  EVENT_META.ignoredPreviousStatus, ...TRASH_META_ORDER, ...POST_FIELDS_ORDER, '_wp_old_date',
  EVENT_META.origin, EVENT_META.showMapLink, EVENT_META.showMap, WP_META.thumbnailId, EVENT_META.venueId, EVENT_META.organizerId, EVENT_META.allDay,
  EVENT_META.startDate, EVENT_META.endDate, EVENT_META.startDateUtc, EVENT_META.endDateUtc, EVENT_META.duration,
  EVENT_META.currencySymbol, EVENT_META.currencyPosition, EVENT_META.cost, EVENT_META.url, EVENT_META.hideFromUpcoming,
  EVENT_META.timezone, EVENT_META.timezoneAbbr, EVENT_META.featured,
];

export const eventType: PostTypeDefinition<typeof EventArgs, typeof Event> = {
  postType: POST_TYPE.event,
  name: 'event',
  plural: 'events',
  labels: { name: 'Events', singularName: 'Event' },
  capabilityType: 'tribe_events',
  rewriteSlug: (tec) => tec.singleEventSlug,
  revisions: true,
  wpRestBase: POST_TYPE.event,
  wpRest: {
    supports: ['title', 'editor', 'excerpt', 'author', 'thumbnail', 'custom-fields', 'revisions'],
    viewable: true,
    taxonomies: [TAXONOMY.tag, TAXONOMY.category],
    excerptLength: 30,
    // TEC's post_class filter: a `cat_<slug>` class per event category.
    postClass: (terms) => terms.filter((t) => t.taxonomy === TAXONOMY.category).map((t) => `cat_${t.slug}`),
    includeOrderMeta: EVENT_META.startDate,
    firstTermOnly: [TAXONOMY.tag],
    // The Events Calendar's block templates: the archive of events and the single event.
    templates: ['archive-events', 'single-event'],
    originMeta: EVENT_META.origin,
    // The event index has one row per event post: its counts count them by status whatever their dates.
    statusCounter: (env) => (env.tec.eventIndex ? (statuses) => countEventPosts(env.ctx.wp, statuses) : undefined),
  },

  fields: EVENT_FIELDS,
  links: [
    { param: 'venue', metaKey: EVENT_META.venueId, postType: POST_TYPE.venue },
    { param: 'organizer', metaKey: EVENT_META.organizerId, postType: POST_TYPE.organizer },
  ],
  taxonomies: [TAXONOMY.category, TAXONOMY.tag],
  modifiedFieldsOrder: MODIFIED_FIELDS_ORDER,

  fixtureExtras: ['id', 'password'],
  exportFields: exportEvent,
  frontEnd: EVENT_PAGE,
  outputSchema: ['Event', Event],

  restBase: 'events',
  args: EventArgs,
  validate,
  errors: EVENT_ERRORS,
  readAccess,
  serialize: (env, bundle, post, options) => eventObject(env, bundle, post, { jsonLd: options.jsonLd }),
  writer: eventWriter({ venue: VENUE_LINK, organizer: ORGANIZER_LINK }),
  afterWrite: keepKnownRange,
  afterBulkWrite: rebuildKnownRange,
  validateList: validateEventList,
  list: (env, input) => listEvents(eventType, env, input),
  // The default window moves with the day; relative and strict bounds with the second.
  listTime: (env, input) => JSON.stringify(windowBounds(env, input.args, input.query)),
};

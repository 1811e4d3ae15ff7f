import type { PostTypeDefinition } from '../registry/post-type';
import { deletePostMeta, updatePostMeta } from '../../wp/postmeta';
import { sanitizeTextField } from '../../wp/text/formatting';
import { savedMeta } from '../post-resource/saved-meta';
import { queriedPostIdsWithMeta } from '../../wp/posts';
import type { WpData } from '../../wp/wp-handle';
import type { CalendarEnv } from '../site/calendar-env';
import { POST_TYPE } from '../registry/identifiers';
import { linkedListArgs, linkedListTime, listLinked, validateLinkedList, type LinkedArchive } from '../linked/linked-archive';
import { linkedCreateError, linkedErrors, linkedReadAccess, linkedValidate, privateEventsSeen } from '../linked/linked-resource';
import { linkedPostWriter } from '../linked/linked-writer';
import { POST_FIELDS_ORDER, TRASH_META_ORDER } from '../post-resource/modified-fields';
import { commonExportFields } from '../post-resource/post-export';
import { exportFields } from '../post-resource/meta-fields';
import { VENUE_PAGE } from '../front-end/post-views';
import { Venue } from '../schemas/posts';
import type { PostRow } from '../../wp/posts';
import type { PostExportReader } from '../registry/post-type';
import { EVENT_META, VENUE_META } from '../registry/meta-keys';
import type { WriteInput } from '../post-resource/define';
import { isTruthy } from '../../php/truthiness';
import { VenueArgs } from './venue-args';
import { VENUE_FIELDS } from './venue-fields';
import { venueObject } from './venue-object';

/**
 * Venues: the definition of `tribe_venue` (Tribe__Events__Venue::register_post_type) and its tribe/events/v1 resource
 * (Tribe__Events__REST__V1__Endpoints__Single_Venue, Archive_Venue).
 */

/**
 * Noted by a venue write whose request names `stateprovince`: the plugin then saves `_VenueStateProvince` with the
 * other request fields, right after `_VenueState`, instead of computing it after them. A marker, never stored.
 */
const STATE_PROVINCE_NAMED = '_VenueStateProvince:named';

/** The plugin's order of a venue's keys in `_tribe_modified_fields`, as recorded from its REST writes. */
const MODIFIED_FIELDS_ORDER = [
  ...TRASH_META_ORDER, ...POST_FIELDS_ORDER,
  VENUE_META.origin, EVENT_META.showMapLink, EVENT_META.showMap, VENUE_META.showMapLink, VENUE_META.showMap, '_Venuepost_date',
  '_Venuepost_date_gmt', '_VenueDescription', VENUE_META.address, VENUE_META.city, VENUE_META.country, VENUE_META.province,
  // Computed from state or province, the plugin writes it after the others (unless the request names it).
  VENUE_META.state, VENUE_META.zip, VENUE_META.phone, VENUE_META.url, VENUE_META.stateProvince,
];
const NAMED_ORDER = MODIFIED_FIELDS_ORDER.filter((key) => key !== VENUE_META.stateProvince).flatMap((key) => (key === VENUE_META.state ? [key, VENUE_META.stateProvince] : [key]));

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** `_VenueStateProvince`: stateprovince, else a US state, else the province, else "" — always written. */
export function stateProvince(args: Record<string, unknown>): string {
  if (nonEmpty(args.stateprovince)) return args.stateprovince;
  const country = typeof args.country === 'string' ? args.country : '';
  if (nonEmpty(args.state) && (country === '' || country === 'US' || country === 'United States')) return args.state;
  if (nonEmpty(args.province)) return args.province;
  return '';
}

/** Venue map flags are stored as "1" / "false"; only a false one needs exporting. */
const exportedMapFlag = (value: string | null | undefined): string | undefined => (value === undefined || value === null || isTruthy(value) ? undefined : 'false');

function exportVenue(r: PostExportReader, post: PostRow): Record<string, unknown> {
  const meta = r.bundle.main.meta;
  const fields = exportFields(VENUE_FIELDS, meta, post.ID);
  const stored = meta.first(post.ID, VENUE_META.stateProvince) ?? '';
  return {
    ...commonExportFields(r, post),
    venue: post.post_title,
    ...fields,
    // Written only when the stored value is not what the create derives from the other fields.
    stateprovince: stored !== stateProvince(fields) ? stored : undefined,
    show_map: exportedMapFlag(meta.first(post.ID, VENUE_META.showMap)),
    show_map_link: exportedMapFlag(meta.first(post.ID, VENUE_META.showMapLink)),
  };
}

/** Map flags: "" when the parameter is sent and not truthy ("false", "0", "abc"), "1" otherwise (so omitted resets to "1"). */
const mapFlag = (value: unknown): string => (value !== undefined && value !== null && !isTruthy(value) ? '' : '1');

async function venueMeta(env: CalendarEnv, wp: WpData, postId: number, input: WriteInput): Promise<void> {
  const a = input.args;
  // The ORM (tec/v1) writes `_VenueStateProvince` only when sent, and no map flags.
  if (input.orm) {
    if (a.stateprovince !== undefined) await updatePostMeta(wp, postId, VENUE_META.stateProvince, savedMeta(env, VENUE_META.stateProvince, sanitizeTextField(String(a.stateprovince))));
    return;
  }
  // Saved through sanitize_text_field() like every `_Venue…` field.
  await updatePostMeta(wp, postId, VENUE_META.stateProvince, savedMeta(env, VENUE_META.stateProvince, sanitizeTextField(stateProvince(a))));
  if (a.stateprovince !== undefined) wp.noteChange(postId, STATE_PROVINCE_NAMED);
  const showMap = mapFlag(a.show_map);
  const showMapLink = mapFlag(a.show_map_link);
  await updatePostMeta(wp, postId, VENUE_META.showMap, showMap);
  await updatePostMeta(wp, postId, VENUE_META.showMapLink, showMapLink);
  await updatePostMeta(wp, postId, EVENT_META.showMap, showMap);
  await updatePostMeta(wp, postId, EVENT_META.showMapLink, showMapLink);
}

const ARCHIVE: LinkedArchive = { postType: POST_TYPE.venue, linkKey: EVENT_META.venueId, searchMetaKeys: [VENUE_META.address, VENUE_META.city, VENUE_META.province, VENUE_META.state, VENUE_META.stateProvince, VENUE_META.zip, VENUE_META.phone] };

const ERRORS = linkedErrors('venue');

const ARGS = { ...VenueArgs, list: linkedListArgs('venues') };

export const venueType: PostTypeDefinition<typeof ARGS, typeof Venue> = {
  postType: POST_TYPE.venue,
  name: 'venue',
  plural: 'venues',
  labels: { name: 'Venues', singularName: 'Venue' },
  capabilityType: 'tribe_venues',
  rewriteSlug: () => 'venue',
  revisions: true,
  wpRestBase: POST_TYPE.venue,
  wpRest: { supports: ['title', 'editor', 'excerpt', 'author', 'thumbnail', 'custom-fields', 'revisions'], viewable: false, taxonomies: [], originMeta: VENUE_META.origin },

  fields: VENUE_FIELDS,
  links: [],
  taxonomies: [],
  modifiedFieldsOrder: (noted) => (noted.has(STATE_PROVINCE_NAMED) ? NAMED_ORDER : MODIFIED_FIELDS_ORDER),

  fixtureExtras: ['id', 'password', 'slug'],
  exportFields: exportVenue,
  frontEnd: VENUE_PAGE,
  outputSchema: ['Venue', Venue],

  restBase: 'venues',
  args: ARGS,
  validate: linkedValidate(POST_TYPE.venue),
  errors: ERRORS,
  readAccess: linkedReadAccess(ERRORS),
  validateList: validateLinkedList(ARCHIVE),
  list: listLinked(() => venueType, ARCHIVE),
  listTime: linkedListTime,
  serialize: (env, bundle, post, options) => venueObject(env, bundle, post, { source: 'main', jsonLd: options.jsonLd }),
  writer: {
    ...linkedPostWriter({
      postType: POST_TYPE.venue,
      nameArg: 'venue',
      createError: linkedCreateError('venue'),
      fields: VENUE_FIELDS,
      originKey: VENUE_META.origin,
      artifactPrefix: '_Venue',
      artifactFields: ['post_date', 'post_date_gmt'],
      extraMeta: venueMeta,
    }),
    // Trashing unlinks the venue from the events a default query returns (published and the private ones the caller
    // may read, one page).
    async afterTrash(env, wp, post) {
      const events = await queriedPostIdsWithMeta(wp, POST_TYPE.event, EVENT_META.venueId, String(post.ID), env.site.postsPerPage, privateEventsSeen(env));
      for (const id of events) await deletePostMeta(wp, id, EVENT_META.venueId, String(post.ID));
    },
  },
};

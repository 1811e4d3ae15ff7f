import { deletePostMeta, updatePostMeta } from '../../wp/postmeta';
import { sanitizeTextField } from '../../wp/text/formatting';
import { publishedPostIdsWithMeta } from '../../wp/posts';
import type { WpData } from '../../wp/wp-data';
import type { CalendarEnv } from '../env';
import { POST_TYPE } from '../identifiers';
import { linkedListArgs, listLinked, validateLinkedList, type LinkedArchive } from '../linked-archive';
import { linkedCreateError, linkedErrors, linkedReadAccess, linkedValidate } from '../linked-resource';
import { linkedPostWriter } from '../linked-writer';
import { STATE_PROVINCE_NAMED } from '../modified-fields';
import { EVENT_META, VENUE_META } from '../meta-keys';
import type { PostResourceDef, WriteInput } from '../post-resource/define';
import { savedMeta } from '../saved-meta';
import { isTruthy } from '../settings';
import { VenueArgs } from './venue-args';
import { VENUE_FIELDS } from './venue-fields';
import { venueObject } from './venue-object';

/** Venues: the post-type engine configured for `tribe_venue` (Tribe__Events__REST__V1__Endpoints__Single_Venue). */

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** `_VenueStateProvince`: stateprovince, else a US state, else the province, else "" — always written. */
export function stateProvince(args: Record<string, unknown>): string {
  if (nonEmpty(args.stateprovince)) return args.stateprovince;
  const country = typeof args.country === 'string' ? args.country : '';
  if (nonEmpty(args.state) && (country === '' || country === 'US' || country === 'United States')) return args.state;
  if (nonEmpty(args.province)) return args.province;
  return '';
}

/** Map flags: "" when the parameter is sent and not truthy ("false", "0", "abc"), "1" otherwise (so omitted resets to "1"). */
const mapFlag = (value: unknown): string => (value !== undefined && value !== null && !isTruthy(value) ? '' : '1');

async function venueMeta(env: CalendarEnv, wp: WpData, postId: number, input: WriteInput): Promise<void> {
  const a = input.args;
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

export const venueResource: PostResourceDef<typeof ARGS> = {
  name: 'venue',
  restBase: 'venues',
  postType: POST_TYPE.venue,
  taxonomies: [],
  links: false,
  args: ARGS,
  validate: linkedValidate(POST_TYPE.venue),
  errors: ERRORS,
  readAccess: linkedReadAccess(ERRORS),
  validateList: validateLinkedList(ARCHIVE),
  list: listLinked(() => venueResource, ARCHIVE),
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
    // Trashing unlinks the venue from the events a default query returns (published, one page).
    async afterTrash(env, wp, post) {
      const events = await publishedPostIdsWithMeta(wp, POST_TYPE.event, EVENT_META.venueId, String(post.ID), env.site.postsPerPage);
      for (const id of events) await deletePostMeta(wp, id, EVENT_META.venueId, String(post.ID));
    },
  },
};

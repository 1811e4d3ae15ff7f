import type { PostRow } from '../../wp/posts';
import type { PostBundle } from '../post-resource/post-bundle';
import type { CalendarEnv } from '../site/calendar-env';
import { jsonLdVisible, venueJsonLd } from '../post-resource/json-ld';
import { dropFalsy, globalIds, linkedPostHead } from '../linked/linked-object';
import { readFields } from '../post-resource/meta-fields';
import { VENUE_META } from '../registry/meta-keys';
import { isTruthy } from '../../php/truthiness';
import { VENUE_FIELDS } from './venue-fields';
import type { VenueObject } from '../schemas/posts';

/** The venue object (Tribe__Events__REST__V1__Post_Repository::get_venue_data): falsy entries dropped, then map flags
*   and global ids appended. */
export function venueObject(env: CalendarEnv, bundle: PostBundle, post: PostRow, options: { source: 'main' | 'linked'; jsonLd: boolean }): VenueObject {
  const meta = bundle[options.source].meta;
  // Built by assignment in the plugin's key order (a key met again keeps its first place, as in a spread).
  const body = linkedPostHead(env, bundle, post, 'venue', options.source);
  Object.assign(body, readFields(VENUE_FIELDS, meta, post.ID));
  body.stateprovince = meta.first(post.ID, VENUE_META.stateProvince) ?? '';
  if (options.jsonLd && jsonLdVisible(env, post)) body.json_ld = venueJsonLd(env, bundle, post, options.source);
  const showMap = meta.first(post.ID, VENUE_META.showMap);
  const showMapLink = meta.first(post.ID, VENUE_META.showMapLink);
  const venue = dropFalsy(body);
  venue.show_map = showMap === undefined || showMap === null ? true : isTruthy(showMap);
  venue.show_map_link = showMapLink === undefined || showMapLink === null ? true : isTruthy(showMapLink);
  // array_filter() leaves what the Venue schema declares: its keys that can be empty are optional.
  return Object.assign(venue, globalIds(env, bundle, post, options.source)) as VenueObject;
}

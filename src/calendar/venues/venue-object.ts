import type { PostRow } from '../../wp/posts';
import type { PostBundle } from '../bundle';
import type { CalendarEnv } from '../env';
import { jsonLdVisible, venueJsonLd } from '../json-ld';
import { dropFalsy, globalIds, linkedPostHead } from '../linked-object';
import { VENUE_META } from '../meta-keys';
import { isTruthy } from '../settings';

/** The venue object (Tribe__Events__REST__V1__Post_Repository::get_venue_data): falsy entries dropped, then map flags
*   and global ids appended. */
export function venueObject(env: CalendarEnv, bundle: PostBundle, post: PostRow, options: { source: 'main' | 'linked'; jsonLd: boolean }): Record<string, unknown> {
  const meta = bundle[options.source].meta;
  const m = (key: string) => meta.first(post.ID, key) ?? '';
  const body: Record<string, unknown> = {
    ...linkedPostHead(env, bundle, post, 'venue', options.source),
    address: m(VENUE_META.address),
    city: m(VENUE_META.city),
    country: m(VENUE_META.country),
    province: m(VENUE_META.province),
    state: m(VENUE_META.state),
    zip: m(VENUE_META.zip),
    phone: m(VENUE_META.phone),
    website: m(VENUE_META.url),
    stateprovince: m(VENUE_META.stateProvince),
  };
  if (options.jsonLd && jsonLdVisible(env, post)) body.json_ld = venueJsonLd(env, bundle, post, options.source);
  const showMap = meta.first(post.ID, VENUE_META.showMap);
  const showMapLink = meta.first(post.ID, VENUE_META.showMapLink);
  return {
    ...dropFalsy(body),
    show_map: showMap === undefined || showMap === null ? true : isTruthy(showMap),
    show_map_link: showMapLink === undefined || showMapLink === null ? true : isTruthy(showMapLink),
    ...globalIds(env, bundle, post, options.source),
  };
}

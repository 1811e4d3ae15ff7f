import { urlEncode } from '../../php/url-encoding';
import type { PostRow } from '../../wp/posts';
import type { PostSet } from '../../wp/post-set';
import { postObject } from '../../wp-rest/post-object';
import type { RestPostType } from '../../wp-rest/post-type';
import { POST_TYPE, TAXONOMY } from '../registry/identifiers';
import { ORGANIZER_META, VENUE_META } from '../registry/meta-keys';
import type { TecEventHeadObject, TecOrganizerObject, TecPostHeadObject, TecVenueObject } from '../schemas/tec-objects';
import type { CalendarEnv } from '../site/calendar-env';
import type { WpPostObject } from '../../wp-rest/wp-objects';

/**
 * The head of every `tec/v1` object — WordPress's post object of the type in the `view` context, without `meta` and
 * `_links` (src/wp-rest/post-object.ts) — and the keys venues and organizers add after it. Events add theirs in
 * tec-event-object.ts.
 */

const SUPPORTS = ['title', 'editor', 'excerpt', 'author', 'thumbnail'] as const;

/** What WordPress's posts controller reads of each calendar type's registration, as tec/v1 shows it. */
const TEC_REST_TYPES: Record<string, RestPostType> = {
  [POST_TYPE.event]: {
    postType: POST_TYPE.event,
    supports: SUPPORTS,
    restTaxonomies: [
      { taxonomy: TAXONOMY.tag, restBase: 'tags' },
      { taxonomy: TAXONOMY.category, restBase: TAXONOMY.category },
    ],
    classTaxonomies: [TAXONOMY.tag, TAXONOMY.category],
  },
  [POST_TYPE.venue]: { postType: POST_TYPE.venue, supports: SUPPORTS, restTaxonomies: [], classTaxonomies: [] },
  [POST_TYPE.organizer]: { postType: POST_TYPE.organizer, supports: SUPPORTS, restTaxonomies: [], classTaxonomies: [] },
};

/** TEC's `post_class` filter: a `cat_{slug}` class per event category. */
const categoryClasses = (set: PostSet, post: PostRow) => (classes: string[]) => [
  ...classes,
  ...(set.terms.get(post.ID) ?? []).filter((t) => t.taxonomy === TAXONOMY.category).map((t) => `cat_${t.slug}`),
];

function wpPostObject(env: CalendarEnv, set: PostSet, post: PostRow, passwordRequired: boolean): WpPostObject {
  const type = TEC_REST_TYPES[post.post_type]!;
  return postObject(
    { post, meta: (key) => set.meta.first(post.ID, key), terms: set.terms.get(post.ID) ?? [], permalink: env.permalink(post) },
    {
      type,
      passwordRequired,
      siteZone: env.siteZone,
      postClassFilter: post.post_type === POST_TYPE.event ? categoryClasses(set, post) : undefined,
      omit: post.post_type === POST_TYPE.event ? ['meta'] : ['meta', 'class_list'],
    },
  );
}

// postObject (src/wp-rest/) builds the object of any type (wp-rest/wp-objects.ts: every key optional); for these types in the view context its keys
// are the heads of schemas/tec-objects.ts, which the tests check on every object the service answers.

/** An event's head: WordPress's object with the event's terms and classes. */
export const tecEventHead = (env: CalendarEnv, set: PostSet, post: PostRow, passwordRequired: boolean) => wpPostObject(env, set, post, passwordRequired) as TecEventHeadObject;

/** A venue's or organizer's head: WordPress's object, no terms and no classes. */
const tecLinkedHead = (env: CalendarEnv, set: PostSet, post: PostRow) => wpPostObject(env, set, post, false) as TecPostHeadObject;

/** TEC's Google Maps link of a venue (tribe_get_map_link), `&` escaped as esc_url() does. */
function directionsLink(parts: { address: string; city: string; region: string; zip: string; country: string }): string {
  const query = [parts.address, parts.city, parts.region, parts.zip, parts.country].filter((p) => p !== '').join(' ');
  if (query === '') return '';
  return `https://maps.google.com/maps?f=q&#038;source=s_q&#038;hl=en&#038;geocode=&#038;q=${urlEncode(query)}`;
}

export function tecVenueObject(env: CalendarEnv, set: PostSet, post: PostRow): TecVenueObject {
  const meta = (key: string) => set.meta.first(post.ID, key) ?? '';
  const country = meta(VENUE_META.country);
  const state = meta(VENUE_META.state);
  const province = meta(VENUE_META.province);
  const fields = {
    address: meta(VENUE_META.address),
    country,
    city: meta(VENUE_META.city),
    state_province: meta(VENUE_META.stateProvince),
    state,
    province,
    zip: meta(VENUE_META.zip),
    phone: meta(VENUE_META.phone),
  };
  const region = fields.state_province || (['United States', 'US'].includes(country) ? state : province);
  const link = directionsLink({ address: fields.address, city: fields.city, region, zip: fields.zip, country });
  return Object.assign(tecLinkedHead(env, set, post), fields, { directions_link: link, website: meta(VENUE_META.url) });
}

export function tecOrganizerObject(env: CalendarEnv, set: PostSet, post: PostRow): TecOrganizerObject {
  const meta = (key: string) => set.meta.first(post.ID, key) ?? '';
  return Object.assign(tecLinkedHead(env, set, post), { phone: meta(ORGANIZER_META.phone), website: meta(ORGANIZER_META.website), email: meta(ORGANIZER_META.email) });
}

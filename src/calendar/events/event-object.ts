import { escHtml, theTitle } from '../../wp/text/formatting';
import { theContent, theExcerpt } from '../../wp/text/the-content';
import { contentMedia } from '../post-resource/content-media';
import type { PostRow } from '../../wp/posts';
import { dateDetails } from '../dates/date-details';
import type { PostBundle } from '../post-resource/post-bundle';
import type { CalendarEnv } from '../site/calendar-env';
import { TAXONOMY } from '../registry/identifiers';
import { imageObject } from '../post-resource/images';
import { eventJsonLd } from '../post-resource/json-ld';
import { EVENT_META, WP_META } from '../registry/meta-keys';
import { organizerObject } from '../organizers/organizer-object';
import { readFields } from '../post-resource/meta-fields';
import { maskProtected } from '../post-resource/password';
import { isTruthy, phpBool } from '../../php/truthiness';
import { embeddedTerm } from '../taxonomy-resource/term-embed';
import { globalId, globalIdLineage, restUrl } from '../site/urls';
import { venueObject } from '../venues/venue-object';
import { costValues, formatCost } from './cost';
import { EVENT_FIELDS } from './event-fields';
import type { EventObject } from '../schemas/posts';

/**
 * The event object, every key in the plugin's order and types
 * (Tribe__Events__REST__V1__Post_Repository::get_event_data). Events always carry every key; empty values are "",
 * false, null or [] as the plugin sends them.
 */

/** PHP's (bool) cast of a stored string: "" and "0" are false, anything else true. */

export function eventObject(env: CalendarEnv, bundle: PostBundle, post: PostRow, options: { jsonLd: boolean }): EventObject {
  const meta = bundle.main.meta;
  const first = (key: string) => meta.first(post.ID, key);
  const start = first(EVENT_META.startDate) ?? null;
  const end = first(EVENT_META.endDate) ?? null;
  const utcStart = first(EVENT_META.startDateUtc) ?? null;
  const utcEnd = first(EVENT_META.endDateUtc) ?? null;
  const costRows = meta.all(post.ID, EVENT_META.cost);
  const currency = {
    symbol: first(EVENT_META.currencySymbol) || env.tec.defaultCurrencySymbol,
    position: first(EVENT_META.currencyPosition) || (env.tec.reverseCurrencyPosition ? 'suffix' : 'prefix'),
  };
  const cost = formatCost(costRows, currency);
  const values = costValues(costRows);
  const terms = bundle.main.terms.get(post.ID) ?? [];
  const website = first(EVENT_META.url);
  // The fields the plugin places, and the others, which follow `custom_fields`.
  const { hide_from_listings, featured, ...otherFields } = readFields(EVENT_FIELDS, meta, post.ID);

  const venues = meta
    .all(post.ID, EVENT_META.venueId)
    .map((id) => bundle.linked.posts.get(Number(id)))
    .filter((p): p is PostRow => p !== undefined);
  const organizers = [...new Set(meta.all(post.ID, EVENT_META.organizerId).map(Number))]
    .map((id) => bundle.linked.posts.get(id))
    .filter((p): p is PostRow => p !== undefined);
  // A password-protected venue or organizer is masked inside an event whatever password the request carries.
  const embedded = <T>(post: PostRow, object: T): T => (post.post_password ? maskProtected(env.registry, object) : object);
  // The plugin renders the venue, then the organizers, then the event's own description: the media shortcodes of a
  // request count in that order.
  const venueObjects = venues.map((v) => embedded(v, venueObject(env, bundle, v, { source: 'linked', jsonLd: options.jsonLd })));
  const organizerObjects = organizers.map((o) => embedded(o, organizerObject(env, bundle, o, { source: 'linked', jsonLd: options.jsonLd })));
  const media = contentMedia(env, bundle.media);
  const description = theContent(post.post_content, media);
  const excerpt = theExcerpt(post.post_excerpt, media);

  const event: EventObject = {
    id: post.ID,
    global_id: globalId(env.site.home, post.ID),
    global_id_lineage: globalIdLineage(env.site.home, post.ID, meta.all(post.ID, WP_META.lineage)),
    author: String(post.post_author),
    status: post.post_status,
    date: post.post_date,
    date_utc: post.post_date_gmt,
    modified: post.post_modified,
    modified_utc: post.post_modified_gmt,
    url: env.permalink(post),
    rest_url: restUrl(env, `events/${post.ID}`),
    title: theTitle(post.post_title),
    description,
    excerpt,
    slug: post.post_name,
    image: imageObject(bundle.attachments, first(WP_META.thumbnailId), env.site.uploadsUrl),
    all_day: isTruthy(first(EVENT_META.allDay) ?? ''),
    start_date: start,
    start_date_details: dateDetails(start),
    end_date: end,
    end_date_details: dateDetails(end),
    utc_start_date: utcStart,
    utc_start_date_details: dateDetails(utcStart),
    utc_end_date: utcEnd,
    utc_end_date_details: dateDetails(utcEnd),
    timezone: first(EVENT_META.timezone) ?? '',
    timezone_abbr: first(EVENT_META.timezoneAbbr) ?? '',
    cost,
    cost_details: {
      currency_symbol: first(EVENT_META.currencySymbol) ?? '',
      currency_code: first(EVENT_META.currencyCode) ?? '',
      currency_position: first(EVENT_META.currencyPosition) ?? '',
      values,
    },
    // The permalink stands in only when the row is missing; a stored empty value stays empty.
    website: website === undefined ? env.permalink(post) : escHtml(website ?? ''),
    show_map: phpBool(first(EVENT_META.showMap), true),
    show_map_link: phpBool(first(EVENT_META.showMapLink), true),
    hide_from_listings,
    sticky: post.menu_order === -1,
    featured,
    categories: terms.filter((t) => t.taxonomy === TAXONOMY.category).map((t) => embeddedTerm(env, t)),
    tags: terms.filter((t) => t.taxonomy === TAXONOMY.tag).map((t) => embeddedTerm(env, t)),
    venue: venueObjects.length === 1 ? venueObjects[0] : venueObjects,
    organizer: organizerObjects,
    custom_fields: customFields(env, bundle, post),
    ...otherFields,
  };
  // JSON-LD only describes what the public may see: no password, published (or read by a logged-in user).
  if (options.jsonLd && !post.post_password && (post.post_status === 'publish' || env.ctx.isLoggedIn())) {
    event.json_ld = eventJsonLd(env, bundle, post, { venue: venues[0], organizer: organizers[0], costRows });
  }
  return event;
}

/** Additional fields defined in TEC's settings whose meta is not empty; `[]` (PHP's empty array) when none. */
function customFields(env: CalendarEnv, bundle: PostBundle, post: PostRow): EventObject['custom_fields'] {
  const out: Record<string, { label: string; value: string }> = {};
  for (const field of env.tec.customFields) {
    const value = bundle.main.meta.first(post.ID, field.name);
    if (value) out[field.name] = { label: field.label, value };
  }
  return Object.keys(out).length > 0 ? out : [];
}

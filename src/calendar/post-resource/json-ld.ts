import { escJs, stripAllTags, theTitle, wpautop } from '../../wp/text/formatting';
import { excerptRemoveBlocks } from '../../wp/text/blocks';
import { wpKses } from '../../wp/text/kses';
import { formatCost } from '../events/cost';
import type { PostRow } from '../../wp/posts';
import { formatWallClock, isoWithOffset, localToUtc, utcToLocal } from '../../php/date-time';
import type { PostBundle } from './post-bundle';
import type { CalendarEnv } from '../site/calendar-env';
import { attachmentUrl } from './images';
import { EVENT_META, ORGANIZER_META, VENUE_META, WP_META } from '../registry/meta-keys';

/**
 * The schema.org data the plugin attaches to single reads (Tribe__Events__JSON_LD__Event::get_data, __Venue,
 * __Organizer as The Events Calendar 6.17.2 answers): Event, with its venue as a Place and its first organizer as a
 * Person. Keys whose value is empty are kept; only a Place's address drops its empty parts. A venue or organizer the
 * caller may not see is `false`. Only the Event carries @context, single venue and organizer reads included.
 */

type Source = 'main' | 'linked';

/** get_the_title(): the_title filters, with the "Private: " prefix of a private post. */
function name(post: PostRow): string {
  const title = theTitle(post.post_title);
  return escJs(post.post_status === 'private' ? `Private: ${title}` : title);
}

/** The markup tribe_events_get_the_excerpt() keeps (wp_kses): links, bold, emphasis, spans and lists. */
const EXCERPT_HTML: Record<string, readonly string[]> = {
  a: ['class', 'id', 'style', 'href', 'rel', 'target'],
  ...Object.fromEntries(['b', 'strong', 'em', 'span', 'ul', 'li', 'ol'].map((tag) => [tag, ['class', 'id', 'style']])),
};

/**
 * Tribe__JSON_LD__Abstract's description (tribe_events_get_the_excerpt(), list view): the raw excerpt, or the raw
 * content; blocks other than text ones removed (excerpt_remove_blocks), anything between square brackets removed
 * (`#\[.+\]#U`: a shortcode's tags, its content staying), the markup kept to TEC's short list (wp_kses); content is
 * then cut to 30 words with " [&hellip;]" (wp_trim_words, which strips every tag); then wpautop and esc_js.
 */
function description(post: PostRow): string {
  const hasExcerpt = post.post_excerpt !== '' && post.post_excerpt !== '0';
  const text = wpKses(excerptRemoveBlocks(hasExcerpt ? post.post_excerpt : post.post_content).replace(/\[.+?\]/g, ''), EXCERPT_HTML);
  return escJs(wpautop(hasExcerpt ? text : trimWords(stripAllTags(text), 30, ' [&hellip;]')));
}

function trimWords(text: string, count: number, more: string): string {
  const words = text.split(/[\n\r\t ]+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(' ')}${more}` : words.join(' ');
}

/** The link TEC writes for a post without a pretty permalink (draft, pending): `…&p=37%2F/`, as the plugin does. */
function jsonLdUrl(url: string): string {
  return /[?&]p=\d+$/.test(url) ? `${url}%2F/` : url;
}

/**
 * Whether the caller gets a venue's or organizer's schema.org data: published, or any logged-in reader. Otherwise
 * the event's `location`/`organizer` is `false` and the linked object has no `json_ld`.
 */
export const jsonLdVisible = (env: CalendarEnv, post: PostRow) => post.post_status === 'publish' || env.ctx.isLoggedIn();

function image(env: CalendarEnv, bundle: PostBundle, post: PostRow, source: Source): { image?: string } {
  const id = Number(bundle[source].meta.first(post.ID, WP_META.thumbnailId));
  return id > 0 ? { image: attachmentUrl(bundle.attachments, id, env.site.uploadsUrl) } : {};
}

const withoutEmpty = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined && v !== null));

export function venueJsonLd(env: CalendarEnv, bundle: PostBundle, post: PostRow, source: Source): Record<string, unknown> {
  const m = (key: string) => bundle[source].meta.first(post.ID, key) ?? '';
  return {
    '@type': 'Place',
    name: name(post),
    description: description(post),
    ...image(env, bundle, post, source),
    // The free plugin leaves a Place's url empty.
    url: '',
    address: withoutEmpty({
      '@type': 'PostalAddress',
      streetAddress: m(VENUE_META.address),
      addressLocality: m(VENUE_META.city),
      addressRegion: m(VENUE_META.stateProvince) || m(VENUE_META.state) || m(VENUE_META.province),
      postalCode: m(VENUE_META.zip),
      addressCountry: m(VENUE_META.country),
    }),
    telephone: m(VENUE_META.phone),
    sameAs: m(VENUE_META.url),
  };
}

export function organizerJsonLd(env: CalendarEnv, bundle: PostBundle, post: PostRow, source: Source): Record<string, unknown> {
  const m = (key: string) => bundle[source].meta.first(post.ID, key) ?? '';
  return {
    '@type': 'Person',
    name: name(post),
    description: description(post),
    ...image(env, bundle, post, source),
    url: m(ORGANIZER_META.website),
    telephone: m(ORGANIZER_META.phone),
    email: m(ORGANIZER_META.email),
    sameAs: m(ORGANIZER_META.website),
  };
}

const EVENT_STATUS: Record<string, string> = {
  canceled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
};

export interface EventJsonLdParts {
  venue?: PostRow;
  organizer?: PostRow;
  /** The event's `_EventCost` rows. */
  costRows: ReadonlyArray<string | null>;
}

/** offers.price: the event's cost as the plugin formats it, without currency symbol, "Free" as "0". */
function offerPrice(rows: ReadonlyArray<string | null>): string {
  return formatCost(rows).replace(/^\s*Free\s*$/i, '0');
}

export function eventJsonLd(env: CalendarEnv, bundle: PostBundle, post: PostRow, parts: EventJsonLdParts): Record<string, unknown> {
  const meta = bundle.main.meta;
  const eventZone = meta.first(post.ID, EVENT_META.timezone) || env.siteTimezone;
  const when = (localKey: string, utcKey: string): string => {
    // An event without the date (one a wp/v2 write left undated) shows the time of the request, as PHP's
    // `new DateTime( '' )` does in the plugin.
    const local = meta.first(post.ID, localKey) || formatWallClock(env.ctx.now, eventZone);
    if (env.tec.timezoneMode === 'site') {
      const utc = meta.first(post.ID, utcKey) || localToUtc(local, eventZone);
      return isoWithOffset(utcToLocal(utc, env.siteTimezone), env.siteTimezone);
    }
    return isoWithOffset(local, eventZone);
  };
  const url = jsonLdUrl(env.permalink(post));
  const data: Record<string, unknown> = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: name(post),
    description: description(post),
    ...image(env, bundle, post, 'main'),
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: EVENT_STATUS[meta.first(post.ID, EVENT_META.status) ?? ''] ?? 'https://schema.org/EventScheduled',
    startDate: when(EVENT_META.startDate, EVENT_META.startDateUtc),
    endDate: when(EVENT_META.endDate, EVENT_META.endDateUtc),
  };
  if (parts.venue) data.location = jsonLdVisible(env, parts.venue) ? venueJsonLd(env, bundle, parts.venue, 'linked') : false;
  if (parts.organizer) data.organizer = jsonLdVisible(env, parts.organizer) ? organizerJsonLd(env, bundle, parts.organizer, 'linked') : false;
  const price = offerPrice(parts.costRows);
  if (price !== '') {
    data.offers = {
      '@type': 'Offer',
      price,
      priceCurrency: meta.first(post.ID, EVENT_META.currencyCode) || env.tec.defaultCurrencyCode,
      url,
      category: 'primary',
      availability: 'inStock',
      // get_the_date(): the post's day, at midnight.
      validFrom: isoWithOffset(`${post.post_date.slice(0, 10)} 00:00:00`, env.siteTimezone),
    };
  }
  data.performer = 'Organization';
  return data;
}

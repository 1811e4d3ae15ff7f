import { escJs, theTitle } from '../wp/text/formatting';
import type { PostRow } from '../wp/posts';
import { isoWithOffset, localToUtc, utcToLocal } from '../php/date-time';
import type { PostBundle } from './bundle';
import type { CalendarEnv } from './env';
import { attachmentUrl } from './images';
import { EVENT_META, ORGANIZER_META, VENUE_META, WP_META } from './meta-keys';

/**
 * The schema.org data the plugin attaches to single reads (Tribe__Events__JSON_LD__Event::get_data): Event, with its
 * venue as a Place and its first organizer as a Person. Nested Place/Person carry no @context.
 */

type Source = 'main' | 'linked';

/** TEC's JSON-LD description: the excerpt, else the content cut to 55 words, in one paragraph, JS-escaped. */
function description(post: PostRow): string {
  const raw = post.post_excerpt.trim() || post.post_content;
  const text = raw.replace(/<(?!\/?(a|b|strong|em|i|br)\b)[^>]*>/gi, '').trim();
  const words = text.split(/\s+/).filter(Boolean);
  const trimmed = words.length > 55 ? `${words.slice(0, 55).join(' ')}&hellip;` : words.join(' ');
  return trimmed ? escJs(`<p>${trimmed}</p>`) : '';
}

function image(env: CalendarEnv, bundle: PostBundle, post: PostRow, source: Source): { image?: string } {
  const id = Number(bundle[source].meta.first(post.ID, WP_META.thumbnailId));
  return id > 0 ? { image: attachmentUrl(bundle.attachments, id, env.site.uploadsUrl) } : {};
}

const withoutEmpty = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined && v !== null));

export function venueJsonLd(env: CalendarEnv, bundle: PostBundle, post: PostRow, source: Source, options: { nested: boolean }): Record<string, unknown> {
  const m = (key: string) => bundle[source].meta.first(post.ID, key) ?? '';
  return withoutEmpty({
    ...(options.nested ? {} : { '@context': 'http://schema.org' }),
    '@type': 'Place',
    name: escJs(theTitle(post.post_title)),
    description: description(post),
    ...image(env, bundle, post, source),
    url: env.permalink(post),
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
  });
}

export function organizerJsonLd(env: CalendarEnv, bundle: PostBundle, post: PostRow, source: Source, options: { nested: boolean }): Record<string, unknown> {
  const m = (key: string) => bundle[source].meta.first(post.ID, key) ?? '';
  return withoutEmpty({
    ...(options.nested ? {} : { '@context': 'http://schema.org' }),
    '@type': 'Person',
    name: escJs(theTitle(post.post_title)),
    description: description(post),
    ...image(env, bundle, post, source),
    url: m(ORGANIZER_META.website),
    telephone: m(ORGANIZER_META.phone),
    email: m(ORGANIZER_META.email),
    sameAs: m(ORGANIZER_META.website),
  });
}

const EVENT_STATUS: Record<string, string> = {
  canceled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
};

export interface EventJsonLdParts {
  venue?: PostRow;
  organizer?: PostRow;
  /** The formatted cost and its numeric values, from the event object. */
  cost: string;
  costValues: string[];
}

export function eventJsonLd(env: CalendarEnv, bundle: PostBundle, post: PostRow, parts: EventJsonLdParts): Record<string, unknown> {
  const meta = bundle.main.meta;
  const eventZone = meta.first(post.ID, EVENT_META.timezone) || env.siteTimezone;
  const when = (localKey: string, utcKey: string): string => {
    const local = meta.first(post.ID, localKey) ?? '';
    if (!local) return '';
    if (env.tec.timezoneMode === 'site') {
      const utc = meta.first(post.ID, utcKey) || localToUtc(local, eventZone);
      return isoWithOffset(utcToLocal(utc, env.siteTimezone), env.siteTimezone);
    }
    return isoWithOffset(local, eventZone);
  };
  const url = env.permalink(post);
  const data: Record<string, unknown> = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: escJs(theTitle(post.post_title)),
    description: description(post),
    ...image(env, bundle, post, 'main'),
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: EVENT_STATUS[meta.first(post.ID, EVENT_META.status) ?? ''] ?? 'https://schema.org/EventScheduled',
    startDate: when(EVENT_META.startDate, EVENT_META.startDateUtc),
    endDate: when(EVENT_META.endDate, EVENT_META.endDateUtc),
  };
  if (parts.venue) data.location = venueJsonLd(env, bundle, parts.venue, 'linked', { nested: true });
  if (parts.organizer) data.organizer = organizerJsonLd(env, bundle, parts.organizer, 'linked', { nested: true });
  if (parts.cost) {
    data.offers = {
      '@type': 'Offer',
      price: parts.costValues[0] ?? '0',
      priceCurrency: meta.first(post.ID, EVENT_META.currencyCode) || env.tec.defaultCurrencyCode,
      url,
      category: 'primary',
      availability: 'inStock',
      validFrom: isoWithOffset(post.post_date, env.siteTimezone),
    };
  }
  data.performer = 'Organization';
  return data;
}

import type { PostMeta } from '../../wp/postmeta';
import { EVENT_META, ORGANIZER_META, VENUE_META } from '../registry/meta-keys';
import { POST_TYPE } from '../registry/identifiers';

/**
 * The post meta keys The Events Calendar registers for REST (register_post_meta() with show_in_rest), which WordPress's
 * posts controller shows as `meta` on events, venues, organizers and media, and accepts in writes; then WordPress's
 * own `footnotes` on the types with the editor. Order and JSON types as the plugin's site answers them.
 */

export type MetaType = 'boolean' | 'string' | 'number[]';

export interface RegisteredMetaKey {
  key: string;
  type: MetaType;
  /** Only on these post types (the plugin's object subtype); absent: every type with custom fields. */
  only?: readonly string[];
  /** Shown in the embed context too, on the posts that store it. */
  embed?: boolean;
  /** Not on these post types (the types without the feature it is registered for). */
  except?: readonly string[];
  /** The description the plugin registered (only its list keys have one). */
  description?: string;
}

const string = (key: string, only?: readonly string[]): RegisteredMetaKey => ({ key, type: 'string', ...(only ? { only } : {}) });
const boolean = (key: string): RegisteredMetaKey => ({ key, type: 'boolean' });

const REGISTERED_META: readonly RegisteredMetaKey[] = [
  { ...boolean(EVENT_META.allDay), embed: true },
  string(EVENT_META.timezone),
  string(EVENT_META.startDate),
  string(EVENT_META.endDate),
  string(EVENT_META.startDateUtc),
  string(EVENT_META.endDateUtc),
  boolean(EVENT_META.showMap),
  boolean(EVENT_META.showMapLink),
  string(EVENT_META.url),
  string(EVENT_META.cost),
  string('_EventCostDescription'),
  string(EVENT_META.currencySymbol),
  string(EVENT_META.currencyCode),
  string(EVENT_META.currencyPosition),
  string('_EventDateTimeSeparator'),
  string('_EventTimeRangeSeparator'),
  { key: EVENT_META.organizerId, type: 'number[]', description: 'Event Organizers' },
  { key: EVENT_META.venueId, type: 'number[]', description: 'Event Venue' },
  string(ORGANIZER_META.email),
  string(ORGANIZER_META.phone),
  string(ORGANIZER_META.website),
  string(VENUE_META.address),
  string(VENUE_META.city),
  string(VENUE_META.country),
  string(VENUE_META.province),
  string(VENUE_META.state),
  string(VENUE_META.zip),
  string(VENUE_META.phone),
  string(VENUE_META.url),
  string(VENUE_META.stateProvince),
  string('_VenueLat'),
  string('_VenueLng'),
  boolean(VENUE_META.showMap),
  boolean(VENUE_META.showMapLink),
  string(EVENT_META.status, [POST_TYPE.event]),
  string('_tribe_events_status_reason', [POST_TYPE.event]),
  // WordPress's own, on the types with the editor, revisions and custom fields (not attachments).
  { ...string('footnotes'), except: ['attachment'] },
];

/** The keys a post type shows. */
export const registeredMetaOf = (postType: string): RegisteredMetaKey[] => REGISTERED_META.filter((m) => (!m.only || m.only.includes(postType)) && !m.except?.includes(postType));

/** The `meta` property's schema of a post type (WP_REST_Meta_Fields::get_field_schema()), as the plugin registered each key. */
export function registeredMetaSchema(postType: string): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    registeredMetaOf(postType).map(({ key, type, description = '' }) => [
      key,
      type === 'number[]' ? { type: 'array', items: { type: 'number', title: '', description, default: 0 } } : { type, title: '', description, default: type === 'boolean' ? false : '' },
    ]),
  );
}

/** rest_sanitize_boolean(): the string "false" is false, otherwise PHP's truthiness. */
function restBoolean(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (value.toLowerCase() === 'false') return false;
  return value !== '' && value !== '0';
}

/**
 * WP_REST_Meta_Fields::get_value(): each key's stored value cast to its type, or the type's default when absent. The
 * embed context shows the keys registered for it that the post stores, and no `meta` at all when it stores none.
 */
export function metaValues(postType: string, meta: PostMeta, postId: number, embed = false): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const { key, type, embed: inEmbed } of registeredMetaOf(postType)) {
    if (embed && (!inEmbed || !meta.has(postId, key))) continue;
    if (type === 'number[]') {
      out[key] = meta.all(postId, key).map((v) => Number(v ?? 0) || 0);
      continue;
    }
    const first = meta.first(postId, key);
    out[key] = type === 'boolean' ? restBoolean(first) : (first ?? '');
  }
  return embed && Object.keys(out).length === 0 ? undefined : out;
}

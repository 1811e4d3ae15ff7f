import { phpUnserialize } from '../php/php-serialize';
import { loadPostMeta, updatePostMeta } from '../wp/postmeta';
import { getPosts } from '../wp/posts';
import type { WpData } from '../wp/wp-data';
import type { CalendarEnv } from './env';
import { POST_TYPE } from './identifiers';
import { WP_META } from './meta-keys';

/**
 * Tribe__Tracker's `_tribe_modified_fields`: on events, venues and organizers, every meta key, post field and
 * taxonomy a write changed, with the Unix time of its last change (a key keeps its first position). The plugin's
 * importers read it to leave alone what a user edited. Called at the end of each write transaction.
 */

const TRACKED_TYPES = new Set<string>(Object.values(POST_TYPE));
/**
 * Noted by a venue write whose request names `stateprovince`: the plugin then saves `_VenueStateProvince` with the
 * other request fields, right after `_VenueState`, instead of computing it after them. A marker, never stored.
 */
export const STATE_PROVINCE_NAMED = '_VenueStateProvince:named';
/**
 * Post fields the writes change that the tracker does not watch (Tribe__Tracker::filter_watch_post_fields looks at the
 * title, content, excerpt, status, type and parent only): the author, a sticky event's menu_order, the password.
 */
const UNTRACKED_POST_FIELDS = ['post_author', 'menu_order', 'post_password', 'comment_status', 'ping_status'];
const UNTRACKED_KEYS = new Set<string>([WP_META.modifiedFields, '_edit_lock', '_edit_last', STATE_PROVINCE_NAMED, ...UNTRACKED_POST_FIELDS]);

/** Post fields in the order the plugin lists them when one write changes several. */
const POST_FIELDS = ['post_title', 'post_content', 'post_excerpt', 'post_status'];
/** wp_trash_post() writes its meta before the status change. */
const TRASH = ['_wp_trash_meta_status', '_wp_trash_meta_time', '_wp_desired_post_slug'];

/**
 * The order in which the plugin's writes list the keys new to `_tribe_modified_fields` (as recorded from it):
 * terms, trash bookkeeping, post fields, then the meta in the order its REST writes save them. Keys not listed
 * follow, in the order the service changed them.
 */
const KEY_ORDER: Record<string, readonly string[]> = {
  [POST_TYPE.event]: [
    'tribe_events_cat', 'post_tag',
    '_tribe_ignored_event_previous_status', ...TRASH, ...POST_FIELDS, '_wp_old_date',
    '_EventOrigin', '_EventShowMapLink', '_EventShowMap', '_thumbnail_id', '_EventVenueID', '_EventOrganizerID', '_EventAllDay',
    '_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC', '_EventDuration',
    '_EventCurrencySymbol', '_EventCurrencyPosition', '_EventCost', '_EventURL', '_EventHideFromUpcoming',
    '_EventTimezone', '_EventTimezoneAbbr', '_tribe_featured',
  ],
  [POST_TYPE.venue]: [
    ...TRASH, ...POST_FIELDS,
    '_VenueOrigin', '_EventShowMapLink', '_EventShowMap', '_VenueShowMapLink', '_VenueShowMap', '_Venuepost_date',
    '_Venuepost_date_gmt', '_VenueDescription', '_VenueAddress', '_VenueCity', '_VenueCountry', '_VenueProvince',
    // Computed from state or province, the plugin writes it after the others (see NAMED_ORDER when it is named).
    '_VenueState', '_VenueZip', '_VenuePhone', '_VenueURL', '_VenueStateProvince',
  ],
  [POST_TYPE.organizer]: [
    ...TRASH, ...POST_FIELDS,
    '_OrganizerOrigin', '_Organizerpost_date', '_Organizerpost_date_gmt', '_Organizerpost_status',
    '_OrganizerDescription', '_OrganizerPhone', '_OrganizerWebsite', '_OrganizerEmail',
  ],
};

/** The venue order when the request names `stateprovince`. */
const NAMED_ORDER = KEY_ORDER[POST_TYPE.venue]!.filter((key) => key !== '_VenueStateProvince').flatMap((key) => (key === '_VenueState' ? [key, '_VenueStateProvince'] : [key]));

/** The changed keys in the plugin's order for the post type (a stable sort: unlisted keys keep theirs, last). */
function inPluginOrder(postType: string, keys: string[], stateProvinceNamed: boolean): string[] {
  const order = (stateProvinceNamed && postType === POST_TYPE.venue ? NAMED_ORDER : KEY_ORDER[postType]) ?? [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return [...keys].sort((a, b) => rank(a) - rank(b));
}

export async function saveModifiedFields(env: CalendarEnv, wp: WpData): Promise<void> {
  const ids = [...wp.changes.keys()];
  if (ids.length === 0) return;
  const posts = await getPosts(wp, ids);
  const stored = await loadPostMeta(wp, ids, [WP_META.modifiedFields]);
  const now = Math.floor(env.ctx.now.getTime() / 1000);
  for (const id of ids) {
    if (!TRACKED_TYPES.has(posts.get(id)?.post_type ?? '')) continue;
    const noted = wp.changes.get(id) ?? new Set<string>();
    const changed = inPluginOrder(posts.get(id)!.post_type, [...noted].filter((key) => !UNTRACKED_KEYS.has(key)), noted.has(STATE_PROVINCE_NAMED));
    if (changed.length === 0) continue;
    const previous = phpUnserialize(stored.first(id, WP_META.modifiedFields) ?? '');
    const fields: Record<string, unknown> = previous && typeof previous === 'object' && !Array.isArray(previous) ? { ...previous } : {};
    for (const key of changed) fields[key] = now;
    await updatePostMeta(wp, id, WP_META.modifiedFields, fields);
  }
  wp.changes.clear();
}

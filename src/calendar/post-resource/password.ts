import { timingSafeEqual } from 'node:crypto';
import { EVENT_FIELDS } from '../events/event-fields';
import { fieldMasks } from './meta-fields';
import { ORGANIZER_FIELDS } from '../organizers/organizer-fields';
import { VENUE_FIELDS } from '../venues/venue-fields';

/**
 * Password-protected content (Tribe__Events__REST__V1__Main::filter_out_password_protected_data,
 * post_password_required()): when the caller has no access, every key present in the object — at any depth — whose name
 * is listed is overwritten. It also hits a protected venue's or organizer's name (`venue`, `organizer`), as the plugin
 * does.
 */

const EMPTY_STRING = ['description', 'excerpt', 'cost', 'website', 'virtual_url', 'virtual_video_source', 'stateprovince'];
const FALSE = ['image'];
const NULL = ['all_day', 'show_map', 'show_map_link', 'sticky', 'ticketed', 'is_virtual'];
/** The post types' field tables say what their fields show when masked. */
const FIELD_MASKS = fieldMasks([EVENT_FIELDS, VENUE_FIELDS, ORGANIZER_FIELDS]);
const EMPTY_LIST = ['categories', 'tags', 'venue', 'organizer', 'custom_fields'];
const ZERO = ['geo_lat', 'geo_lng'];

function replacement(key: string): { value: unknown } | undefined {
  if (FIELD_MASKS.has(key)) return { value: FIELD_MASKS.get(key) };
  if (EMPTY_STRING.includes(key)) return { value: '' };
  if (FALSE.includes(key)) return { value: false };
  if (NULL.includes(key)) return { value: null };
  if (EMPTY_LIST.includes(key)) return { value: [] };
  if (ZERO.includes(key)) return { value: 0 };
  if (key === 'cost_details') return { value: { currency_symbol: '', currency_position: '', currency_code: '', values: [] } };
  if (key === 'attendance') return { value: { total_attendees: null, checked_in: null, not_checked_in: null } };
  return undefined;
}

export function maskProtected<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskProtected(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const r = replacement(key);
    out[key] = r ? r.value : maskProtected(v);
  }
  return out as T;
}

/** Access to protected content: the right `password` parameter, or `context=edit` for someone who may edit. */
export function hasPasswordAccess(postPassword: string, requestPassword: unknown, canEditInEditContext: boolean): boolean {
  if (!postPassword) return true;
  if (canEditInEditContext) return true;
  if (typeof requestPassword !== 'string') return false;
  const given = Buffer.from(requestPassword);
  const expected = Buffer.from(postPassword);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

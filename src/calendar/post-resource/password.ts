import { timingSafeEqual } from 'node:crypto';
import type { PostRow } from '../../wp/posts';
import type { CalendarRegistry } from '../registry/calendar-registry';
import type { CalendarEnv } from '../site/calendar-env';

/**
 * Password-protected content (Tribe__Events__REST__V1__Main::filter_out_password_protected_data,
 * post_password_required()): when the caller has no access, every key present in the object — at any depth — whose name
 * is listed is overwritten. It also hits a protected venue's or organizer's name (`venue`, `organizer`), as the plugin
 * does.
 */

const EMPTY_STRING = ['description', 'excerpt', 'cost', 'website', 'virtual_url', 'virtual_video_source', 'stateprovince'];
const FALSE = ['image'];
const NULL = ['all_day', 'show_map', 'show_map_link', 'sticky', 'ticketed', 'is_virtual'];
const EMPTY_LIST = ['categories', 'tags', 'venue', 'organizer', 'custom_fields'];
const ZERO = ['geo_lat', 'geo_lng'];

/** `fieldMasks`: what the registered types' field tables show when masked (CalendarRegistry.fieldMasks). */
function replacement(fieldMasks: ReadonlyMap<string, unknown>, key: string): { value: unknown } | undefined {
  if (fieldMasks.has(key)) return { value: fieldMasks.get(key) };
  if (EMPTY_STRING.includes(key)) return { value: '' };
  if (FALSE.includes(key)) return { value: false };
  if (NULL.includes(key)) return { value: null };
  if (EMPTY_LIST.includes(key)) return { value: [] };
  if (ZERO.includes(key)) return { value: 0 };
  if (key === 'cost_details') return { value: { currency_symbol: '', currency_position: '', currency_code: '', values: [] } };
  if (key === 'attendance') return { value: { total_attendees: null, checked_in: null, not_checked_in: null } };
  return undefined;
}

export function maskProtected<T>(registry: Pick<CalendarRegistry, 'fieldMasks'>, value: T): T {
  const mask = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(mask);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(v as Record<string, unknown>)) {
      const r = replacement(registry.fieldMasks, key);
      out[key] = r ? r.value : mask(inner);
    }
    return out;
  };
  return mask(value) as T;
}

/** Access to protected content: the right `password` parameter, or `context=edit` for someone who may edit. */
function hasPasswordAccess(postPassword: string, requestPassword: unknown, canEditInEditContext: boolean): boolean {
  if (!postPassword) return true;
  if (canEditInEditContext) return true;
  if (typeof requestPassword !== 'string') return false;
  const given = Buffer.from(requestPassword);
  const expected = Buffer.from(postPassword);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether the caller sees the object unmasked: no password, the right `password`, or context=edit for an editor. */
export function passwordAccess(env: CalendarEnv, post: PostRow, params: Record<string, unknown>): boolean {
  const editContext = params.context === 'edit' && env.can('edit', { postType: post.post_type }, post);
  return hasPasswordAccess(post.post_password, params.password, editContext);
}

export type PasswordState = 'none' | 'given' | 'required';

/** tec/v1's password state of a post: without its password in `?password=` every caller, administrators included, sees it masked. */
export function passwordState(post: PostRow, params: Record<string, unknown>): PasswordState {
  if (post.post_password === '') return 'none';
  return params.password === post.post_password ? 'given' : 'required';
}

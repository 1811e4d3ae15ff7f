import type { StatusFilter } from '../../wp/post-query';
import { REGISTERED_POST_STATUSES } from '../../wp/posts';
import { listToArray } from '../schemas/arg-validators';
import type { CalendarEnv } from '../site/calendar-env';

/** The statuses a post-type archive lists (Tribe__Events__REST__V1__Endpoints__Archive_Base's status rule). */

export interface ArchiveStatus {
  filter: StatusFilter;
  /** The effective value written into `rest_url`: `publish`, `any`, or the list asked for. */
  urlValue: string;
}

/**
 * The statuses an archive lists (filter_post_status_list): `publish` for callers who cannot edit the type, every
 * status but trash and auto-draft (WordPress's "any") for those who can. A `status` parameter must be exactly
 * `publish` for the former, registered statuses for the latter. Undefined when the parameter is invalid. Validation and
 * the handler each ask (a capability check and a short list: nothing worth keeping between them).
 */
export function archiveStatus(env: CalendarEnv, postType: string, value: unknown): ArchiveStatus | undefined {
  const editor = env.can('edit', { postType });
  if (value === undefined) return editor ? { filter: { notIn: ['trash', 'auto-draft'] }, urlValue: 'any' } : { filter: { in: ['publish'] }, urlValue: 'publish' };
  const items = listToArray(value).map((v) => (typeof v === 'string' ? v.trim() : v));
  if (items.length === 0 || !items.every((v): v is string => typeof v === 'string')) return undefined;
  if (editor ? !items.every((s) => REGISTERED_POST_STATUSES.includes(s)) : items.length !== 1 || items[0] !== 'publish') return undefined;
  return { filter: { in: items }, urlValue: items.join(',') };
}

import type { NarrowedTecEvent, TecEventObject, TecOrganizerObject, TecVenueObject } from '../schemas/tec-objects';

/**
 * `_fields` on an event also narrows its linked venues and organizers (the plugin builds them with the event request's
 * fields): of WordPress's post keys each keeps those `_fields` names (rest_is_field_included(): the key or a path
 * under it), `id` always, and `link` (last when not named); the type's own keys all stay. WordPress's filter of the
 * answer then applies as to any key (`venues.city` keeps none of a list's elements).
 */

/** WordPress's post keys of a tec/v1 venue or organizer (tec-object.ts), `id` left aside. */
const POST_KEYS = new Set(['date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'link', 'title', 'content', 'excerpt', 'author', 'featured_media', 'template']);

/** The `_fields` list as WordPress reads it (a list, or a string split at commas and spaces); empty: none. */
export function requestedFields(fields: unknown): string[] {
  const list = Array.isArray(fields) ? fields : typeof fields === 'string' ? fields.split(/[\s,]+/) : [];
  return list.map(String).filter(Boolean);
}

const included = (key: string, fields: readonly string[]) => fields.some((f) => f === key || f.startsWith(`${key}.`));

function narrowed<T extends TecVenueObject | TecOrganizerObject>(object: T, fields: readonly string[]): Partial<T> {
  // The entries of `object` kept: a part of it.
  const out = Object.fromEntries(Object.entries(object).filter(([key]) => !POST_KEYS.has(key) || included(key, fields))) as Partial<T>;
  return 'link' in out ? out : { ...out, link: object.link };
}

/** The event object with its `venues` and `organizers` narrowed to the request's `_fields` (none: as it is). */
export function withLinkedNarrowed(event: TecEventObject, fields: readonly string[]): NarrowedTecEvent {
  if (fields.length === 0) return event;
  return { ...event, venues: event.venues.map((v) => narrowed(v, fields)), organizers: event.organizers.map((o) => narrowed(o, fields)) };
}

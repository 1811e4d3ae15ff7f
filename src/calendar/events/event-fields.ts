import { EVENT_META } from '../registry/meta-keys';
import { flagField, type FieldTable } from '../post-resource/meta-fields';

/**
 * The event's plain meta-backed fields (see meta-fields.ts). A new writable field is an entry here, its key in
 * meta-keys.ts and its place in the output schema (schemas/posts.ts); fields the plugin does not have come after
 * `custom_fields` in the object and last among the arguments.
 */
export const EVENT_FIELDS = {
  hide_from_listings: flagField(EVENT_META.hideFromUpcoming, 'yes', 'Whether events should be hidden in the calendar view or not'),
  // The plugin tests the stored flag as a number.
  featured: flagField(EVENT_META.featured, '1', 'Whether the event should be featured on the site or not', (stored) => Number(stored) === 1),
} satisfies FieldTable;

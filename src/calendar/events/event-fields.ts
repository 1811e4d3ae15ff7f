import { flagField, type FieldTable } from '../post-resource/field-table';

/**
 * The event's plain meta-backed fields (see post-resource/field-table.ts). A new writable field is one entry here: its
 * meta key, argument, object value and /doc entry come from it. Fields the plugin does not have come after
 * `custom_fields` in the object and last among the arguments.
 */
export const EVENT_FIELDS = {
  hide_from_listings: flagField('_EventHideFromUpcoming', 'yes', 'Whether events should be hidden in the calendar view or not', {
    described: 'Whether an event should be hidden from the calendar view or not',
  }),
  // The plugin tests the stored flag as a number.
  featured: flagField('_tribe_featured', '1', 'Whether the event should be featured on the site or not', {
    read: (stored) => Number(stored) === 1,
    described: 'Whether the event is featured in the calendar or not',
  }),
} satisfies FieldTable;

import { EVENT_FIELDS } from '../../../src/calendar/events/event-fields';
import { EventCreateArgs } from '../../../src/calendar/events/event-args';
import { flagField, textField, withFieldArguments } from '../../../src/calendar/post-resource/field-table';
import { exportFields, fieldMasks, readFields } from '../../../src/calendar/post-resource/meta-fields';
import { maskProtected } from '../../../src/calendar/post-resource/password';
import { CALENDAR_REGISTRY } from '../../../src/calendar/registry/post-types';
import { VENUE_FIELDS } from '../../../src/calendar/venues/venue-fields';
import { PostMeta } from '../../../src/wp/postmeta';

/** The field tables (src/calendar/post-resource/meta-fields.ts): what one entry gives the arguments, the object, the mask and the export. */

const meta = (rows: Record<string, string | null>) => new PostMeta(new Map([[7, new Map(Object.entries(rows).map(([k, v]) => [k, [v]]))]]));

describe('field tables', () => {
  const table = {
    hide_from_listings: EVENT_FIELDS.hide_from_listings,
    phone: textField('_EventPhone', 'the event phone number'),
    private_note: textField('_EventNote', 'a note', { masked: false }),
    ticketed: flagField('_EventTicketed', '1', 'whether the event sells tickets'),
  };

  it('places the fields the shape declares and appends the others in the table order', () => {
    const shape = withFieldArguments({ title: EventCreateArgs.title, hide_from_listings: EVENT_FIELDS.hide_from_listings.argument, sticky: EventCreateArgs.sticky }, table);
    expect(Object.keys(shape)).toEqual(['title', 'hide_from_listings', 'sticky', 'phone', 'private_note', 'ticketed']);
    // The plugin's own fields keep its declaration order.
    expect(Object.keys(EventCreateArgs).slice(-8)).toEqual(['show_map_link', 'hide_from_listings', 'sticky', 'featured', 'categories', 'tags', 'venue', 'organizer']);
  });

  it('reads stored values, an absent row as the kind says', () => {
    expect(readFields(table, meta({ _EventHideFromUpcoming: 'yes', _EventPhone: '555' }), 7)).toEqual({ hide_from_listings: true, phone: '555', private_note: '', ticketed: false });
    expect(exportFields(table, meta({ _EventTicketed: '1' }), 7)).toEqual({ hide_from_listings: false, phone: '', private_note: '', ticketed: true });
  });

  it('writes sanitized text, leaves omitted text alone, and deletes a cleared flag', () => {
    expect(table.phone.write(' 555 <b>1</b> ')).toBe('555 1');
    expect(table.phone.write(undefined)).toBeUndefined();
    expect(table.ticketed.write(true)).toBe('1');
    expect(table.ticketed.write(undefined)).toBeNull();
  });

  it('masks what the entries say, and nothing for an unmasked one', () => {
    expect(fieldMasks([table])).toEqual(new Map<string, unknown>([['hide_from_listings', null], ['phone', ''], ['ticketed', null]]));
    expect(maskProtected(CALENDAR_REGISTRY, { city: 'Rome', state: 'Lazio', zip: '00100', featured: true })).toEqual({ city: '', state: 'Lazio', zip: '', featured: null });
    expect('mask' in VENUE_FIELDS.state).toBe(false);
  });
});

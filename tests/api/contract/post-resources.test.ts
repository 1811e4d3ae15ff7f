import { seedEvent } from '../../support/rows';
import { describePostResourceContract, seedLinkedPost } from './post-resource-contract';

/** The shared contract, run unchanged for the three post-type resources. */

describePostResourceContract({
  base: 'events',
  postType: 'tribe_events',
  nameKey: 'title',
  createBody: (name) => ({ title: name, start_date: '2025-07-01 10:00:00', end_date: '2025-07-01 12:00:00' }),
  seed: (t, f) => seedEvent(t.wp, { post_title: f.title, post_name: f.slug, post_status: f.status, post_author: f.author, start: '2025-07-01 10:00:00', end: '2025-07-01 12:00:00' }),
  requiredOnCreate: ['title', 'start_date', 'end_date'],
  unknownId: { status: 404, code: 'rest-event-not-found' },
  inTrash: 'event-is-in-trash',
  notAccessible: 'event-not-accessible',
});

describePostResourceContract({
  base: 'venues',
  postType: 'tribe_venue',
  nameKey: 'venue',
  createBody: (name) => ({ venue: name, city: 'Lyon' }),
  seed: (t, f) => seedLinkedPost(t, 'tribe_venue', f),
  requiredOnCreate: ['venue'],
  unknownId: { status: 400, code: 'rest_invalid_param' },
  inTrash: 'venue-is-in-trash',
  notAccessible: 'venue-not-accessible',
});

describePostResourceContract({
  base: 'organizers',
  postType: 'tribe_organizer',
  nameKey: 'organizer',
  createBody: (name) => ({ organizer: name, email: 'team@example.com' }),
  seed: (t, f) => seedLinkedPost(t, 'tribe_organizer', f),
  requiredOnCreate: ['organizer'],
  unknownId: { status: 400, code: 'rest_invalid_param' },
  inTrash: 'organizer-is-in-trash',
  notAccessible: 'organizer-not-accessible',
});

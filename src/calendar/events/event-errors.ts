import { entry, errorCatalogue } from '../../http/errors';

/**
 * The event endpoints' error codes and messages (Tribe__Events__REST__V1__Messages and the WP_Error codes of
 * Single_Event and Archive_Event).
 */
export const eventError = errorCatalogue({
  'rest-event-not-found': entry(404, (id: number | string) => `Event with ID ${id} does not exist.`),
  'rest-invalid-event-id': entry(400, 'The specified ID is not a valid event.'),
  'event-no-longer-available': entry(403, 'This event is no longer available'),
  'event-not-accessible': entry(403, 'The requested event is not accessible'),
  'event-password-protected': entry(403, 'The requested event is not accessible without a password'),
  'event-is-in-trash': entry(410, 'The event is already trashed'),
  'event-archive-page-not-found': entry(404, 'The requested event archive page does not exist'),
  'could-not-create-venue': entry(400, 'The venue could not be created from the provided data'),
  'could-not-create-organizer': entry(400, 'The organizer could not be created from the provided data'),
  'invalid-linked-post-id': entry(400, 'The provided linked post ID is not valid'),
  'event-tickets-not-active': entry(400, 'Event Tickets plugin is not activated.'),
});

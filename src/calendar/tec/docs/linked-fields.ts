import { z } from 'zod';
import { componentId } from './plugin-schema';
import { field, TecPostEntity, TecPostEntityRequestBody } from './entity-fields';

/**
 * Venues and organizers as the plugin's `/docs` declares them: the common post fields, then the type's own, which a
 * read returns and a write takes alike (a venue's read adds `directions_link`).
 */

const uri = () => z.string().meta({ format: 'uri' });
/** The plugin shows "Example" as the example of every venue text field. */
const venueText = (description: string) => field(z.string(), description, 'Example');

const venueFields = {
  address: venueText('The venue address'),
  country: venueText('The venue country'),
  city: venueText('The venue city'),
  state_province: venueText('The venue state/province'),
  state: venueText('The venue state'),
  province: venueText('The venue province'),
  zip: venueText('The venue zip code'),
  phone: venueText('The venue phone number'),
  website: field(uri(), 'The venue website', 'https://example.com'),
};

const organizerFields = {
  phone: field(z.string().meta({ format: 'tel' }), "The organizer's phone number", '123-456-7890'),
  website: field(uri(), "The organizer's website", 'https://example.com'),
  email: field(z.string().meta({ format: 'email' }), "The organizer's email address", 'example@theeventscalendar.com'),
};

export const OrganizerRequestBody = z
  .intersection(
    TecPostEntityRequestBody,
    z.object(organizerFields).partial().meta({ title: 'Organizer Request Body', description: 'The request body for the organizer endpoint' }),
  )
  .meta(componentId('Organizer_Request_Body'));

export const VenueRequestBody = z
  .intersection(TecPostEntityRequestBody, z.object(venueFields).partial().meta({ title: 'Venue Request Body', description: 'The request body for the venue endpoint' }))
  .meta(componentId('Venue_Request_Body'));

export const Organizer = z
  .intersection(TecPostEntity, z.object(organizerFields).partial().meta({ title: 'Organizer', description: 'An organizer' }))
  .meta(componentId('Organizer'));

export const Venue = z
  .intersection(
    TecPostEntity,
    z
      .object({ ...venueFields, directions_link: field(uri(), 'The venue directions link', 'https://example.com') })
      .partial()
      .meta({ title: 'Venue', description: 'A venue' }),
  )
  .meta(componentId('Venue'));

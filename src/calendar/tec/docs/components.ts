import type { JsonSchema } from '../../../http/openapi-schemas';
import { OpenApiDocumentation, OpenApiPath } from './document-fields';
import { TecPostEntity, TecPostEntityRequestBody } from './entity-fields';
import { DateDetails, DateObject, Event, EventRequestBody } from './event-fields';
import { Organizer, OrganizerRequestBody, Venue, VenueRequestBody } from './linked-fields';
import { pluginComponents, TYPE_FIRST_ORDER } from './plugin-schema';

/**
 * `components` of the tec/v1 document: the schemas in the plugin's order, each component's head keywords as the
 * plugin writes them, and the one security scheme (the writes' `security`: HTTP Basic, i.e. application passwords).
 */

const HEADS: Record<string, readonly string[]> = {
  TEC_Post_Entity: ['type', 'title', 'description'],
  TEC_Post_Entity_Request_Body: ['title', 'description', 'type'],
  Event: ['type', 'description', 'title'],
  Event_Request_Body: ['title', 'description', 'type'],
  Organizer_Request_Body: ['type', 'title', 'description'],
  Venue_Request_Body: ['type', 'title', 'description'],
  Organizer: ['type', 'title', 'description'],
  Venue: ['title', 'description', 'type'],
};

export const BASIC_AUTH = 'BasicAuth';

export function tecDocComponents(): { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> } {
  return {
    schemas: {
      ...pluginComponents(
        [TecPostEntity, TecPostEntityRequestBody, Event, EventRequestBody, OrganizerRequestBody, VenueRequestBody, Organizer, Venue, DateObject, DateDetails],
        HEADS,
      ),
      ...pluginComponents([OpenApiDocumentation, OpenApiPath], {}, TYPE_FIRST_ORDER),
    },
    securitySchemes: { [BASIC_AUTH]: { type: 'http', scheme: 'basic' } },
  };
}

import type { JsonSchema } from '../../../http/openapi-schemas';
import { tecDocComponents } from './components';
import { DOCS_PATH, typePaths, type DocumentedType } from './operations';
import { eventListParameters, linkedListParameters } from './parameters';

/**
 * The OpenAPI 3.0.4 document `GET /tec/v1/docs` answers, as The Events Calendar 6.17.2 writes it: its info, tags,
 * components, the server (the namespace's REST URL) and the operations of events, organizers and venues, then
 * `/docs`. Only the server URL and `per_page`'s default depend on the site.
 */

const TEC_DOC_INFO = {
  title: 'The Events Calendar REST API',
  version: '1.0.0',
  description: 'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
  contact: { name: 'The Events Calendar', email: 'support@theeventscalendar.com' },
};

const TEC_DOC_TAGS = [
  { name: 'Events', description: 'These operations are introduced by The Events Calendar.' },
  { name: 'Common', description: 'These operations are introduced by the Common library.' },
];

/** The documented post types, in the plugin's order. */
function documentedTypes(perPage: number): DocumentedType[] {
  return [
    { plural: 'events', singular: 'event', title: 'Event', article: 'an', listSummary: 'Retrieve Events', component: 'Event', bodyComponent: 'Event_Request_Body', listParameters: eventListParameters(perPage) },
    { plural: 'organizers', singular: 'organizer', title: 'Organizer', article: 'an', listSummary: 'Get organizers', component: 'Organizer', bodyComponent: 'Organizer_Request_Body', listParameters: linkedListParameters('organizers', perPage) },
    { plural: 'venues', singular: 'venue', title: 'Venue', article: 'a', listSummary: 'Get venues', component: 'Venue', bodyComponent: 'Venue_Request_Body', listParameters: linkedListParameters('venues', perPage) },
  ];
}

export interface TecDocSite {
  /** The namespace's REST URL, `rest_url('tec/v1')`: `http://example.com/wp-json/tec/v1`. */
  serverUrl: string;
  /** The lists' default page size (tecDefaultPerPage). */
  perPage: number;
}

/** Builds the document; `components` may be passed in, as they depend on nothing (built once per app). */
export function tecOpenApiDocument(site: TecDocSite, components = tecDocComponents()): Record<string, unknown> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const type of documentedTypes(site.perPage)) Object.assign(paths, typePaths(type, components.schemas));
  return {
    openapi: '3.0.4',
    info: TEC_DOC_INFO,
    tags: TEC_DOC_TAGS,
    components,
    servers: [{ url: site.serverUrl }],
    paths: { ...paths, ...DOCS_PATH },
  };
}

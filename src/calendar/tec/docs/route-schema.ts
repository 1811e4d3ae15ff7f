/**
 * The schema the `/docs` route declares (register_rest_route's `schema`), which its OPTIONS answer lists: a
 * draft-04 description of the document, read-only throughout, whose objects carry titles. It is not the
 * `OpenApiDocumentation` component of the document (document-fields.ts): the plugin writes the two separately, and
 * they differ (titles and `readonly` here; the contact's e-mail format and the path reference there).
 */

type Node = Record<string, unknown>;

/** A read-only untitled member: type, description, its format if any, `readonly`. */
const readOnly = (type: string, description: string, format?: string): Node => ({ type, description, ...(format ? { format } : {}), readonly: true });
/** A titled read-only object or array, its members (`properties` or `items`) last. */
const titled = (title: string, type: string, description: string, members: Node = {}): Node => ({ title, type, description, readonly: true, ...members });

const contact = {
  ...readOnly('object', 'The API contact.'),
  properties: { name: readOnly('string', 'The name of the contact.'), email: readOnly('string', 'The email of the contact.') },
};

export const TEC_DOCS_ROUTE_SCHEMA: Node = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'OpenApiDocumentation',
  type: 'object',
  properties: {
    openapi: readOnly('string', 'The OpenAPI version.'),
    info: titled('openapi_info', 'object', 'The API info.', {
      properties: {
        title: readOnly('string', 'The API title.'),
        version: readOnly('string', 'The TEC REST API version.'),
        description: readOnly('string', 'The API description.'),
        contact,
      },
    }),
    components: titled('openapi_components', 'object', 'The OpenAPI components.', {
      properties: {
        schemas: titled('openapi_schemas', 'object', 'The OpenAPI schemas.', {
          // The only member whose type comes before its title.
          properties: { openapi_schema: { type: 'object', title: 'openapi_schema', description: "An object's schema.", readonly: true } },
        }),
      },
    }),
    servers: titled('openapi_servers', 'array', 'The OpenAPI servers.', {
      items: { ...readOnly('object', 'A server.'), properties: { url: readOnly('string', 'The server URL.', 'uri') } },
    }),
    paths: titled('OpenApiPaths', 'object', 'The OpenAPI paths.', {
      properties: { OpenApiPath: titled('OpenApiPath', 'object', "A path's documentation.") },
    }),
  },
};

import { componentRef, type JsonSchema } from '../../../http/openapi-schemas';
import { BASIC_AUTH } from './components';
import { bodyExample } from './plugin-schema';
import { FORCE_PARAMETER, idParameter, parameters, type ParameterTable } from './parameters';

/**
 * The `paths` of the tec/v1 document: the five operations of each post type (list, create, read, update, delete)
 * written from one template with the type's words, and `/docs` itself. PUT stands for the route's PUT and PATCH.
 */

export interface DocumentedType {
  /** The collection's path segment and plural noun: `events`. */
  plural: string;
  singular: string;
  /** Capitalised for titles and operation ids: `Event`. */
  title: string;
  /** `an` or `a`, before the title. */
  article: string;
  /** The list operation's summary, which the plugin words differently for events ("Retrieve Events"). */
  listSummary: string;
  /** Component names of the object and of the write body. */
  component: string;
  bodyComponent: string;
  listParameters: ParameterTable;
}

const EVENTS_TAG = 'Events';
const PUBLIC: JsonSchema[] = [];
const AUTHENTICATED = [{ [BASIC_AUTH]: [] }];

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
const described = (entries: Record<string, string>) => Object.fromEntries(Object.entries(entries).map(([status, description]) => [status, { description }]));
const json = (schema: JsonSchema, example?: unknown) => ({ 'application/json': { schema, ...(example === undefined ? {} : { example }) } });

const PAGING_HEADERS = (plural: string) => ({
  'X-WP-Total': { description: `The total number of ${plural} matching the request.`, required: true, schema: { type: 'integer' } },
  'X-WP-TotalPages': { description: 'The total number of pages for the request.', required: true, schema: { type: 'integer' } },
  Link: {
    description:
      'RFC 5988 Link header for pagination. Contains navigation links with relationships:\n\t\t\t\t`rel="next"` for the next page (if not on last page),\n\t\t\t\t`rel="prev"` for the previous page (if not on first page).\n\t\t\t\tHeader is omitted entirely if there\'s only one page',
    required: false,
    schema: { type: 'array', items: { type: 'string', format: 'uri' } },
  },
});

/** The two path items of a post type: its collection and its single items. */
export function typePaths(type: DocumentedType, components: Record<string, JsonSchema>): Record<string, Record<string, JsonSchema>> {
  const { plural, singular, title } = type;
  const named = `${type.article} ${title}`;
  const operation = (summary: string, security: unknown, description: string, operationId: string) => ({ summary, security, description, operationId, tags: [EVENTS_TAG] });
  const body = (verb: string) => {
    const schema = componentRef(type.bodyComponent);
    return { description: `The ${singular} data to ${verb}.`, required: true, content: json(schema, bodyExample(components, schema)) };
  };
  const id = idParameter(singular);
  const notFound = `The requested ${singular} was not found`;
  const writeErrors = { 400: 'Invalid request data', 401: 'You are not logged in' };

  return {
    [`/${plural}`]: {
      get: {
        ...operation(type.listSummary, PUBLIC, `Returns a list of ${plural}`, `get${capitalised(plural)}`),
        parameters: parameters(type.listParameters),
        responses: {
          200: { description: `Returns the list of ${plural}`, headers: PAGING_HEADERS(plural), content: json({ type: 'array', items: componentRef(type.component) }) },
          ...described({ 400: 'A required parameter is missing or an input parameter is in the wrong format', 404: 'The requested page was not found' }),
        },
      },
      post: {
        ...operation(`Create ${named}`, AUTHENTICATED, `Creates a new ${singular}`, `create${title}`),
        requestBody: body('create'),
        parameters: [],
        responses: {
          201: { description: `${title} created successfully`, content: json(componentRef(type.component)) },
          ...described({ ...writeErrors, 403: `You do not have permission to create ${plural}`, 500: `Failed to create the ${singular}` }),
        },
      },
    },
    [`/${plural}/{id}`]: {
      get: {
        ...operation(`Retrieve ${named}`, PUBLIC, `Returns a single ${singular}`, `get${title}`),
        parameters: parameters(id),
        responses: { 200: { description: `Returns the ${singular}`, content: json(componentRef(type.component)) }, ...described({ 404: notFound }) },
      },
      put: {
        ...operation(`Update ${named}`, AUTHENTICATED, `Updates an existing ${singular}`, `update${title}`),
        requestBody: body('update'),
        parameters: parameters(id),
        responses: {
          200: { description: `${title} updated successfully`, content: json(componentRef(type.component)) },
          ...described({ ...writeErrors, 403: `You do not have permission to update this ${singular}`, 404: notFound, 500: `Failed to update the ${singular}` }),
        },
      },
      delete: {
        ...operation(`Delete ${named}`, AUTHENTICATED, `Deletes an existing ${singular}`, `delete${title}`),
        parameters: parameters(id, FORCE_PARAMETER),
        responses: described({
          200: `${title} deleted successfully`,
          401: writeErrors[401],
          403: `You do not have permission to delete this ${singular}`,
          404: notFound,
          410: `The ${singular} has already been trashed`,
          500: `Failed to delete the ${singular}`,
          501: `The ${singular} does not support trashing. Set force=true to delete`,
        }),
      },
    },
  };
}

const DOCS_DESCRIPTION = 'Returns the documentation for The Events Calendar REST API in Swagger consumable format.';

/** `/docs` itself. */
export const DOCS_PATH = {
  '/docs': {
    get: {
      summary: 'Get the documentation for the TEC REST API',
      security: PUBLIC,
      description: DOCS_DESCRIPTION,
      operationId: 'getOpenApiDocs',
      tags: ['Common'],
      parameters: [],
      responses: { 200: { description: DOCS_DESCRIPTION, content: json(componentRef('OpenApiDocumentation')) } },
    },
  },
};

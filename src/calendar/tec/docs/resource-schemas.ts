import type { JsonSchema } from '../../../http/openapi-schemas';

/**
 * The schemas the tec/v1 collection and item routes declare (their OPTIONS answers list them): a draft-04 schema
 * titled after the route that points into the `/docs` document's components by absolute URL
 * (`{rest_url}tec/v1/docs#/components/schemas/Event`), a list of them for a collection.
 */

const DRAFT_04 = 'http://json-schema.org/draft-04/schema#';

/** `docsUrl`: the `/docs` route's URL on the site (`http://example.com/wp-json/tec/v1/docs`). */
const componentUrl = (docsUrl: string, component: string) => `${docsUrl}#/components/schemas/${component}`;

/** `/events`: `title` is the collection's path segment. */
export const tecCollectionSchema = (docsUrl: string, plural: string, component: string): JsonSchema => ({
  $schema: DRAFT_04,
  title: plural,
  type: 'array',
  items: { $ref: componentUrl(docsUrl, component) },
});

/** `/events/{id}`: `title` is the singular noun. */
export const tecItemSchema = (docsUrl: string, singular: string, component: string): JsonSchema => ({
  $schema: DRAFT_04,
  title: singular,
  type: 'object',
  $ref: componentUrl(docsUrl, component),
});

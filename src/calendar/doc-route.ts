import type { CalendarRequestContext } from './site/calendar-context';
import { restRoot } from '../http/context';
import { openApiDocument } from '../http/openapi';
import { componentSchemas, type JsonSchema } from '../http/openapi-schemas';
import type { RouteDef } from '../http/routes';
import type { CalendarRegistry } from './registry/calendar-registry';
import { calendarComponents } from './schemas/components';

/**
 * GET /doc (Tribe__Events__REST__V1__Endpoints__Swagger_Documentation::get): the OpenAPI 3.0 document of the namespace,
 * generated on each request from the namespace's own route table and the component schemas, so it always lists exactly
 * what the service serves.
 */

const DOC_INFO = {
  version: '1.0.0',
  title: 'The Events Calendar REST API',
  description: 'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
};

/**
 * `servers[0].url`: the namespace root the request came in on, in the request's scheme as the plugin does it, but
 * keeping the home URL's port and sub-directory (the plugin drops both).
 */
function docServerUrl(restRootUrl: string, namespace: string, secure: boolean): string {
  return `${restRootUrl}${namespace}/`.replace(/^https?:/i, secure ? 'https:' : 'http:');
}

/** The /doc route of a namespace whose routes `routes()` returns (including this one). */
export function docRoute(routes: () => ReadonlyArray<RouteDef<CalendarRequestContext>>, registry: CalendarRegistry): RouteDef<CalendarRequestContext> {
  // The components depend only on the schemas: built once per app, on first use.
  let components: Record<string, JsonSchema> | undefined;
  return {
    path: '/doc',
    endpoints: [
      {
        methods: ['GET'],
        args: {},
        handler: async ({ ctx, namespace }) => {
          components ??= componentSchemas(calendarComponents(registry));
          const serverUrl = docServerUrl(restRoot(await ctx.site()), namespace, ctx.remote.secure);
          return openApiDocument({ info: DOC_INFO, components, serverUrl, routes: routes() });
        },
        freshness: 'timeless',
        doc: { responses: { 200: 'Returns the documentation for The Events Calendar REST API in Swagger consumable format.' } },
      },
    ],
  };
}

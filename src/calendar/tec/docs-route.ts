import { restRoot } from '../../http/context';
import type { RouteDef } from '../../http/routes';
import type { CalendarRequestContext } from '../site/calendar-context';
import { tecDefaultPerPage } from './default-per-page';
import { tecDocComponents } from './docs/components';
import { tecOpenApiDocument } from './docs/document';
import { TEC_DOCS_ROUTE_SCHEMA } from './docs/route-schema';

/**
 * `GET /tec/v1/docs`: the namespace's OpenAPI document (docs/document.ts). Public, with no arguments, and unlike every
 * other tec/v1 endpoint it answers without the `X-TEC-EEA` acknowledgement header (docs/compat/tec-v1.md, section 2).
 * The server URL is `rest_url( 'tec/v1' )` of the site, whatever host the request named.
 */
export function tecDocsRoute(): RouteDef<CalendarRequestContext> {
  // The components depend on nothing; the document only on the server URL and the page size, which rarely change:
  // the last one built is kept (generating it takes tens of milliseconds; nothing downstream mutates an answer).
  let components: ReturnType<typeof tecDocComponents> | undefined;
  let last: { key: string; document: Record<string, unknown> } | undefined;
  return {
    path: '/docs',
    schema: () => TEC_DOCS_ROUTE_SCHEMA,
    endpoints: [
      {
        methods: ['GET'],
        args: {},
        handler: async ({ ctx, namespace }) => {
          const site = await ctx.site();
          const serverUrl = `${restRoot(site)}${namespace}`;
          const perPage = tecDefaultPerPage(site);
          const key = `${serverUrl}\u0000${perPage}`;
          if (last?.key !== key) {
            components ??= tecDocComponents();
            last = { key, document: tecOpenApiDocument({ serverUrl, perPage }, components) };
          }
          return last.document;
        },
      },
    ],
  };
}

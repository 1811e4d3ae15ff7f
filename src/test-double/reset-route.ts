import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { FixtureError, type FixtureDocument } from '../fixtures/format';
import { restError } from '../http/errors';
import type { NamespaceDef } from '../http/routes';
import { wpBoolean } from '../http/wp-types';
import { ResetRefusedError } from '../setup/reset-database';
import { createResetter, type Resetter } from './reset';
import { resetGuard } from './transport-guard';

/**
 * The opt-in reset route for test suites in any language (TEST_DOUBLE=1): `POST /wp-json/calendar/test/v1/reset`
 * empties the WordPress tables, writes the defaults and loads the double's fixtures again. Only a program on this
 * machine calling it directly may use it, never a web page (transport-guard.ts); its answers carry no CORS headers.
 */

export const TEST_NAMESPACE = 'calendar/test/v1';

export interface TestDoubleRouteOptions {
  db: Database;
  prefix: string;
  /** The fixtures loaded after each reset (FIXTURES, or the library's `fixtures`). */
  fixtures?: FixtureDocument;
  /** SITE_URL: the `home` the written URLs use. */
  homeOverride?: string;
}

/** `resetter` lets the library share its own (and the rows it remembers); by default the route makes one. */
export function testDoubleNamespace(options: TestDoubleRouteOptions, resetter: Resetter = createResetter(options)): NamespaceDef<AppContext> {
  return {
    namespace: TEST_NAMESPACE,
    routes: [
      {
        path: '/reset',
        showInIndex: false,
        guard: resetGuard,
        cors: false,
        endpoints: [
          {
            methods: ['POST'],
            args: { seed: wpBoolean().default(true).meta({ description: 'load the fixtures again after emptying the tables' }) },
            async handler(req) {
              const site = await req.ctx.site();
              try {
                const outcome = await resetter.reset({ siteUrl: site.url, now: req.ctx.now, seed: req.args.seed });
                return { reset: true, emptied: outcome.emptied.map((t) => `${options.prefix}${t}`), loaded: outcome.loaded ?? null };
              } catch (error) {
                if (error instanceof ResetRefusedError) throw restError('rest_test_double_reset_refused', { args: [error.tables.join(', ')] });
                if (error instanceof FixtureError) throw restError('rest_test_double_fixtures_invalid', { args: [error.message] });
                throw error;
              }
            },
            doc: { summary: 'Reset the test double: empty the WordPress tables, write the defaults, load the fixtures again.' },
          },
        ],
      },
    ],
  };
}

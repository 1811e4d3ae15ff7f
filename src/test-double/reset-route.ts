import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { FixtureError, type FixtureDocument } from '../fixtures/format';
import { restError } from '../http/errors';
import type { NamespaceDef } from '../http/routes';
import { wpBoolean } from '../http/wp-types';
import { ResetRefusedError } from '../setup/reset-database';
import { createResetter, type Resetter } from './reset';

/**
 * The opt-in reset route for test suites in any language (TEST_DOUBLE=1): `POST /wp-json/calendar/test/v1/reset`
 * empties the WordPress tables, writes the defaults and loads the double's fixtures again. Only loopback
 * callers may use it: the address the request came from, or the client a loopback proxy forwarded.
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

/** 127.0.0.0/8 and ::1 (an IPv4 peer arrives here without its ::ffff: prefix). */
export function isLoopback(ip: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip) || ip === '::1' || /^::ffff:127\./i.test(ip);
}

/** `resetter` lets the library share its own (and the rows it remembers); by default the route makes one. */
export function testDoubleNamespace(options: TestDoubleRouteOptions, resetter: Resetter = createResetter(options)): NamespaceDef<AppContext> {
  return {
    namespace: TEST_NAMESPACE,
    routes: [
      {
        path: '/reset',
        showInIndex: false,
        endpoints: [
          {
            methods: ['POST'],
            args: { seed: wpBoolean().default(true).meta({ description: 'load the fixtures again after emptying the tables' }) },
            permission: (req) => (isLoopback(req.ctx.remote.ip) ? true : restError('rest_test_double_forbidden')),
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

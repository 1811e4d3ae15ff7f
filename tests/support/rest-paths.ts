import { ALIAS_NAMESPACE, PRIMARY_NAMESPACE } from '../../src/calendar/registry/identifiers';
import { TEST_NAMESPACE } from '../../src/test-double/reset-route';

/**
 * The request paths of the service's namespaces, built from the constants the routes are registered with, so that
 * test files import them instead of spelling them out.
 */
export const REST_ROOT = '/wp-json';
/** The plugin's own namespace, `/wp-json/tribe/events/v1`. */
export const TRIBE_API = `${REST_ROOT}/${ALIAS_NAMESPACE}`;
/** The service's primary namespace, `/wp-json/calendar/events/v1`; the same routes as TRIBE_API. */
export const CALENDAR_API = `${REST_ROOT}/${PRIMARY_NAMESPACE}`;
/** The test double's namespace (TEST_DOUBLE=1), `/wp-json/calendar/test/v1`. */
export const TEST_DOUBLE_API = `${REST_ROOT}/${TEST_NAMESPACE}`;
/** WordPress's own namespace: its posts, terms, media, users and settings routes over the same tables. */
export const WP_V2_API = `${REST_ROOT}/wp/v2`;
/** Both namespaces the calendar routes answer under, primary first, for tests that run once per namespace. */
export const CALENDAR_NAMESPACES = [PRIMARY_NAMESPACE, ALIAS_NAMESPACE] as const;

/**
 * The layering of src/ (npm run lint:layers, run before every `npm test`): lower floors never import higher ones.
 *   php/       ports of PHP's runtime: nothing else in src/
 *   db/, wp/   the database and the generic WordPress data layer: no HTTP, no calendar
 *   auth/      who the caller is and what they may do: no calendar (the calendar registers its capabilities)
 *   http/      the REST server: no calendar
 *   wp-rest/   WordPress's own REST API pieces (the post object, its read rules): WordPress, HTTP and PHP only
 *   calendar/  the domain: no app, CLI, fixtures, setup or configuration above it
 * Type-only imports count: a type is a dependency too.
 */
module.exports = {
  forbidden: [
    {
      name: 'php-stands-alone',
      comment: 'src/php/ ports PHP runtime functions; it depends on nothing else in src/.',
      severity: 'error',
      from: { path: '^src/php/' },
      to: { path: '^src/', pathNot: '^src/php/' },
    },
    {
      name: 'data-layer-knows-no-calendar',
      comment: 'src/wp/ and src/db/ are generic WordPress and database code; The Events Calendar builds on them.',
      severity: 'error',
      from: { path: '^src/(wp|db)/' },
      to: { path: '^src/calendar/' },
    },
    {
      name: 'auth-knows-no-calendar',
      comment: "src/auth/ answers WordPress's capability questions; the calendar registers its own capabilities.",
      severity: 'error',
      from: { path: '^src/auth/' },
      to: { path: '^src/calendar/' },
    },
    {
      name: 'data-layer-knows-no-http',
      comment: 'The data layer serves the REST routes, the CLI and the fixtures alike; it takes no HTTP types.',
      severity: 'error',
      from: { path: '^src/(wp|php|db)/' },
      to: { path: '^src/http/' },
    },
    {
      name: 'http-knows-no-calendar',
      comment: 'src/http/ is a WordPress REST server for any namespace; the calendar mounts itself on it.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/calendar/' },
    },
    {
      name: 'wp-rest-is-wordpress-only',
      comment: "src/wp-rest/ is WordPress's own REST API (wp/v2 objects and rules): it builds on src/wp, src/http and src/php, never on the calendar or the app.",
      severity: 'error',
      from: { path: '^src/wp-rest/' },
      to: { path: '^src/', pathNot: '^src/(wp|http|php|wp-rest)/' },
    },
    {
      name: 'lower-floors-know-no-wp-rest',
      comment: 'The database, data, auth and HTTP layers are below the REST controllers built on them.',
      severity: 'error',
      from: { path: '^src/(db|wp|php|auth|http)/' },
      to: { path: '^src/wp-rest/' },
    },
    {
      name: 'calendar-knows-no-application',
      comment: 'src/calendar/ is the domain: the app, the CLI, fixtures and setup build on it, never the other way.',
      severity: 'error',
      from: { path: '^src/calendar/' },
      to: { path: '^src/(app|app-context|main|index|cli|fixtures|library|test-double|setup|config|cluster|server-lifecycle)(/|\\.ts$)' },
    },
    {
      name: 'lower-floors-know-no-application',
      comment: 'The database, data, auth and HTTP layers take what they need as arguments, never the process configuration or the app.',
      severity: 'error',
      from: { path: '^src/(db|wp|php|auth|http)/' },
      to: { path: '^src/(app|app-context|main|index|cli|fixtures|library|test-double|setup|config)(/|\\.ts$)' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter and layers meaningless (cycles of type-only imports vanish at run time).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

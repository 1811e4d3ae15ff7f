/**
 * The package's library entry (`main: dist/index.js`): the test double for other projects' test suites, and
 * the building blocks for embedding the service or moving WordPress data.
 */

export { createCalendarServer, type CalendarServer, type CalendarServerOptions, type FixtureSource } from './library/calendar-server';
export { createApp, type AppDeps } from './app';
export type { Clock } from './app-context';
export { ConfigError, loadConfig, parseDatabaseUrl, type Config } from './config/config';
export type { DatabaseConfig } from './db/database-config';
export { createDatabase, type Database } from './db/database';
export { prepareDatabase, type PrepareOptions } from './setup/prepare-database';
export { resetDatabase, ResetRefusedError } from './setup/reset-database';
export { DEMO_FIXTURES, FixtureError, fixtureText, parseFixtureDocument, readFixtureFile, type FixtureDocument } from './fixtures/format';
export { loadFixtures, type LoadOptions, type LoadSummary } from './fixtures/load-fixtures';
export { exportFixtures, type ExportOptions } from './fixtures/export-fixtures';
export { generateCalendar, type GenerateCalendarOptions } from './calendar/data/generator/generate-calendar';
export { WpData } from './wp/wp-handle';

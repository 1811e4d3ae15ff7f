import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { createLogger } from './logging';
import { defaultSiteUrl, openDatabase } from './setup/open-database';
import { prepareDatabase } from './setup/prepare-database';
import { EVENT_INDEX_TABLE, eventListPath } from './calendar/data/event-index';
import { WpData } from './wp/wp-data';
import { FixtureError, readFixtureFile, type FixtureDocument } from './fixtures/format';
import { testDoubleNamespace } from './test-double/reset-route';

/**
 * Process entry: the only module that reads process.env, listens on a port or exits the process.
 */

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  // The test double's fixtures are read before the database is touched: a bad file changes nothing.
  let fixtures: FixtureDocument | undefined;
  if (config.testDouble && config.fixtures) {
    try {
      fixtures = readFixtureFile(config.fixtures);
    } catch (error) {
      if (!(error instanceof FixtureError)) throw error;
      process.stderr.write(`Configuration error: FIXTURES: ${error.message}\n`);
      process.exit(2);
    }
  }

  const log = createLogger(config.logLevel);
  const db = openDatabase(config);
  try {
    const prepared = await prepareDatabase(db, { prefix: config.tablePrefix, siteUrl: defaultSiteUrl(config) });
    if (prepared.created.length > 0) log.info({ tables: prepared.created.map((t) => config.tablePrefix + t) }, 'created missing WordPress tables');
    if (prepared.installed) log.info('wrote the default options of a new site');
    if (prepared.eventIndex) log.info({ table: config.tablePrefix + EVENT_INDEX_TABLE }, 'created the event index with the tables');
    const path = await eventListPath(WpData.open(db, config.tablePrefix));
    log.info({ eventLists: path.source }, path.message);
  } catch (error) {
    log.fatal({ err: error, database: config.databaseUrl }, 'cannot prepare the database');
    await db.close();
    process.exit(1);
  }

  const fixedNow = config.clock;
  const app = createApp({
    db,
    tablePrefix: config.tablePrefix,
    siteUrl: config.siteUrl,
    clock: fixedNow ? () => new Date(fixedNow.getTime()) : undefined,
    logger: log,
    bodyLimit: config.bodyLimit,
    media: config.media,
    trustProxy: config.trustProxy,
    requireHttps: config.requireHttps,
    // The reset route exists only when asked for (TEST_DOUBLE=1).
    extraNamespaces: config.testDouble ? [testDoubleNamespace({ db, prefix: config.tablePrefix, fixtures, homeOverride: config.siteUrl })] : [],
  });
  const server: Server = app.listen(config.port, config.host, () => {
    log.info({ url: `http://${config.host}:${config.port}/wp-json/`, database: config.databaseUrl, prefix: config.tablePrefix }, 'listening');
  });
  server.on('error', (error) => {
    log.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then close the pool.
    server.close(() => {
      db.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => {
      log.warn('in-flight requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();

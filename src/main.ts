import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createApp } from './app';
import { superviseWorkers } from './cluster/supervisor';
import { withReadRouting } from './db/routed-database';
import type { Metrics } from './metrics/metrics';
import { ConfigError, loadConfig, type Config } from './config/config';
import { createLogger } from './logging';
import { defaultSiteUrl, openDatabase } from './setup/open-database';
import { prepareDatabase, tablesCreatedByService } from './setup/prepare-database';
import { EVENT_INDEX_TABLE, OCCURRENCE_INDEX_TABLE } from './calendar/data/event-index-sql';
import { eventListPath } from './calendar/data/event-index-state';
import { searchIndexTable } from './calendar/data/event-search-index';
import { EVENT_INDEX_VERSION, POST_TYPE } from './calendar/registry/identifiers';
import { cliCommandFor, demoCalendarHint } from './fixtures/demo-hint';
import { hasPostOfType } from './wp/post-counts';
import { WpData } from './wp/wp-handle';
import { FixtureError, readFixtureFile, type FixtureDocument } from './fixtures/format';
import { testDoubleNamespace } from './test-double/reset-route';
import { applyServerLimits, drainServer } from './server-lifecycle';

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
  const primary = openDatabase(config, { limits: config.databaseLimits });
  // DB_QUERY_TIMEOUT bounds what a request may cost. The start-up work is not a request: building or upgrading the
  // event index reads every event (a minute at 100,000 events on MariaDB), so on MySQL it runs on its own pool
  // without that bound. SQLite bounds no statement (and a ':memory:' database is one connection).
  let emptyCalendar = false;
  const startup = config.database.client === 'mysql' ? openDatabase(config, { limits: { ...config.databaseLimits, queryTimeoutMs: 0 } }) : primary;
  try {
    const prepared = await prepareDatabase(startup, { prefix: config.tablePrefix, siteUrl: defaultSiteUrl(config) });
    if (prepared.created.length > 0) log.info({ tables: prepared.created.map((t) => config.tablePrefix + t) }, 'created missing WordPress tables');
    if (prepared.installed) log.info('wrote the default options of a new site');
    if (prepared.eventIndex) log.info({ table: config.tablePrefix + EVENT_INDEX_TABLE }, 'created the event index with the tables');
    if (prepared.eventIndexUpgradedFrom !== undefined) {
      const from = prepared.eventIndexUpgradedFrom;
      log.info({ table: config.tablePrefix + EVENT_INDEX_TABLE, from, to: EVENT_INDEX_VERSION }, from === null ? "added the occurrence index to the event index, for the plugin's custom tables" : `upgraded the event index from version ${from}`);
    }
    if (prepared.searchIndexRemade) {
      log.info({ table: searchIndexTable(WpData.open(startup, config.tablePrefix)) }, 'made the event search table again at its current version and recomputed its rows');
    }
    if (prepared.occurrenceIndexRestored) {
      log.info(
        { table: config.tablePrefix + OCCURRENCE_INDEX_TABLE },
        `made the occurrence index's triggers on ${config.tablePrefix}tec_occurrences again (the table had been dropped and made again) and recomputed its rows`,
      );
    }
    const wp = WpData.open(startup, config.tablePrefix);
    const lists = await eventListPath(wp);
    // Without the index (an existing site that never ran db:index), every list pays for it: worth a warning that says
    // what db:index would change.
    log[lists.source === 'postmeta' || lists.source === 'occurrences' ? 'warn' : 'info']({ eventLists: lists.source }, lists.message);
    emptyCalendar = !(await hasPostOfType(wp, POST_TYPE.event));
  } catch (error) {
    log.fatal({ err: error, database: config.databaseUrl }, 'cannot prepare the database');
    if (startup !== primary) await startup.close();
    await primary.close();
    process.exit(1);
  }
  // A database this service created stores the URL it was first served at: without SITE_URL, its URLs follow the
  // requests instead (another port, a proxy's host). A WordPress site's own URLs are its own.
  let siteUrlFromRequest = false;
  if (!config.siteUrl) {
    try {
      siteUrlFromRequest = (await tablesCreatedByService(WpData.open(startup, config.tablePrefix))).includes('options');
    } catch (error) {
      log.warn({ err: error }, 'cannot tell whether the service created this database; its stored site URL is used');
    }
  }
  if (startup !== primary) await startup.close();

  // WORKERS > 1: this process only supervises; each worker runs the rest of main() (src/cluster/supervisor.ts).
  const metricsPort = config.metricsPort;
  if (config.workers > 1 && cluster.isPrimary) {
    await primary.close();
    superviseWorkers({ workers: config.workers, log, metrics: metricsPort !== undefined ? { port: metricsPort, host: config.metricsHost } : undefined });
    return;
  }
  // prom-client takes a noticeable time to load: only when metrics are asked for.
  let metrics: Metrics | undefined;
  if (metricsPort !== undefined) {
    const [{ createMetrics }, server] = await Promise.all([import('./metrics/metrics'), import('./metrics/metrics-server')]);
    metrics = createMetrics();
    if (cluster.isWorker) server.offerToSupervisor(metrics.registry);
    else server.startMetricsServer(server.registrySource(metrics.registry), metricsPort, config.metricsHost, (error) => log.error({ err: error }, 'metrics endpoint failed'));
  }
  const db = withReadRouting(primary, config, {
    observe: metrics?.observeQuery,
    onReplicaChange: (status, previous) =>
      log[status.state === 'healthy' ? 'info' : 'warn']({ replica: status.name, url: status.url, state: status.state, previous, reason: status.reason, error: status.error }, 'replica state'),
  });
  metrics?.watch(db);

  const fixedNow = config.clock;
  const app = createApp({
    db,
    tablePrefix: config.tablePrefix,
    siteUrl: config.siteUrl,
    siteUrlFromRequest,
    clock: fixedNow ? () => new Date(fixedNow.getTime()) : undefined,
    logger: log,
    bodyLimit: config.bodyLimit,
    listCache: config.listCache,
    objectCache: config.objectCache,
    cacheSMaxAge: config.cacheSMaxAge,
    media: config.media,
    trustProxy: config.trustProxy,
    requireHttps: config.requireHttps,
    requestTimeoutMs: config.http.requestTimeoutMs,
    heavyConcurrency: config.http.heavyConcurrency,
    heavyQueueMs: config.http.heavyQueueMs,
    metrics,
    databaseHeader: config.databaseHeader,
    // The reset route exists only when asked for (TEST_DOUBLE=1).
    extraNamespaces: config.testDouble ? [testDoubleNamespace({ db, prefix: config.tablePrefix, fixtures, homeOverride: config.siteUrl })] : [],
  });
  const server: Server = app.listen(config.port, config.host, () => {
    log.info({ url: `http://${config.host}:${config.port}/wp-json/`, database: config.databaseUrl, replicas: config.replicas.length || undefined, prefix: config.tablePrefix }, 'listening');
    // A first run answers with an empty calendar: say, last, how to see one (once, not per worker). The test
    // double's FIXTURES load at its resets instead. Reading the demo file (YAML, checked) takes a tenth of a second:
    // a moment after listening, so that the first requests are not kept waiting for a log line.
    if (emptyCalendar && !(config.testDouble && config.fixtures) && (!cluster.isWorker || cluster.worker?.id === 1)) {
      setTimeout(() => {
        const memory = config.database.client === 'sqlite' && config.database.filename === ':memory:';
        const hint = demoCalendarHint(memory ? null : cliCommandFor(config, 'seed'));
        log.info({ demo: hint.command, logins: hint.logins.map((l) => l.username) }, hint.message);
      }, 500).unref();
    }
  });
  applyServerLimits(server, config.http);
  server.on('error', (error) => {
    log.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish (bounded), then close the pool; exit 0 either way: the
    // requests cut off at the bound were reported.
    void drainServer(server, { timeoutMs: config.http.shutdownTimeoutMs, close: () => db.close(), log }).then(() => {
      log.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();

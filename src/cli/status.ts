import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { readCalendarStatus } from '../calendar/data/calendar-status';
import { POST_TYPE } from '../calendar/registry/identifiers';
import { ReplicaSet, type ReplicaStatus } from '../db/replicas';
import { cliCommandFor, demoCalendarHint } from '../fixtures/demo-hint';
import { openDatabase } from '../setup/open-database';
import { tablesCreatedByService } from '../setup/prepare-database';
import { WpData } from '../wp/wp-handle';
import { configOf, type CliCommand } from './command';
import { formatStatus, statusReport, type StatusReport } from './status-report';

/**
 * `status [--json]`: what the service sees in the database DATABASE_URL names, read without writing anything (no
 * table is created, not even the SQLite file): the database and prefix, WordPress's db_version, The Events
 * Calendar's version and custom tables, the event index and its rows against the events, the posts by type and
 * status, the default page size and where it comes from, and each replica's state and lag. Exit code 1 when
 * something needs the operator (each such thing is listed with what to do), 0 otherwise.
 */

const QUIET = { warn() {}, error() {}, debug() {}, deprecate() {} };

export const status: CliCommand = {
  name: 'status',
  summary: "Show what the service sees in the database (tables, versions, the event index, counts, page size, replicas) without changing it; exit code 1 when something needs the operator.",
  configure: (command: Command) => command.option('--json', 'print the report as one JSON document, for scripts'),
  async run(options, io) {
    const report = await readStatus(io);
    io.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatStatus(report));
    return report.attention.length > 0 ? 1 : 0;
  },
};

async function readStatus(io: Parameters<CliCommand['run']>[1]): Promise<StatusReport> {
  const config = configOf(io);
  const { database } = config;
  if (database.client === 'sqlite' && database.filename !== ':memory:' && !existsSync(database.filename)) {
    // Opening the file would create it: say so instead.
    throw new Error(`${config.databaseUrl}: no such database file (npm start or wp-calendar db:migrate creates it)`);
  }
  const db = openDatabase(config, { log: QUIET });
  const replicas = config.replicas.length > 0 ? new ReplicaSet(config.replicas, { maxLagSeconds: config.replicaMaxLag, checkIntervalMs: config.replicaCheckInterval }) : undefined;
  try {
    const wp = WpData.open(db, config.tablePrefix);
    const [engine, calendar, replicaStates] = await Promise.all([db.dialect.serverVersion(db.knex), readCalendarStatus(wp), replicas ? replicas.checkAll() : Promise.resolve([] as ReplicaStatus[])]);
    const createdByService = calendar.tables.present.includes('options') ? await tablesCreatedByService(wp) : [];
    const noEvents = calendar.tables.present.includes('posts') && !calendar.posts.some((row) => row.type === POST_TYPE.event);
    const memory = database.client === 'sqlite' && database.filename === ':memory:';
    return statusReport({
      database: { url: config.databaseUrl, engine, prefix: config.tablePrefix },
      calendar,
      createdByService,
      replicas: replicaStates,
      demo: noEvents ? demoCalendarHint(memory ? null : cliCommandFor(config, 'seed')) : null,
    });
  } finally {
    await replicas?.close();
    await db.close();
  }
}

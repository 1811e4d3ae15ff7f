import { requestMark } from '../../src/db/stamped-cache';
import { WpData } from '../../src/wp/wp-handle';
import { isTriggerCheck } from '../support/list-cost';
import { useSharedDatabase } from '../support/shared-database';
import { onMysql } from '../support/test-db';

/**
 * A request's first change stamp reads the schema mark in its own statement where the server keeps its status
 * counters as a table (MariaDB, MySQL 8): one statement instead of two. The mark read along has the form of the
 * one read alone, so the facts found under either stay found; a stamp statement that fails still settles the mark,
 * read alone. SQLite has no mark.
 */

const shared = useSharedDatabase('stamp-with-mark');

/** The counters a mark names (their values move with the server's DDL and its clock). */
const counters = (mark: string | undefined) => mark?.split(' ').map((entry) => entry.split('=')[0]!.toLowerCase());

async function statementsOf<T>(work: () => Promise<T>): Promise<{ value: T; statements: string[] }> {
  const statements: string[] = [];
  const record = (q: { sql: string }) => !isTriggerCheck(q.sql) && statements.push(q.sql);
  shared.service.knex.on('query', record);
  try {
    return { value: await work(), statements };
  } finally {
    shared.service.knex.removeListener('query', record);
  }
}

it('is read in the stamp’s statement on MySQL, in the form it has alone', async () => {
  // The first read of the process finds where the server keeps its counters; the second is measured.
  await shared.wp.changeStamp(undefined, requestMark(() => shared.wp.schemaMark()));
  const mark = requestMark(() => shared.wp.schemaMark());
  const { value: stamp, statements } = await statementsOf(() => shared.wp.changeStamp(undefined, mark));
  expect(stamp).toEqual(expect.any(String));
  const along = await statementsOf(() => mark());
  expect(along.statements).toEqual([]);
  const alone = await shared.wp.schemaMark();
  if (onMysql()) {
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/calendar_change_stamps/);
    expect(counters(along.value)).toHaveLength(10);
    expect(counters(along.value)).toEqual(counters(alone));
  } else {
    expect([along.value, alone]).toEqual([undefined, undefined]);
  }
});

it('a stamp statement that fails settles the mark, read alone', async () => {
  const wp = WpData.open(shared.service, 'zz_');
  await shared.service.knex.schema.createTable('zz_calendar_change_stamps', (t) => {
    t.string('family', 64);
    t.integer('slot');
    t.bigInteger('version');
  });
  // Found present (and kept so) by a first read.
  await wp.changeStamp(undefined, requestMark(() => wp.schemaMark()));
  await shared.service.knex.schema.dropTable('zz_calendar_change_stamps');
  const mark = requestMark(() => wp.schemaMark());
  expect(await wp.changeStamp(undefined, mark)).toBeUndefined();
  expect(counters(await mark())).toEqual(onMysql() ? counters(await wp.schemaMark()) : undefined);
});

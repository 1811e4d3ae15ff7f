import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { runCli } from '../../src/cli/program';
import ical from 'node-ical';
import { eventBody } from '../../src/calendar/ical/import-ics';
import { phpUnserialize } from '../../src/php/php-serialize';
import { WpData } from '../../src/wp/wp-handle';
import { createCallers } from '../support/callers';
import { updateOption } from '../../src/wp/options';
import { createCliTarget, type CliTarget } from '../support/cli';
import { comparable, recording, startRecordedCalendar, type CalendarApp } from './recorded-calendar';
import { TRIBE_API } from '../support/rest-paths';

/**
 * `wp-calendar import-ics`: a feed the service exported, imported into an empty site through the API's write
 * path, gives the same feed back (same events, dates, zones, venues, organizers, categories); importing it a
 * second time changes no row.
 */

const FEED = '/events/list/?tribe-bar-date=2020-01-01&ical=1';
let source: CalendarApp;
let target: CliTarget;
let dir: string;
let exported: string;

const fetchText = (agent: supertest.Agent, url: string) =>
  agent.get(url).buffer(true).parse((r, done) => {
    let text = '';
    r.setEncoding('utf8');
    r.on('data', (chunk: string) => (text += chunk));
    r.on('end', () => done(null, text));
  });

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { ...target.env, CLOCK: recording.recordedAt, SITE_URL: recording.home },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

async function tables(): Promise<Record<string, unknown[]>> {
  return target.withDb(async (db) => {
    const wp = WpData.open(db, 'ics_');
    const out: Record<string, unknown[]> = {};
    for (const table of ['posts', 'postmeta', 'terms', 'term_taxonomy', 'term_relationships'] as const) {
      out[table] = await wp.knex(wp.t[table]).select('*').orderByRaw('1');
    }
    return out;
  });
}

beforeAll(async () => {
  source = await startRecordedCalendar();
  exported = (await fetchText(source.request, FEED)).body as string;
  target = await createCliTarget('ics_');
  dir = mkdtempSync(path.join(os.tmpdir(), 'calendar-ics-'));
  expect((await cli(['db:migrate'])).code).toBe(0);
  await target.withDb(async (db) => {
    const wp = WpData.open(db, 'ics_');
    await updateOption(wp, 'blogname', 'TEC Oracle');
    await updateOption(wp, 'timezone_string', 'UTC');
    await updateOption(wp, 'permalink_structure', '/%postname%/');
  });
});
afterAll(async () => {
  await source.close();
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

it('imports an exported feed into the same events, and a second import changes nothing', async () => {
  const file = path.join(dir, 'feed.ics');
  writeFileSync(file, exported);
  const first = await cli(['import-ics', file]);
  expect(first).toEqual({ code: 0, stdout: `Imported ${file}: 30 created, 0 updated, 0 unchanged.\n`, stderr: '' });

  const reexported = await target.withDb(async (db) => {
    const app = createApp({ db, tablePrefix: 'ics_', clock: () => new Date(recording.recordedAt), siteUrl: recording.home });
    return (await fetchText(supertest.agent(app), FEED)).body as string;
  });
  // Ids are the new site's, so UIDs differ; images are not imported (README).
  const strip = ({ uid: _uid, attach: _attach, ...rest }: Record<string, unknown>) => rest;
  const ours = comparable(reexported);
  const theirs = comparable(exported);
  expect(ours.events.map(strip)).toEqual(theirs.events.map(strip));
  expect(ours.zones).toEqual(theirs.zones);
  expect(ours.events.map((e) => e.uid)).not.toEqual(theirs.events.map((e) => e.uid));

  const before = await tables();
  const second = await cli(['import-ics', file]);
  expect(second).toEqual({ code: 0, stdout: `Imported ${file}: 0 created, 0 updated, 30 unchanged.\n`, stderr: '' });
  expect(await tables()).toEqual(before);
});

it('updates the event of a UID whose VEVENT changed, without a duplicate', async () => {
  const file = path.join(dir, 'changed.ics');
  const uid = /UID:(\S+)\r\nSUMMARY:UTC webinar\r\n/.exec(exported)![1]!;
  writeFileSync(file, exported.replace('SUMMARY:UTC webinar', 'SUMMARY:UTC webinar (moved)'));
  const run = await cli(['import-ics', file]);
  expect(run).toEqual({ code: 0, stdout: `Imported ${file}: 0 created, 1 updated, 29 unchanged.\n`, stderr: '' });
  const rows = await target.withDb(async (db) => {
    const wp = WpData.open(db, 'ics_');
    return wp.knex({ p: wp.t.posts }).join({ m: wp.t.postmeta }, 'm.post_id', 'p.ID').where({ 'm.meta_key': '_uid', 'm.meta_value': uid }).select('p.post_title');
  });
  expect(rows).toEqual([{ post_title: 'UTC webinar (moved)' }]);
});

it('records the same _tribe_modified_fields as a create of the same event through the API', async () => {
  const vevent = Object.values(ical.sync.parseICS(exported)).find((item): item is ical.VEvent => item?.type === 'VEVENT' && item.summary === 'Tokyo summit')!;
  await target.withDb(async (db) => {
    const wp = WpData.open(db, 'ics_');
    const modifiedKeys = async (id: number) => {
      const row = await wp.knex(wp.t.postmeta).where({ post_id: id, meta_key: '_tribe_modified_fields' }).first();
      return Object.keys(phpUnserialize(row.meta_value) as Record<string, number>);
    };
    const imported = await wp.knex(wp.t.postmeta).where({ meta_key: '_uid', meta_value: String(vevent.uid) }).first();
    const callers = await createCallers(wp, '-ics');
    const app = createApp({ db, tablePrefix: 'ics_', clock: () => new Date(recording.recordedAt), siteUrl: recording.home });
    const created = await supertest(app).post(`${TRIBE_API}/events`).set('Authorization', callers.administrator.authorization).send(eventBody(vevent, 'UTC'));
    expect(created.status).toBe(201);
    const keys = await modifiedKeys(created.body.id);
    expect(keys).toContain('_EventStartDate');
    expect(await modifiedKeys(Number(imported.post_id))).toEqual(keys);
  });
});

it('refuses a file that is not iCalendar and writes nothing', async () => {
  const file = path.join(dir, 'bad.ics');
  writeFileSync(file, 'hello');
  const before = await tables();
  const run = await cli(['import-ics', file]);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/not an iCalendar file/);
  expect(await tables()).toEqual(before);
});

import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { connectOracleDb, resetOracleDb, SITE } from '../compare-plugin/oracle';
import { writeWpCalendar, type WpCalendar } from './calendar';
import { FIXTURE_DIR, type WpSide } from './http';
import { ensureUploadFiles } from './images';
import { oracleUploads, oracleWork } from './snapshot';

/**
 * Recordings added after calendar.json on an oracle of their own: the same calendar made again there (the same ids,
 * dates and contents, the users' registration times and TEC's last save as recorded), its callers, and calendar.json's site URL, which the recorder writes in place of this
 * oracle's so that the answers replay on the recorded rows.
 */

export interface RecordedCalendar {
  site: string;
  tables: { users: Array<{ ID: number; user_registered: string }> };
  options: Array<{ option_name: string; option_value: string }>;
  uploads: Array<{ path: string }>;
}

export async function remakeCalendar(): Promise<{ recorded: RecordedCalendar; side: WpSide; db: Connection; cal: WpCalendar }> {
  const recorded = JSON.parse(readFileSync(resolve(FIXTURE_DIR, 'calendar.json'), 'utf8')) as RecordedCalendar;
  await ensureUploadFiles();
  const admin = readFileSync(`${oracleWork()}/app-password.txt`, 'utf8').trim();
  const side: WpSide = { base: SITE, auth: { admin } };
  const db = await connectOracleDb({ dateStrings: true });
  resetOracleDb();
  rmSync(oracleUploads(), { recursive: true, force: true });
  mkdirSync(oracleUploads(), { recursive: true });
  const cal = await writeWpCalendar(side, db);
  // What differs between two makings of the calendar, set as calendar.json has it: the users' registration times
  // and TEC's last-save stamp (both show in answers and rows).
  for (const user of recorded.tables.users) await db.query('UPDATE wp_users SET user_registered = ? WHERE ID = ?', [user.user_registered, user.ID]);
  const lastSave = recorded.options.find((o) => o.option_name === 'tribe_last_save_post');
  if (lastSave) await db.query("UPDATE wp_options SET option_value = ? WHERE option_name = 'tribe_last_save_post'", [lastSave.option_value]);
  return { recorded, side, db, cal };
}

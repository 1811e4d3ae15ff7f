import supertest from 'supertest';
import { createApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config/config';
import { phpUnserialize } from '../../src/php/php-serialize';
import { useCallers, useTestApp } from '../support/test-app';

/**
 * TRUST_PROXY read as Express reads `trust proxy` (true/false, a hop count, addresses and ranges), and what a client
 * behind proxies is taken to be: its address (the `last_ip` WordPress records for an application password) and its
 * scheme (REQUIRE_HTTPS=1 accepts application passwords only over HTTPS), both read from the right, one entry per
 * trusted proxy, so nothing a client prepends to X-Forwarded-For or X-Forwarded-Proto counts.
 */

const t = useTestApp();
// Every request a new day: WordPress records an application password's use at most once a day.
let day = 0;
const clock = () => new Date(Date.UTC(2025, 5, 1) + day++ * 2 * 86_400_000);
const callers = useCallers(t);

const appWith = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return supertest(createApp({ db: t.testDb.db, clock, trustProxy: config.trustProxy, requireHttps: config.requireHttps }));
};

/** The client address the app recorded for a request with these forwarding headers (the password's `last_ip`). */
async function recordedIp(app: supertest.Agent | ReturnType<typeof supertest>, headers: Record<string, string>): Promise<string> {
  const res = await app.get('/wp-json/').set('Authorization', callers.editor.authorization).set(headers);
  expect(res.status).toBe(200);
  const row = await t.wp.knex(t.wp.t.usermeta).where({ user_id: callers.editor.id, meta_key: '_application_passwords' }).first();
  const entries = Object.values(phpUnserialize(row.meta_value as string) as Record<string, { last_ip: string }>);
  return entries[0]!.last_ip;
}

/** Whether the app took the request as HTTPS: with REQUIRE_HTTPS=1 the index offers application passwords only then. */
async function takenAsHttps(app: ReturnType<typeof supertest>, headers: Record<string, string>): Promise<boolean> {
  const res = await app.get('/wp-json/').set(headers);
  return !Array.isArray(res.body.authentication);
}

describe('TRUST_PROXY', () => {
  it('reads true, false, hop counts and address lists as Express takes them', () => {
    const read = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect([read('true'), read('FALSE'), read('1'), read('2'), read('0')]).toEqual([true, false, 1, 2, 0]);
    expect(read('loopback, 10.0.0.0/8 ,fd00::/8,192.168.0.0/255.255.0.0,203.0.113.7,uniquelocal')).toBe('loopback,10.0.0.0/8,fd00::/8,192.168.0.0/255.255.0.0,203.0.113.7,uniquelocal');
  });

  it.each([' ', 'yes', 'localhost', '10.0.0.0/33', '10.0.0.0/255.0.255.0', '127.1', '1,2', 'loopback,,10.0.0.1', '10.0.0.1/8/8', '::1/129'])('refuses %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY: must be true, false, a number of proxy hops/);
  });

  it('1 trusts the one proxy in front (this loopback peer), not the address 0.0.0.1', async () => {
    const app = appWith({ TRUST_PROXY: '1' });
    expect(await recordedIp(app, { 'X-Forwarded-For': '198.51.100.1, 203.0.113.5' })).toBe('203.0.113.5');
    expect(await recordedIp(appWith({ TRUST_PROXY: '2' }), { 'X-Forwarded-For': '198.51.100.1, 203.0.113.5' })).toBe('198.51.100.1');
  });

  it('the default (loopback) and false: a prepended address never counts', async () => {
    expect(await recordedIp(appWith({}), { 'X-Forwarded-For': '127.0.0.1, 203.0.113.5' })).toBe('203.0.113.5');
    expect(await recordedIp(appWith({ TRUST_PROXY: 'false' }), { 'X-Forwarded-For': '203.0.113.5' })).toBe('127.0.0.1');
    expect(await recordedIp(appWith({ TRUST_PROXY: '10.0.0.0/8' }), { 'X-Forwarded-For': '203.0.113.5' })).toBe('127.0.0.1');
  });
});

describe('REQUIRE_HTTPS=1 behind proxies', () => {
  it('believes the X-Forwarded-Proto entry of the outermost trusted proxy, not the left-most one', async () => {
    const app = appWith({ REQUIRE_HTTPS: '1' });
    expect(await takenAsHttps(app, {})).toBe(false);
    expect(await takenAsHttps(app, { 'X-Forwarded-Proto': 'https' })).toBe(true);
    // A client's own `https` in front of what the loopback proxy saw (plain HTTP).
    expect(await takenAsHttps(app, { 'X-Forwarded-For': '203.0.113.5', 'X-Forwarded-Proto': 'https, http' })).toBe(false);
    expect(await takenAsHttps(app, { 'X-Forwarded-For': '203.0.113.5', 'X-Forwarded-Proto': 'http, https' })).toBe(true);
    expect(await takenAsHttps(app, { 'X-Forwarded-Proto': 'HTTPS' })).toBe(true);
    expect(await takenAsHttps(app, { 'X-Forwarded-Proto': 'wss' })).toBe(false);
  });

  it('reads one entry further for each trusted hop, and none from an untrusted peer', async () => {
    // Two proxies: the edge (10.0.0.2, trusted) got HTTPS from the client, the loopback one got HTTP from the edge.
    const chain = { 'X-Forwarded-For': '198.51.100.1, 10.0.0.2', 'X-Forwarded-Proto': 'https, http' };
    expect(await takenAsHttps(appWith({ REQUIRE_HTTPS: '1', TRUST_PROXY: 'loopback,10.0.0.0/8' }), chain)).toBe(true);
    expect(await takenAsHttps(appWith({ REQUIRE_HTTPS: '1', TRUST_PROXY: '2' }), chain)).toBe(true);
    expect(await takenAsHttps(appWith({ REQUIRE_HTTPS: '1', TRUST_PROXY: '1' }), chain)).toBe(false);
    expect(await takenAsHttps(appWith({ REQUIRE_HTTPS: '1' }), chain)).toBe(false);
    // An edge that set the header once, passed on unchanged by the inner proxy: its single entry counts.
    expect(await takenAsHttps(appWith({ REQUIRE_HTTPS: '1', TRUST_PROXY: '2' }), { 'X-Forwarded-For': '198.51.100.1, 10.0.0.2', 'X-Forwarded-Proto': 'https' })).toBe(true);
    expect(await takenAsHttps(appWith({ REQUIRE_HTTPS: '1', TRUST_PROXY: 'false' }), { 'X-Forwarded-Proto': 'https' })).toBe(false);
    expect(await takenAsHttps(appWith({ REQUIRE_HTTPS: '1', TRUST_PROXY: '10.0.0.0/8' }), { 'X-Forwarded-Proto': 'https' })).toBe(false);
  });

  it('credentials sent with a forged https entry are ignored, as over plain HTTP', async () => {
    const app = appWith({ REQUIRE_HTTPS: '1' });
    const forged = await app.get('/wp-json/').set('Authorization', 'Basic ' + Buffer.from('editor:wrong').toString('base64')).set({ 'X-Forwarded-For': '203.0.113.5', 'X-Forwarded-Proto': 'https, http' });
    expect(forged.status).toBe(200);
    const honest = await app.get('/wp-json/').set('Authorization', 'Basic ' + Buffer.from('editor:wrong').toString('base64')).set({ 'X-Forwarded-For': '203.0.113.5', 'X-Forwarded-Proto': 'https' });
    expect([honest.status, honest.body.code]).toEqual([401, 'incorrect_password']);
  });
});

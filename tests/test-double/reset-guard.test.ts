import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import supertest from 'supertest';
import { createApp, type AppDeps } from '../../src/app';
import { DEMO_FIXTURES, readFixtureFile } from '../../src/fixtures/format';
import { testDoubleNamespace } from '../../src/test-double/reset-route';
import { isLoopbackHost } from '../../src/test-double/transport-guard';
import { TEST_DOUBLE_API } from '../support/rest-paths';
import { useTestApp } from '../support/test-app';

/**
 * What the reset route refuses, and that a refusal changes nothing: a web page on the same machine (another origin,
 * a DNS-rebound name in Host, a form or text body), anything a proxy forwarded, whatever TRUST_PROXY says, and a peer
 * that is not on the loopback interface. No answer of the route carries CORS headers.
 */

const RESET = `${TEST_DOUBLE_API}/reset`;

const t = useTestApp();
const fixtures = readFixtureFile(DEMO_FIXTURES);
const appWith = (deps: Partial<AppDeps> = {}) => createApp({ ...deps, db: t.testDb.db, extraNamespaces: [testDoubleNamespace({ db: t.testDb.db, prefix: 'wp_', fixtures })] });
let request: supertest.Agent;
beforeAll(async () => {
  request = supertest.agent(appWith());
});

/** The app behind a server whose sockets report `peer` as their remote address (a caller on another machine). */
function servedTo(peer: string, deps: Partial<AppDeps> = {}): Server {
  const server = createServer(appWith(deps));
  server.on('connection', (socket: Socket) => Object.defineProperty(socket, 'remoteAddress', { value: peer }));
  return server;
}

/** Every row count the reset would change. */
const counts = async () => Promise.all(['wp_posts', 'wp_postmeta', 'wp_users', 'wp_options'].map(async (table) => Number((await t.testDb.db.knex(table).count({ n: '*' }))[0]!.n)));
const corsHeaders = (res: supertest.Response) => Object.keys(res.headers).filter((h) => h.startsWith('access-control-') || (h === 'vary' && /origin/i.test(res.headers[h] as string)));

/** Refused with `code` and `status`, no CORS header, and every table as it was. */
async function expectRefused(send: () => Promise<supertest.Response>, code: string, status = 403): Promise<void> {
  const before = await counts();
  const res = await send();
  expect({ status: res.status, code: res.body.code, data: res.body.data, cors: corsHeaders(res) }).toEqual({ status, code, data: { status }, cors: [] });
  expect(typeof res.body.message).toBe('string');
  expect(await counts()).toEqual(before);
}

/** A seeded site before each test, so that a reset that should not have happened (seed: false empties it) shows. */
const seeded = () =>
  beforeEach(async () => {
    expect((await request.post(RESET).send({})).status).toBe(200);
  });

describe('requests from a web page', () => {
  seeded();

  it('refuses another origin, even with a JSON body, and reflects no Access-Control-Allow-Origin', async () => {
    await expectRefused(() => request.post(RESET).set('Origin', 'http://evil.example').set('Content-Type', 'text/plain').send('{"seed":false}'), 'rest_test_double_cross_origin');
    await expectRefused(() => request.post(RESET).set('Origin', 'http://evil.example').send({ seed: false }), 'rest_test_double_cross_origin');
    // Another port of this machine is another origin (a local web app), and so is an opaque origin.
    await expectRefused(() => request.post(RESET).set('Origin', 'http://127.0.0.1:3000').send({ seed: false }), 'rest_test_double_cross_origin');
    await expectRefused(() => request.post(RESET).set('Origin', 'null').send({ seed: false }), 'rest_test_double_cross_origin');
    await expectRefused(() => request.post(RESET).set('Sec-Fetch-Site', 'same-site').send({ seed: false }), 'rest_test_double_cross_origin');
  });

  it('answers a preflight with no CORS header, so a browser never sends the request', async () => {
    const preflight = await request.options(RESET).set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type');
    expect(preflight.status).toBe(403);
    expect(corsHeaders(preflight)).toEqual([]);
  });

  it('refuses simple requests: a form body seed=0, a text body, a bodiless POST', async () => {
    await expectRefused(() => request.post(RESET).type('form').send('seed=0'), 'rest_test_double_simple_request', 415);
    await expectRefused(() => request.post(RESET).set('Content-Type', 'text/plain').send('{"seed":false}'), 'rest_test_double_simple_request', 415);
    await expectRefused(() => request.post(`${RESET}?seed=0`), 'rest_test_double_simple_request', 415);
    await expectRefused(() => request.post(RESET).set('Content-Type', 'multipart/form-data; boundary=x').send('--x--'), 'rest_test_double_simple_request', 415);
  });

  it('refuses a Host that is not a loopback name or address (DNS rebinding)', async () => {
    for (const host of ['attacker.example', 'attacker.example:8080', '127.0.0.1.nip.io', 'localhost.attacker.example', '192.0.2.2']) {
      await expectRefused(() => request.post(RESET).set('Host', host).send({ seed: false }), 'rest_test_double_host');
    }
  });

  it('answers the page of its own loopback origin, by 127.0.0.1, localhost or [::1]', async () => {
    // The check compares Origin with the Host the request was addressed to (a port forward may change the port).
    for (const host of ['127.0.0.1:4321', 'localhost:4321', '[::1]:4321', 'localhost']) {
      const res = await request.post(RESET).set('Host', host).set('Origin', `http://${host}`).set('Sec-Fetch-Site', 'same-origin').send({ seed: false });
      expect([host, res.status, corsHeaders(res)]).toEqual([host, 200, []]);
    }
    await expectRefused(() => request.post(RESET).set('Host', 'localhost:4321').set('Origin', 'https://localhost:4321').send({ seed: false }), 'rest_test_double_cross_origin');
  });
});

describe('forwarded requests and the peer address', () => {
  seeded();

  const forwarding: Array<[string, string]> = [
    ['X-Forwarded-For', '127.0.0.1'],
    ['X-Forwarded-For', '127.0.0.1, 203.0.113.5'],
    ['Forwarded', 'for=127.0.0.1'],
    ['X-Real-IP', '127.0.0.1'],
    ['X-Forwarded-Host', 'localhost'],
    ['X-Forwarded-Proto', 'https'],
    ['Via', '1.1 proxy'],
  ];

  it.each(forwarding)('refuses any request carrying %s: %s, whatever TRUST_PROXY trusts', async (name, value) => {
    for (const trustProxy of [undefined, true, false, 1, '127.0.0.0/8']) {
      const app = supertest(appWith({ trustProxy }));
      await expectRefused(() => app.post(RESET).set(name, value).send({ seed: false }), 'rest_test_double_forwarded');
    }
  });

  it('refuses a peer that is not on the loopback interface, even one every proxy setting would believe', async () => {
    for (const trustProxy of [undefined, true]) {
      await expectRefused(() => supertest(servedTo('203.0.113.5', { trustProxy })).post(RESET).send({ seed: false }), 'rest_test_double_forbidden');
    }
    await expectRefused(() => supertest(servedTo('::ffff:192.0.2.2')).post(RESET).send({ seed: false }), 'rest_test_double_forbidden');
    // The same server with a loopback peer resets.
    expect((await supertest(servedTo('::ffff:127.0.0.1')).post(RESET).send({ seed: false })).status).toBe(200);
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', 'localhost:8080', 'LOCALHOST:80', '127.0.0.1', '127.0.0.1:8080', '127.1.2.3:9', '[::1]', '[::1]:8080'])('%s is this machine', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([undefined, '', 'example.com', 'localhost.example', 'a.localhost', '127.0.0.1.example', '[::2]:80', '10.0.0.1', 'user@127.0.0.1', '127.0.0.1:8080/x', '0x7f.1'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

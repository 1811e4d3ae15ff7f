import { Writable } from 'node:stream';
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app';
import { loadConfig, parseDatabaseUrl } from '../../src/config/config';
import { createDatabase, type Database } from '../../src/db/database';
import { withReadRouting } from '../../src/db/routed-database';
import { createMetrics } from '../../src/metrics/metrics';
import { useTestApp } from '../support/test-app';
import { onMysql } from '../support/test-db';
import { TRIBE_API } from '../support/rest-paths';

/**
 * What the service tells a client who has no credentials about its insides: /readyz says whether the database
 * answers, never the driver's message (host, port, user, file); `X-Database` is sent only when the operator asks
 * for it (DATABASE_HEADER=1); /api-docs/ serves the files its page loads, not the rest of the swagger-ui-dist package.
 */

const t = useTestApp();

function captureLog(): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** A database that refuses the service, and the words its driver's message would give away. */
function unreachableDatabase(): { db: Database; secrets: string[] } {
  if (onMysql()) {
    const server = parseDatabaseUrl(process.env.TEST_MYSQL_URL!);
    if (server.client !== 'mysql') throw new Error('TEST_MYSQL_URL must be a mysql:// URL');
    const db = createDatabase({ ...server, user: 'calendar_intruder', password: 'not-the-password', database: 'wordpress_secret' }, { limits: { acquireTimeoutMs: 1500 } });
    return { db, secrets: ['calendar_intruder', 'Access denied', 'ER_ACCESS_DENIED', server.host] };
  }
  const db = createDatabase({ client: 'sqlite', filename: '/nonexistent-volume/secret-calendar.db' });
  return { db, secrets: ['nonexistent-volume', 'secret-calendar', 'directory'] };
}

describe('/readyz', () => {
  const own = useTestApp();

  it('says the database does not answer, and logs why once while it lasts', async () => {
    const { db, secrets } = unreachableDatabase();
    const { logger, lines } = captureLog();
    try {
      const app = supertest(createApp({ db, logger }));
      for (let probe = 0; probe < 2; probe++) {
        const res = await app.get('/readyz');
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ status: 'unavailable', primary: { state: 'down', reason: 'the database does not answer' }, replicas: [] });
        for (const secret of secrets) expect(res.text).not.toContain(secret);
      }
      const logged = lines.filter((l) => l.msg === 'readiness check: the primary database does not answer');
      expect(logged).toHaveLength(1);
      expect(secrets.some((secret) => String(logged[0]!.reason).includes(secret))).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('a replica that does not answer is shown with the same words; its driver message is kept for the log', async () => {
    // On MariaDB a replica whose user is refused; on SQLite (a MySQL replica of nothing) one on a closed port.
    const server = onMysql() ? parseDatabaseUrl(process.env.TEST_MYSQL_URL!) : undefined;
    const refused = server?.client === 'mysql' ? { ...server, user: 'calendar_intruder', password: 'not-the-password' } : { host: '127.0.0.1', port: 1, user: 'calendar_intruder', password: 'x' };
    const secrets = server ? ['calendar_intruder', 'Access denied'] : ['127.0.0.1:1', 'ECONNREFUSED'];
    const replica = { database: { client: 'mysql' as const, ...refused, database: 'wordpress_secret' }, url: 'mysql://calendar_intruder:***@replica/wordpress_secret' };
    const db = withReadRouting(own.testDb.db, { replicas: [replica], replicaMaxLag: 5, replicaCheckInterval: 600_000 });
    try {
      const [status] = await db.replicas!.checkAll();
      expect(status).toMatchObject({ state: 'down', reason: 'the replica does not answer', error: expect.stringContaining(secrets[0]!) });
      const res = await supertest(createApp({ db })).get('/readyz');
      expect(res.body.replicas).toEqual([{ name: 'replica-1', state: 'down', lag_seconds: null, reason: 'the replica does not answer' }]);
      for (const secret of secrets) expect(res.text).not.toContain(secret);
    } finally {
      await db.replicas!.close();
    }
  });
});

describe('X-Database', () => {
  const routed = useTestApp();

  it('is not sent unless DATABASE_HEADER=1; the request log names the database either way', async () => {
    const db = withReadRouting(routed.testDb.db, loadConfig({}), { observe: createMetrics().observeQuery });
    for (const [env, header] of [[{}, undefined], [{ DATABASE_HEADER: '0' }, undefined], [{ DATABASE_HEADER: '1' }, 'primary']] as const) {
      const { logger, lines } = captureLog();
      const res = await supertest(createApp({ db, logger, databaseHeader: loadConfig(env).databaseHeader })).get(`${TRIBE_API}/events`);
      expect([env, res.status, res.headers['x-database']]).toEqual([env, 200, header]);
      expect(lines.find((l) => l.msg === 'request')).toMatchObject({ db: 'primary' });
    }
  });
});

describe('/api-docs/', () => {
  it.each(['package.json', 'README.md', 'LICENSE', 'swagger-ui-bundle.js.map', 'oauth2-redirect.html', 'swagger-ui.js', 'absolute-path.js', '../package.json', '%2e%2e/package.json'])(
    'does not serve %s of the package',
    async (file) => {
      const res = await t.request.get(`/api-docs/${file}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toMatch(/swagger-ui-dist|"version"/);
    },
  );

  it('serves the files its page loads', async () => {
    for (const file of ['swagger-ui.css', 'index.css', 'favicon-32x32.png', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-initializer.js']) {
      expect([file, (await t.request.get(`/api-docs/${file}`)).status]).toEqual([file, 200]);
    }
  });
});

import knexFactory from 'knex';
import { parseDatabaseUrl } from '../../src/config/config';

/** With TEST_MYSQL_URL set, the server must answer before any test runs: a silent fallback would hide it. */
export default async function globalSetup(): Promise<void> {
  const url = process.env.TEST_MYSQL_URL;
  if (!url) return;
  const server = parseDatabaseUrl(url);
  if (server.client !== 'mysql') throw new Error('TEST_MYSQL_URL must be a mysql:// URL');
  const knex = knexFactory({ client: 'mysql2', connection: { host: server.host, port: server.port, user: server.user, password: server.password } });
  try {
    await knex.raw('SELECT 1');
  } catch (error) {
    throw new Error(`TEST_MYSQL_URL=${url}: cannot connect (${(error as Error).message})`);
  } finally {
    await knex.destroy();
  }
}

import { ConfigError, loadConfig, maskDatabaseUrl, parseDatabaseUrl } from '../../src/config/config';

describe('loadConfig', () => {
  it('needs no configuration at all', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      database: { client: 'sqlite', filename: './data/calendar.db' },
      databaseUrl: 'sqlite:./data/calendar.db',
      tablePrefix: 'wp_',
      siteUrl: undefined,
      logLevel: 'info',
      requireHttps: false,
      trustProxy: 'loopback',
      clock: undefined,
      testDouble: false,
      fixtures: undefined,
      bodyLimit: 10485760,
      databaseLimits: { poolSize: 10, acquireTimeoutMs: 5000, queryTimeoutMs: 10000, lockTimeoutMs: 10000 },
      http: { requestTimeoutMs: 30000, headersTimeoutMs: 10000, bodyTimeoutMs: 30000, keepAliveTimeoutMs: 5000, heavyConcurrency: 4, heavyQueueMs: 10000, shutdownTimeoutMs: 10000 },
    });
  });

  it('reads the limits on waiting, and refuses a negative one', () => {
    const config = loadConfig({ DB_QUERY_TIMEOUT: '0', DB_LOCK_TIMEOUT: '2500', DB_POOL_SIZE: '3', REQUEST_TIMEOUT: '1000', HEAVY_REQUESTS: '2', SHUTDOWN_TIMEOUT: '500' });
    expect(config.databaseLimits).toEqual({ poolSize: 3, acquireTimeoutMs: 5000, queryTimeoutMs: 0, lockTimeoutMs: 2500 });
    expect(config.http).toMatchObject({ requestTimeoutMs: 1000, heavyConcurrency: 2, shutdownTimeoutMs: 500 });
    expect(() => loadConfig({ REQUEST_TIMEOUT: '-1' })).toThrow(/^REQUEST_TIMEOUT: /);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'mysql://wp:s%40cret@db.local:3307/wordpress',
      DB_TABLE_PREFIX: 'xyz_',
      SITE_URL: 'https://events.example/',
      LOG_LEVEL: 'debug',
      REQUIRE_HTTPS: '1',
      TRUST_PROXY: '10.0.0.0/8',
      CLOCK: '2025-06-01T12:00:00Z',
      TEST_DOUBLE: 'true',
      FIXTURES: 'fixtures/demo-calendar.yaml',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      database: { client: 'mysql', host: 'db.local', port: 3307, user: 'wp', password: 's@cret', database: 'wordpress' },
      databaseUrl: 'mysql://wp:***@db.local:3307/wordpress',
      tablePrefix: 'xyz_',
      siteUrl: 'https://events.example',
      logLevel: 'debug',
      requireHttps: true,
      trustProxy: '10.0.0.0/8',
      testDouble: true,
      fixtures: 'fixtures/demo-calendar.yaml',
    });
    expect(config.clock?.toISOString()).toBe('2025-06-01T12:00:00.000Z');
  });

  it.each([
    [{ PORT: 'eighty' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: /],
    [{ DB_TABLE_PREFIX: 'wp-' }, /^DB_TABLE_PREFIX: must contain only letters, digits and underscores/],
    [{ DATABASE_URL: 'postgres://x/y' }, /^DATABASE_URL: expected mysql:\/\//],
    [{ DATABASE_URL: 'mysql://root@localhost' }, /^DATABASE_URL: the mysql URL must name a database/],
    [{ SITE_URL: 'not a url' }, /^SITE_URL: /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: /],
    [{ CLOCK: 'yesterday' }, /^CLOCK: /],
  ])('rejects %j with a one-line error naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('parses the sqlite URL forms', () => {
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ client: 'sqlite', filename: ':memory:' });
    expect(parseDatabaseUrl('sqlite:relative/cal.db')).toEqual({ client: 'sqlite', filename: 'relative/cal.db' });
    expect(parseDatabaseUrl('sqlite:///abs/cal.db')).toEqual({ client: 'sqlite', filename: '/abs/cal.db' });
    expect(parseDatabaseUrl('sqlite:/abs/cal.db')).toEqual({ client: 'sqlite', filename: '/abs/cal.db' });
  });

  it('masks passwords in messages', () => {
    expect(maskDatabaseUrl('mysql://root:pw@h:1/db')).toBe('mysql://root:***@h:1/db');
    expect(maskDatabaseUrl('mysql://root@h:1/db')).toBe('mysql://root@h:1/db');
  });
});

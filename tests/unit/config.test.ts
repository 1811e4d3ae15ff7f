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
      media: { uploadsDir: './data/uploads', timeoutMs: 10000, maxBytes: 10485760, allow: [] },
    });
  });

  it('reads the image download settings', () => {
    const config = loadConfig({ UPLOADS_DIR: '/srv/uploads', IMAGE_FETCH_TIMEOUT_MS: '2500', IMAGE_MAX_BYTES: '1000', IMAGE_FETCH_ALLOW: ' 127.0.0.1, 10.0.0.0/8 ,images.internal' });
    expect(config.media).toEqual({ uploadsDir: '/srv/uploads', timeoutMs: 2500, maxBytes: 1000, allow: ['127.0.0.1', '10.0.0.0/8', 'images.internal'] });
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

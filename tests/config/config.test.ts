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
      cacheSMaxAge: 0,
      listCache: true,
      objectCache: true,
      databaseLimits: { poolSize: 10, acquireTimeoutMs: 5000, queryTimeoutMs: 10000, lockTimeoutMs: 10000, commitTimeoutMs: 60000 },
      http: { requestTimeoutMs: 30000, headersTimeoutMs: 10000, bodyTimeoutMs: 30000, keepAliveTimeoutMs: 5000, heavyConcurrency: 4, heavyQueueMs: 10000, shutdownTimeoutMs: 10000 },
      workers: 1,
      replicas: [],
      replicaMaxLag: 5,
      replicaCheckInterval: 1000,
      databaseHeader: false,
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      media: { uploadsDir: './data/uploads', timeoutMs: 10000, maxBytes: 10485760, allow: [], ports: [80, 443, 8080] },
    });
  });

  it('reads the limits on waiting, and refuses a negative one', () => {
    const config = loadConfig({ DB_QUERY_TIMEOUT: '0', DB_LOCK_TIMEOUT: '2500', DB_COMMIT_TIMEOUT: '0', DB_POOL_SIZE: '3', REQUEST_TIMEOUT: '1000', HEAVY_REQUESTS: '2', SHUTDOWN_TIMEOUT: '500' });
    expect(config.databaseLimits).toEqual({ poolSize: 3, acquireTimeoutMs: 5000, queryTimeoutMs: 0, lockTimeoutMs: 2500, commitTimeoutMs: 0 });
    expect(config.http).toMatchObject({ requestTimeoutMs: 1000, heavyConcurrency: 2, shutdownTimeoutMs: 500 });
    expect(() => loadConfig({ REQUEST_TIMEOUT: '-1' })).toThrow(/^REQUEST_TIMEOUT: /);
  });

  it('reads the image download settings', () => {
    const config = loadConfig({ UPLOADS_DIR: '/srv/uploads', IMAGE_FETCH_TIMEOUT_MS: '2500', IMAGE_MAX_BYTES: '1000', IMAGE_FETCH_ALLOW: ' 127.0.0.1, 10.0.0.0/8 ,images.internal', IMAGE_FETCH_PORTS: '443, 8443' });
    expect(config.media).toEqual({ uploadsDir: '/srv/uploads', timeoutMs: 2500, maxBytes: 1000, allow: ['127.0.0.1', '10.0.0.0/8', 'images.internal'], ports: [443, 8443] });
    for (const bad of ['http', '80,,443', '0', '70000', '80;443']) expect(() => loadConfig({ IMAGE_FETCH_PORTS: bad })).toThrow(/^IMAGE_FETCH_PORTS: must be a comma list of port numbers/);
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
      LIST_CACHE: '0',
      OBJECT_CACHE: 'no',
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
      listCache: false,
      objectCache: false,
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

describe('scaling settings', () => {
  it('reads WORKERS as a number or auto (one per core)', () => {
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: 'auto' }, 4).workers).toBe(4);
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow('WORKERS: must be a whole number from 1 to 256, or auto (got "many")');
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: 'sqlite::memory:' })).toThrow(/^WORKERS: an in-memory SQLite database lives inside one process/);
  });

  it('reads replicas of a MySQL primary, with their passwords masked for messages', () => {
    const config = loadConfig({
      DATABASE_URL: 'mysql://wp:pw@db1:3306/wordpress',
      DATABASE_REPLICA_URLS: 'mysql://wp:pw@db2:3306/wordpress, mysql://wp:pw@db3/wordpress',
      REPLICA_MAX_LAG: '2.5',
      METRICS_PORT: '9464',
    });
    expect(config.replicas).toEqual([
      { database: { client: 'mysql', host: 'db2', port: 3306, user: 'wp', password: 'pw', database: 'wordpress' }, url: 'mysql://wp:***@db2:3306/wordpress' },
      { database: { client: 'mysql', host: 'db3', port: 3306, user: 'wp', password: 'pw', database: 'wordpress' }, url: 'mysql://wp:***@db3/wordpress' },
    ]);
    expect(config).toMatchObject({ replicaMaxLag: 2.5, metricsPort: 9464 });
  });

  it('refuses replicas on SQLite, and replica URLs that are not MySQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'sqlite:./data/calendar.db', DATABASE_REPLICA_URLS: 'mysql://root@db2/wordpress' })).toThrow(
      'DATABASE_REPLICA_URLS: read replicas need a MySQL/MariaDB primary; SQLite has no replication, unset the variable or use a mysql:// DATABASE_URL',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root@db1/wp', DATABASE_REPLICA_URLS: 'sqlite:copy.db' })).toThrow(
      'DATABASE_REPLICA_URLS: a replica must be a mysql:// URL (got "sqlite:copy.db")',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root@db1/wp', DATABASE_REPLICA_URLS: 'mysql://root:secret@db2' })).toThrow(
      'DATABASE_REPLICA_URLS: the mysql URL must name a database, e.g. mysql://root@127.0.0.1:3306/wordpress (got "mysql://root:***@db2")',
    );
  });
});

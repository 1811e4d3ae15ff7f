// Tests run in a zone far from UTC so nothing can lean on the process time zone.
process.env.TZ = "Pacific/Chatham";

/** Jest runs the TypeScript sources directly; TEST_MYSQL_URL switches the whole suite to MariaDB/MySQL. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  globalSetup: '<rootDir>/tests/support/global-setup.ts',
  testTimeout: 30000,
  // Tests written as an outside project import the package by its name: its entry is src/index.ts (built to dist/index.js).
  moduleNameMapper: { '^wp-events-calendar-service$': '<rootDir>/src/index.ts' },
};

/**
 * API tests: one database per jest worker (embedded PGlite, see test/pglite-environment.cjs), or with
 * DATABASE_URL one fresh schema per test file on that server. Every test starts from a truncated, reseeded database.
 */
module.exports = {
  ...require('../jest.preset.cjs').node,
  displayName: 'api',
  roots: ['<rootDir>/test'],
  testEnvironment: '<rootDir>/test/pglite-environment.cjs',
  testTimeout: 30000,
  // A few fastify dependencies ship only ESM (content-disposition under /docs, cookie in inject): swc turns them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(content-disposition|cookie)[@/])'],
};

/** Shared jest settings: TypeScript and JSX through swc, one setup for DOM tests. Each package's jest.config.cjs spreads this. */
const path = require('node:path');

const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = {
  swc,
  node: {
    testEnvironment: 'node',
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  },
  dom: {
    testEnvironment: 'jsdom',
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.dom.cjs')],
    moduleNameMapper: { '\\.(css|png|svg|jpg)$': path.join(__dirname, 'jest.file-stub.cjs') },
  },
};

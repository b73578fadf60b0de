/**
 * One jest run covers unit and integration tests. Integration tests run against the real stack (Temporal,
 * FerretDB, MinIO) that globalSetup starts when it is not already running, plus a worker process it spawns.
 * Serial execution: two cores, and every integration test shares that stack.
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  // ESM-only packages are compiled to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
  setupFiles: ['<rootDir>/test/support/env.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};

/**
 * Two projects in one run. `unit` needs nothing running. `integration` runs against the real stack (Temporal,
 * FerretDB, MinIO), which its globalSetup starts when it is not already running, plus a worker process it spawns.
 * Serial by default; `npm test` runs files side by side where they allow it (scripts/test.ts).
 * Only unit tests: `npx jest --selectProjects unit`.
 */
const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.[cm]?[tj]sx?$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  // ESM-only packages are compiled to CommonJS like our own code.
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|file-type|strtok3|token-types|peek-readable|@tokenizer|@borewit|uint8array-extras|json-schema-faker|unpdf|pptxgenjs)/)',
  ],
  // unpdf's CommonJS entry loads its bundled pdf.js by this specifier, which jest cannot resolve on its own.
  moduleNameMapper: { '^unpdf/pdfjs$': '<rootDir>/node_modules/unpdf/dist/pdfjs.mjs' },
  setupFiles: ['<rootDir>/test/support/env.ts'],
  // Jest's module sandbox resolves `Math` on a proxied global at every use, so pixel loops (OCR rasters, generated
  // scans, seeded noise) ran 10–100 times slower than in Node (jestjs/jest#5163); injected, it is a module binding.
  sandboxInjectedGlobals: ['Math'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      // Fails a test whose API answers stray from the OpenAPI document (test/support/conformance.ts).
      setupFilesAfterEnv: ['<rootDir>/test/support/conformance-gate.ts'],
    },
  ],
  // Serial unless told otherwise: `npm test` runs most files two at a time and the rest alone (scripts/test.ts).
  maxWorkers: 1,
  testSequencer: '<rootDir>/test/support/sequencer.js',
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};

#!/usr/bin/env node
// The `assay` command. A published package runs the compiled dist/; inside the Assay repository (no build step) the
// TypeScript source runs through tsx, which the repository already has.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const built = join(__dirname, '..', 'dist', 'cli.js');
let cli;
if (existsSync(built)) {
  cli = require(built);
} else {
  require('tsx/cjs');
  cli = require('../src/cli.ts');
}
cli.main(process.argv.slice(2)).then((code) => process.exit(code));

#!/usr/bin/env node
// `npx assay` and `npm run assay` inside this repository: the CLI straight from clients/typescript/src through tsx,
// with no build. The installed package runs its compiled dist/cjs/bin.js instead.
require('tsx/cjs');
require('../clients/typescript/src/bin.ts');

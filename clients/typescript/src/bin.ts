#!/usr/bin/env node
/** The `assay` executable of the installed package: runs the CLI (src/cli.ts, its commands in src/cli/) on the command line's arguments. */
import { main } from './cli';

void main(process.argv.slice(2)).then((code) => process.exit(code));

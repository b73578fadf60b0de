/** What every command of the CLI is given: where to print, its options, and the error that prints the usage. */
import { parseArgs } from 'node:util';

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

const OPTIONS = {
  'api-key': { type: 'string' },
  'base-url': { type: 'string' },
  json: { type: 'boolean', default: false },
  wait: { type: 'boolean', default: false },
  out: { type: 'string' },
  mode: { type: 'string' },
  workflow: { type: 'string' },
  status: { type: 'string' },
  limit: { type: 'string' },
  'forward-to': { type: 'string' },
  events: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'public-url': { type: 'string' },
  'timeout-s': { type: 'string' },
  format: { type: 'string' },
  'max-concurrency': { type: 'string' },
  labels: { type: 'string' },
  files: { type: 'string' },
  repeats: { type: 'string' },
  reviewer: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The command line: the command and its arguments, and every option. */
export function parseCommandLine(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
}

/** The parsed options. */
export type Values = ReturnType<typeof parseCommandLine>['values'];

/** Prints `value` as JSON under --json, else the human line. */
export type Print = (value: unknown, human: string) => void;

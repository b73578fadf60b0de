/**
 * The process logger. Secrets never reach it: credentials in headers and known secret fields are redacted by path,
 * and request logging (api/middleware/request-log.ts) logs no bodies.
 *
 * Output is JSON, one object a line, unless a person is watching: when stdout is a terminal the lines are rendered
 * by pino-pretty (docs/decisions.md 160). pino-pretty is a dev dependency, absent from production images, so there logs stay
 * JSON whatever the terminal.
 *
 * JSON lines are written asynchronously (docs/decisions.md 191): a line is queued and written with the others queued
 * meanwhile, in one write, instead of one blocking write per line — a request line per request was a large share of
 * the API's CPU per request. pino flushes what is queued when the process exits (normally or by `process.exit`), so
 * no line is lost on the way out; only a process killed outright (SIGKILL) can lose the lines of its last moments.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  // pino's `*.x` matches one level down only: the top-level names are listed too, so `log.info({ token })` is
  // redacted as well as `log.info({ key: { token } })`.
  ...['token', 'secret', 'password', 'api_key', 'authorization'].flatMap((field) => [field, `*.${field}`]),
];

type PrettyModule = {
  (options: Record<string, unknown>): NodeJS.WritableStream;
  prettyFactory(options: Record<string, unknown>): (line: string | object) => string;
};

function loadPretty(): PrettyModule | null {
  try {
     
    return require('pino-pretty') as PrettyModule;
  } catch {
    return null;
  }
}

const PRETTY_OPTIONS = { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' };

export function createLogger(level: string, name: string, options: { pretty?: boolean } = {}): Logger {
  const settings = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { service: name } };
  const pretty = (options.pretty ?? process.stdout.isTTY === true) ? loadPretty() : null;
  return pretty ? pino(settings, pretty({ ...PRETTY_OPTIONS, sync: true })) : pino(settings, pino.destination({ dest: 1, sync: false }));
}

/**
 * How `npm start` shows a child process's output line. On a terminal (`pretty`), JSON log lines are rendered by
 * pino-pretty behind a `[name]` prefix; otherwise they pass through unchanged, so the combined output is still one
 * JSON object a line (each names its process in `service`). Anything else (a stack trace, a tool's warning) keeps
 * the prefix either way.
 */
export function childLogFormatter(pretty: boolean): (name: string, line: string) => string {
  const format = pretty ? loadPretty()?.prettyFactory({ ...PRETTY_OPTIONS, colorize: true }) : undefined;
  return (name, line) => {
    const isJson = line.startsWith('{') && line.endsWith('}') && isJsonObject(line);
    if (!isJson) return `[${name}] ${line}\n`;
    if (!pretty) return `${line}\n`;
    return format ? `[${name}] ${format(line).replace(/\n+$/, '')}\n` : `[${name}] ${line}\n`;
  };
}

function isJsonObject(line: string): boolean {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
}

/**
 * The process logger. Secrets never reach it: credentials in headers and known secret fields are redacted by path,
 * and request logging (api/middleware/request-log.ts) logs no bodies.
 *
 * Output is JSON, one object a line, unless a person is watching: when stdout is a terminal the lines are rendered
 * by pino-pretty. pino-pretty is a dev dependency, absent from production images, so there logs stay JSON whatever
 * the terminal.
 *
 * JSON lines are written asynchronously and in batches: a line is queued, and the queue
 * is written in one write once it holds `LOG_BATCH_BYTES` or every `LOG_FLUSH_MS`, whichever comes first — a write
 * per request line was a large share of the API's CPU per request. pino flushes what is queued when the process exits
 * (normally, by `process.exit` or after an uncaught exception), so no line is lost on the way out; only a process
 * killed outright (SIGKILL) can lose the lines of its last moments.
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

/** A batch of lines written at once (under sonic-boom's 16 KB write size)... */
export const LOG_BATCH_BYTES = 8192;
/** ...or what is queued after this long, so a quiet process's lines still show within a moment. */
export const LOG_FLUSH_MS = 200;

const PRETTY_OPTIONS = { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' };

export function createLogger(level: string, name: string, options: { pretty?: boolean } = {}): Logger {
  const settings = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { service: name } };
  const pretty = (options.pretty ?? process.stdout.isTTY === true) ? loadPretty() : null;
  return pretty
    ? pino(settings, pretty({ ...PRETTY_OPTIONS, sync: true }))
    : pino(
        settings,
        pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
      );
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

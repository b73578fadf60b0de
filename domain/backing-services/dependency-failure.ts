/**
 * The one classifier of dependency failures: is this error "MongoDB, the object store or Temporal is unavailable
 * (or did not answer in time)"? The API's error middleware answers such an error 503 `service_unavailable` with
 * `Retry-After`; anything it does not recognise stays an internal error (500, logged), because a bug must not hide
 * behind "try again".
 *
 * Classified by the libraries' error types and documented properties (driver classes, gRPC status codes, the AWS
 * SDK's `$metadata.httpStatusCode`, Node's socket error codes), not by message text. Names are matched only where
 * the library exports no type: the smithy HTTP handler's `TimeoutError`, and driver-internal pool errors.
 */
import {
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { DeadlineExceeded } from '../platform/deadline';
import { classifyTemporalFailure, isWorkflowFailure } from '../jobs/failures';

export type Dependency = 'mongodb' | 'object_store' | 'temporal' | 'network' | 'deadline';

export interface DependencyFailure {
  dependency: Dependency;
  /** A short, secret-free label for logs and metrics. */
  reason: string;
}

/**
 * MongoDB server error codes that mean "not now" (shutdown, failover, network trouble between members, a time
 * limit): the set the driver itself treats as retryable, plus time limits.
 */
const MONGO_UNAVAILABLE_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  50, // MaxTimeMSExpired
  89, // NetworkTimeout
  91, // ShutdownInProgress
  134, // ReadConcernMajorityNotAvailableYet
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/** Driver-internal MongoDB errors that the package does not export. */
const MONGO_INTERNAL_UNAVAILABLE_NAMES = new Set(['MongoWaitQueueTimeoutError', 'MongoPoolClosedError']);

/** Node socket and DNS errors: the peer is gone, refused, unreachable or silent. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const MAX_DEPTH = 6;

/** The failure's dependency and reason when `err` means a dependency is unavailable, else `undefined`. */
export function classifyDependencyFailure(err: unknown): DependencyFailure | undefined {
  return classify(err, 0);
}

export function isDependencyUnavailable(err: unknown): boolean {
  return classifyDependencyFailure(err) !== undefined;
}

function classify(err: unknown, depth: number): DependencyFailure | undefined {
  if (depth > MAX_DEPTH || err === null || typeof err !== 'object') return undefined;
  const direct = mongo(err) ?? temporal(err) ?? objectStore(err) ?? generic(err);
  if (direct) return direct;
  // A workflow failure is judged above by what ended the workflow; its cause chain holds the workflow's own
  // errors, which are not this process's dependencies.
  if (isWorkflowFailure(err)) return undefined;
  // Wrapped failures: `cause` chains (fetch, the Temporal client, the driver) and AggregateError (Node's
  // happy-eyeballs connect reports each address it tried).
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const found = classify(inner, depth + 1);
      if (found) return found;
    }
  }
  const cause = (err as { cause?: unknown }).cause;
  return cause !== err ? classify(cause, depth + 1) : undefined;
}

function mongo(err: object): DependencyFailure | undefined {
  if (!(err instanceof MongoError)) return undefined;
  // MongoNetworkError covers its subclasses: MongoNetworkTimeoutError and the pool-cleared errors.
  if (err instanceof MongoNetworkError) return { dependency: 'mongodb', reason: err.name };
  if (
    err instanceof MongoServerSelectionError ||
    err instanceof MongoServerClosedError ||
    err instanceof MongoNotConnectedError ||
    err instanceof MongoTopologyClosedError ||
    err instanceof MongoClientClosedError ||
    err instanceof MongoOperationTimeoutError ||
    MONGO_INTERNAL_UNAVAILABLE_NAMES.has(err.name)
  ) {
    return { dependency: 'mongodb', reason: err.name };
  }
  if (err instanceof MongoServerError) {
    const code = typeof err.code === 'number' ? err.code : Number.NaN;
    if (
      MONGO_UNAVAILABLE_CODES.has(code) ||
      err.hasErrorLabel('RetryableWriteError') ||
      err.hasErrorLabel('TransientTransactionError')
    ) {
      return { dependency: 'mongodb', reason: `server code ${String(err.code)}` };
    }
  }
  return undefined;
}

function temporal(err: object): DependencyFailure | undefined {
  const reason = classifyTemporalFailure(err);
  return reason ? { dependency: 'temporal', reason } : undefined;
}

function objectStore(err: object): DependencyFailure | undefined {
  // Every AWS SDK v3 service error carries `$metadata`; a 5xx (InternalError, SlowDown, ServiceUnavailable) or a
  // 429 means the store could not serve now. 4xx answers (NoSuchKey, AccessDenied …) are the caller's to map.
  const metadata = (err as { $metadata?: { httpStatusCode?: unknown } }).$metadata;
  if (metadata && typeof metadata === 'object') {
    const status = metadata.httpStatusCode;
    if (typeof status === 'number' && (status >= 500 || status === 429)) {
      return { dependency: 'object_store', reason: `http ${status}` };
    }
    // The SDK's retry layer stamps `$metadata` on every failure it gives up on, and an answer from the store adds
    // its status. No status: no answer came back (refused, reset, timed out). This also holds when the socket error
    // itself lost its `code`, which the SDK does to errors from another JavaScript realm (jest's test sandbox).
    if (status === undefined && 'attempts' in metadata) return { dependency: 'object_store', reason: 'no answer' };
  }
  return undefined;
}

function generic(err: object): DependencyFailure | undefined {
  if (err instanceof DeadlineExceeded) return { dependency: 'deadline', reason: err.message };
  const { name, code } = err as { name?: unknown; code?: unknown };
  // The smithy HTTP handler (the S3 client's transport) and AbortSignal.timeout() both name their timeouts so;
  // neither exports a type.
  if (name === 'TimeoutError') return { dependency: 'network', reason: 'TimeoutError' };
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return { dependency: 'network', reason: code };
  return undefined;
}

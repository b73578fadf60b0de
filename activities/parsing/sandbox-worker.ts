/**
 * The worker side of `extractInSandbox` (sandbox.ts): runs `extract` on the bytes it was handed and posts the
 * result. Loaded only inside that worker; importing it anywhere else is a mistake and fails loudly.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { extract } from './index';
import type { WorkerInput, WorkerMessage } from './sandbox';

if (isMainThread || !parentPort) throw new Error('sandbox-worker runs only inside extractInSandbox');

const port = parentPort;
const post = (message: WorkerMessage): void => port.postMessage(message);
const { bytes, hint } = workerData as WorkerInput;

// Everything is loaded: from here on a crash is the document's doing, not the deployment's.
post({ type: 'ready' });
extract(bytes, hint, (format) => post({ type: 'identified', format })).then(
  (extraction) => post({ type: 'done', extraction }),
  (err: unknown) => post({ type: 'unavailable', message: err instanceof Error ? err.message : String(err) }),
);

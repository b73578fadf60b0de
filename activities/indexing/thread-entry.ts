/** The worker thread's side of thread.ts: chunk and index the sections it was given, post the result, and end. */
import { parentPort, workerData } from 'node:worker_threads';
import { buildIndex } from './bm25';
import { chunkSections } from './chunking';
import type { IndexRequest, IndexResult } from './thread';

if (!parentPort) throw new Error('thread-entry runs only as the indexing worker thread (thread.ts)');
const { refId, sections } = workerData as IndexRequest;
const chunks = chunkSections(refId, sections);
parentPort.postMessage({ chunks, index: buildIndex(chunks) } satisfies IndexResult);

/**
 * A reference document's chunks and BM25 index, built on a worker thread of their own (docs/decisions.md 258).
 * Chunking and indexing are synchronous and take seconds for a long reference (4 M characters of English: about
 * 5 s; CJK, whose terms are bigrams, far more). On the worker's main thread that blocked every other activity's
 * heartbeats and every workflow task the process held, as counting a run's inputs did (decision 253). The thread
 * gets the sections and returns the chunks and the serialized index; nothing else crosses.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Section } from '../parsing/types';
import type { Chunk } from './chunking';

export interface IndexRequest {
  refId: string;
  sections: Section[];
}

export interface IndexResult {
  chunks: Chunk[];
  /** `buildIndex(chunks)`: the stored form. */
  index: string;
}

/**
 * Runs `chunkSections` and `buildIndex` for one reference on a new worker thread. From TypeScript sources (jest,
 * tsx) the thread registers tsx's require hook before loading its entry; from dist/ the compiled entry loads as is.
 */
export function indexOnThread(request: IndexRequest): Promise<IndexResult> {
  const fromSource = __filename.endsWith('.ts');
  const entry = join(__dirname, fromSource ? 'thread-entry.ts' : 'thread-entry.js');
  const code = `${fromSource ? "require('tsx/cjs');" : ''}require(${JSON.stringify(entry)});`;
  return new Promise<IndexResult>((resolve, reject) => {
    let result: IndexResult | null = null;
    const thread = new Worker(code, { eval: true, workerData: request });
    thread.once('message', (message: IndexResult) => (result = message));
    thread.once('error', reject);
    thread.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`the indexing thread exited (code ${code}) without a result`));
    });
  });
}

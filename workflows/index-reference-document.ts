/**
 * `index-<ref_id>`: extract → chunk and index → mark ready (emitting `reference_document.ready`) or failed with
 * a reason. Every path ends with the document out of `processing`.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { ReferenceJobInput } from '../domain/jobs/contract';
import { JOB_WORK_RETRY } from './retry-policies';

const { extractReferenceText, indexReferenceChunks } = proxyActivities<ActivitiesOf<'indexReferenceDocument'>>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: JOB_WORK_RETRY,
});

const { finishReference } = proxyActivities<ActivitiesOf<'indexReferenceDocument'>>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '20 seconds',
  retry: { maximumAttempts: 10, initialInterval: '1 second' },
});

export async function indexReferenceDocument(input: ReferenceJobInput): Promise<{ status: 'ready' | 'failed' }> {
  try {
    const extraction = await extractReferenceText(input);
    if (!extraction.extracted) {
      await finishReference({
        ...input,
        outcome: 'failed',
        reason: extraction.reason ?? 'No text could be extracted.',
        code: extraction.code,
      });
      return { status: 'failed' };
    }
    const { chunkCount, failure } = await indexReferenceChunks(input);
    if (failure) {
      // The text needs more than the indexing sandbox allows: no retry would index it (docs/decisions.md 263).
      await finishReference({ ...input, outcome: 'failed', reason: failure.reason, code: failure.code });
      return { status: 'failed' };
    }
    await finishReference({ ...input, outcome: 'ready', chunkCount });
    return { status: 'ready' };
  } catch {
    // Retries are exhausted: record a failure the client can read, rather than leaving the document processing.
    // (If even that fails, the workflow fails and GET's lazy sync marks the document failed.)
    await finishReference({
      ...input,
      outcome: 'failed',
      reason: 'Indexing failed after several attempts; upload the file again.',
    });
    return { status: 'failed' };
  }
}

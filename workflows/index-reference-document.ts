/**
 * `index-<ref_id>`: extract → chunk and index → mark ready (emitting `reference_document.ready`) or failed with
 * a reason. Every path ends with the document out of `processing`.
 */
import { CancellationScope, proxyActivities, sleep, type ActivityOptions } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { ReferenceJobInput } from '../domain/jobs/contract';
import { JOB_WORK_RETRY } from './retry-policies';

const { indexReferenceChunks } = proxyActivities<ActivitiesOf<'indexReferenceDocument'>>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: JOB_WORK_RETRY,
});

/** As an input document's extraction (workflows/extract-document.ts): a scan of many pages may take minutes. */
const EXTRACTION_OPTIONS = {
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '30 seconds',
  retry: JOB_WORK_RETRY,
} satisfies ActivityOptions;

const { extractReferenceText } = proxyActivities<ActivitiesOf<'indexReferenceDocument'>>(EXTRACTION_OPTIONS);

/** Taken up again after leaving its slot: never handed straight back to this worker, so what waited goes first. */
const { extractReferenceText: continueReferenceText } = proxyActivities<ActivitiesOf<'indexReferenceDocument'>>({
  ...EXTRACTION_OPTIONS,
  allowEagerDispatch: false,
});

const { forgetReferencePages } = proxyActivities<ActivitiesOf<'indexReferenceDocument'>>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '1 second' },
});

/** The pause after leaving a slot, as for input documents. */
const YIELD_PAUSE = '3 seconds';

const { finishReference } = proxyActivities<ActivitiesOf<'indexReferenceDocument'>>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '20 seconds',
  retry: { maximumAttempts: 10, initialInterval: '1 second' },
});

export async function indexReferenceDocument(input: ReferenceJobInput): Promise<{ status: 'ready' | 'failed' }> {
  try {
    let extraction = await extractReferenceText(input);
    // A scan that left its slot after a page goes on from its kept pages after a pause.
    while (extraction.yielded) {
      await sleep(YIELD_PAUSE);
      extraction = await continueReferenceText(input);
    }
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
      // The text needs more than the indexing sandbox allows: no retry would index it.
      await finishReference({ ...input, outcome: 'failed', reason: failure.reason, code: failure.code });
      return { status: 'failed' };
    }
    await finishReference({ ...input, outcome: 'ready', chunkCount });
    return { status: 'ready' };
  } catch {
    // Retries are exhausted: record a failure the client can read, rather than leaving the document processing.
    // (If even that fails, the workflow fails and GET's lazy sync marks the document failed.) The pages kept for a
    // retry go first: no retry will use them.
    await CancellationScope.nonCancellable(() => forgetReferencePages(input)).catch(() => undefined);
    await finishReference({
      ...input,
      outcome: 'failed',
      reason: 'Indexing failed after several attempts; upload the file again.',
    });
    return { status: 'failed' };
  }
}

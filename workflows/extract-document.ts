/**
 * `extract-<doc_id>`: extracts an input document's text (one activity; the API waits for this workflow's result).
 * A file that cannot be read is a result (`extracted: false`), not a failure; only infrastructure errors retry.
 */
import { CancellationScope, proxyActivities, sleep, type ActivityOptions } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { DocumentJobInput, ExtractionSummary } from '../domain/jobs/contract';
import { JOB_WORK_RETRY } from './retry-policies';

const EXTRACTION_OPTIONS = {
  // A scan of OCR_MAX_PAGES pages at a few seconds a page; an attempt cut short by this goes
  // on from the pages it kept, and the heartbeat notices a lost worker long before.
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '30 seconds',
  retry: JOB_WORK_RETRY,
} satisfies ActivityOptions;

const { extractDocumentText } = proxyActivities<ActivitiesOf<'extractDocument'>>(EXTRACTION_OPTIONS);

/**
 * The same activity, for a scan taken up again after leaving its slot: never dispatched eagerly to this worker (the
 * default for an activity on the workflow's own queue), which would hand it the freed slot straight back ahead of
 * the tasks waiting in the queue.
 */
const { extractDocumentText: continueDocumentText } = proxyActivities<ActivitiesOf<'extractDocument'>>({
  ...EXTRACTION_OPTIONS,
  allowEagerDispatch: false,
});

/** Deletes the pages kept for a retry once the job has failed for good. */
const { forgetKeptPages } = proxyActivities<ActivitiesOf<'extractDocument'>>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '1 second' },
});

/** How long a scan that left its slot waits before taking one again, behind what waited. */
const YIELD_PAUSE = '3 seconds';

export async function extractDocument(input: DocumentJobInput): Promise<ExtractionSummary> {
  try {
    let summary = await extractDocumentText(input);
    // A scan left after a page so that other work could have the worker's slot: after a
    // moment in which only what waited can take that slot, it is scheduled again and goes on from the pages it kept.
    while (summary.yielded) {
      await sleep(YIELD_PAUSE);
      summary = await continueDocumentText(input);
    }
    return summary;
  } catch (err) {
    // Failed for good (every attempt spent) or ended from outside: no retry will use the pages kept for one,
    // so they are deleted. The job still fails, and `complete` or the reconciler settles the document as before.
    await CancellationScope.nonCancellable(() => forgetKeptPages(input)).catch(() => undefined);
    throw err;
  }
}

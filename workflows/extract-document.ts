/**
 * `extract-<doc_id>`: extracts an input document's text (one activity; the API waits for this workflow's result).
 * A file that cannot be read is a result (`extracted: false`), not a failure; only infrastructure errors retry.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { DocumentJobInput, ExtractionSummary } from '../domain/jobs/contract';
import { JOB_WORK_RETRY } from './retry-policies';

const { extractDocumentText } = proxyActivities<ActivitiesOf<'extractDocument'>>({
  // A scan of OCR_MAX_PAGES pages at a few seconds a page (docs/decisions.md 435); an attempt cut short by this goes
  // on from the pages it kept, and the heartbeat notices a lost worker long before.
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '30 seconds',
  retry: JOB_WORK_RETRY,
});

export async function extractDocument(input: DocumentJobInput): Promise<ExtractionSummary> {
  let summary = await extractDocumentText(input);
  // A scan left after a page so that other work could have the worker's slot (docs/decisions.md 398): scheduled
  // again, behind what waits, it goes on from the pages it kept.
  while (summary.yielded) summary = await extractDocumentText(input);
  return summary;
}

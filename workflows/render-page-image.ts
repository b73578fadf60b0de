/**
 * `page-<id>-<n>-<width>`: a page of a document drawn as a PNG in the worker's page-image sandbox and stored beside
 * the document; the API waits for it, bounded. A page that cannot be drawn is a result, not a
 * failure; only infrastructure faults retry.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import type { PageImageJobInput, PageImageJobResult } from '../domain/jobs/contract';

const { drawPageImage } = proxyActivities<ActivitiesOf<'renderPageImage'>>({
  // The page's own deadline (OCR_PAGE_TIMEOUT_S, a minute by default) and the store's reads and writes around it.
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second' },
});

export async function renderPageImage(input: PageImageJobInput): Promise<PageImageJobResult> {
  return drawPageImage(input);
}

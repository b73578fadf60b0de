/**
 * A batch's results file and its lifetime (docs/decisions.md 504, 535, 536): one stored object per batch and format
 * for a final batch, rendered once and served again for a signed URL's lifetime (`OUTPUT_URL_TTL_S`), and one per
 * batch and format for the latest snapshot of an unfinished batch, replaced by each request. The object records what
 * it was rendered from (`rendered-from`: the batch's final status, or `unfinished`), so a request for a final batch
 * whose file matches and is recent signs it without starting a job or reading a row.
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config';
import { objectKeys, putObject, statObject, type Storage } from '../platform/storage';
import { batchResultsJob, type JobWait, type TemporalHandle } from '../jobs';
import type { BatchResultsFormat, BatchResultsJobInput } from '../jobs/contract';
import { findBatchForJob, type BatchDoc } from './batches';
import { batchResultRows, type BatchResultRow } from './progress';
import { BATCH_RESULTS_FILE, FINAL_BATCH_STATUSES } from './schemas';

/** The object metadata (`x-amz-meta-rendered-from`) naming the state a stored file shows. */
const RENDERED_FROM = 'rendered-from';

export interface StoredResultsFile {
  key: string;
  mimeType: string;
  filename: string;
}

/**
 * What a file rendered now would show, as far as a stored file can be reused: `unfinished` while the batch runs, its
 * final status once it is final. Read before the rows, so a file is never stamped newer than it is. An operator's
 * refund of a succeeded item (the one change a final batch's rows can still see) shows once the file is re-rendered,
 * at most a URL lifetime later: counting the batch's refunded runs on every request would be a scan on FerretDB.
 */
function renderedFrom(batch: BatchDoc): string {
  return FINAL_BATCH_STATUSES.has(batch.status) ? `final:${batch.status}` : 'unfinished';
}

function fileOf(batch: Pick<BatchDoc, '_id' | 'account_id'>, format: BatchResultsFormat, final: boolean) {
  const { mimeType, extension } = BATCH_RESULTS_FILE[format];
  const name = final ? `results.${extension}` : `results-unfinished.${extension}`;
  return {
    key: objectKeys.batchResults(batch.account_id, batch._id, name),
    mimeType,
    filename: `${batch._id}-results.${extension}`,
  };
}

/** The stored file of a final batch when it was rendered final within the last `maxAgeS` seconds, else null. */
async function currentFinalFile(
  storage: Storage,
  batch: BatchDoc,
  format: BatchResultsFormat,
  maxAgeS: number,
): Promise<StoredResultsFile | null> {
  if (!FINAL_BATCH_STATUSES.has(batch.status)) return null;
  const file = fileOf(batch, format, true);
  const head = await statObject(storage, file.key);
  if (!head || head.metadata?.[RENDERED_FROM] !== renderedFrom(batch)) return null;
  const age = Date.now() - (head.lastModified?.getTime() ?? 0);
  return age < maxAgeS * 1000 ? file : null;
}

/**
 * The results file for `GET /batches/{id}/results`: a final batch's stored file when it is current (no job), else
 * rendered by a worker (`batchResults`), waited for at most `ms`.
 */
export async function batchResultsFile(
  deps: { storage: Storage; temporal: TemporalHandle; config: Pick<Config, 'OUTPUT_URL_TTL_S'> },
  batch: BatchDoc,
  format: BatchResultsFormat,
  ms: number,
): Promise<JobWait<StoredResultsFile>> {
  const stored = await currentFinalFile(deps.storage, batch, format, deps.config.OUTPUT_URL_TTL_S);
  if (stored) return { state: 'done', value: stored };
  return batchResultsJob(deps.temporal, { accountId: batch.account_id, batchId: batch._id, format }, ms);
}

/**
 * The worker's half (activities/batches.ts): renders the rows with `render` and stores the file, unless a final
 * batch's file is already current (two requests that both found none render once each, writing the same bytes).
 */
export async function storeBatchResultsFile(
  db: Db,
  storage: Storage,
  maxAgeS: number,
  input: BatchResultsJobInput,
  render: (rows: BatchResultRow[], format: BatchResultsFormat) => Promise<Uint8Array>,
): Promise<StoredResultsFile> {
  const batch = await findBatchForJob(db, input.accountId, input.batchId);
  if (!batch) throw new Error(`batch ${input.batchId} of ${input.accountId} not found`);
  const stored = await currentFinalFile(storage, batch, input.format, maxAgeS);
  if (stored) return stored;
  const from = renderedFrom(batch);
  const file = fileOf(batch, input.format, from !== 'unfinished');
  const bytes = await render(await batchResultRows(db, input.accountId, input.batchId), input.format);
  await putObject(storage, file.key, bytes, file.mimeType, { [RENDERED_FROM]: from });
  return file;
}

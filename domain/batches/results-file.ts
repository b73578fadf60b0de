/**
 * A batch's results file and its lifetime (docs/decisions.md 535, 580): one stored object per batch and
 * format for a final batch, rendered once and served again for a signed URL's lifetime (`OUTPUT_URL_TTL_S`), and one
 * per batch and format for the latest snapshot of an unfinished batch, replaced when the batch's counts have moved.
 * The object records what it was rendered from (`rendered-from`: the batch's final status, or its counts while
 * unfinished), so a request whose file matches (and, final, is recent) signs it without starting a job or reading a
 * row; requests that find none share one rendering (the job's id is what the file would show).
 */
import { createHash } from 'node:crypto';
import type { Db } from 'mongodb';
import type { Config } from '../platform/config';
import { objectKeys, putObject, statObject, type Storage } from '../platform/storage';
import { batchResultsJob, type JobWait, type TemporalHandle } from '../jobs';
import type { BatchResultsFormat, BatchResultsJobInput } from '../jobs/contract';
import { newId } from '../platform/ids';
import { findBatchForJob, type BatchDoc } from './batches';
import { batchResultRows, type BatchResultRow } from './result-rows';
import { BATCH_RESULTS_FILE, FINAL_BATCH_STATUSES } from './schemas';

/** The object metadata (`x-amz-meta-rendered-from`) naming the state a stored file shows. */
const RENDERED_FROM = 'rendered-from';

export interface StoredResultsFile {
  key: string;
  mimeType: string;
  filename: string;
}

/**
 * What a file rendered now would show, as far as a stored file can be reused: while the batch runs, its counts (every
 * change of an item's status or charge moves them, and they never return to an earlier value); its final status once
 * it is final. Read before the rows, so a file is never stamped newer than it is. An operator's refund of a
 * succeeded item (the one change the counts do not see) shows once the file is re-rendered: at most a URL lifetime
 * later when final, at the next change of the counts before — counting the batch's refunded runs on every request
 * would be a scan on FerretDB.
 */
function renderedFrom(batch: BatchDoc): string {
  if (FINAL_BATCH_STATUSES.has(batch.status)) return `final:${batch.status}`;
  const { queued, running, succeeded, failed, canceled, refunded } = batch.counts;
  return `unfinished:${[queued, running, succeeded, failed, canceled, refunded, batch.charged_milli].join(',')}`;
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

/**
 * The stored file when it shows what a file rendered now would: an unfinished batch's while its counts are unchanged,
 * a final batch's when it was rendered final within the last `maxAgeS` seconds. Else null.
 */
async function currentFile(
  storage: Storage,
  batch: BatchDoc,
  format: BatchResultsFormat,
  maxAgeS: number,
): Promise<StoredResultsFile | null> {
  const final = FINAL_BATCH_STATUSES.has(batch.status);
  const file = fileOf(batch, format, final);
  const head = await statObject(storage, file.key);
  if (!head || head.metadata?.[RENDERED_FROM] !== renderedFrom(batch)) return null;
  const age = Date.now() - (head.lastModified?.getTime() ?? 0);
  return !final || age < maxAgeS * 1000 ? file : null;
}

/**
 * The rendering a request needs, named by what it would show (so identical requests meanwhile attach to one job): the
 * counts of an unfinished batch, which never recur; a final batch's status and the URL lifetime it falls in, so that
 * the file is rendered again a lifetime later. Hashed: object metadata and job ids stay short.
 */
function renderingKey(batch: BatchDoc, format: BatchResultsFormat, maxAgeS: number): string {
  const window = FINAL_BATCH_STATUSES.has(batch.status) ? Math.floor(Date.now() / (maxAgeS * 1000)) : 0;
  const digest = createHash('sha256')
    .update(`${renderedFrom(batch)}:${window}`)
    .digest('hex')
    .slice(0, 20);
  return `${format}-${digest}`;
}

/**
 * The results file for `GET /batches/{id}/results`: the stored file when it is current (no job), else rendered by a
 * worker (`batchResults`), waited for at most `ms`; one rendering per state of the batch, however many ask for it. A
 * rendering of that state that failed is not the answer for good: another is started under a fresh id.
 */
export async function batchResultsFile(
  deps: { storage: Storage; temporal: TemporalHandle; config: Pick<Config, 'OUTPUT_URL_TTL_S'> },
  batch: BatchDoc,
  format: BatchResultsFormat,
  ms: number,
): Promise<JobWait<StoredResultsFile>> {
  const stored = await currentFile(deps.storage, batch, format, deps.config.OUTPUT_URL_TTL_S);
  if (stored) return { state: 'done', value: stored };
  const input = { accountId: batch.account_id, batchId: batch._id, format };
  const key = renderingKey(batch, format, deps.config.OUTPUT_URL_TTL_S);
  const wait = await batchResultsJob(deps.temporal, input, ms, key);
  if (wait.state !== 'ended') return wait;
  return batchResultsJob(deps.temporal, input, ms, `${key}-${newId('request')}`);
}

/**
 * The worker's half (activities/batches.ts): renders the rows with `render` and stores the file, unless the stored
 * file is already current (a rendering of a state another one has just written).
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
  const stored = await currentFile(storage, batch, input.format, maxAgeS);
  if (stored) return stored;
  const from = renderedFrom(batch);
  const file = fileOf(batch, input.format, FINAL_BATCH_STATUSES.has(batch.status));
  const bytes = await render(await batchResultRows(db, input.accountId, input.batchId), input.format);
  await putObject(storage, file.key, bytes, file.mimeType, { [RENDERED_FROM]: from });
  return file;
}

/**
 * The rows of a batch's results file, as its items are now (domain/batches/results-file.ts stores them,
 * activities/rendering/batch-results.ts renders them, and a calibration's report reads its runs through them).
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { toCredits } from '../billing/credits';
import { findByIds, TenantDb } from '../store';
import { confidenceSamples } from '../evaluation-workflows/evaluation-workflows';
import type { RunDoc } from '../runs';
import { reviewsOn } from '../reviews/reviews';
import { batchItems, findBatchForJob, ITEMS_PER_CHUNK } from './batches';

const runsOf = (tenant: TenantDb) => tenant.collection<RunDoc>(COLLECTIONS.runs);

/** A row of a batch's results file (activities/rendering/batch-results.ts renders them). */
export interface BatchResultRow {
  external_id: string | null;
  run_id: string;
  status: string;
  error_code: string | null;
  charged_credits: number | null;
  /** The run's output; null while the item is unfinished, or when it failed. */
  output: Record<string, unknown> | null;
  /**
   * The item's metadata. When any row carries the field (even as null), the file has a `metadata` column after
   * `charged_credits`; when none does, it has none.
   */
  metadata?: Record<string, unknown> | null;
  /**
   * The run's review: present on every row when the batch's workflow reviews, null for an item
   * without one; the file then has `review_status` and a `review.<key>` column per reviewed value.
   */
  review?: { status: string; values: Record<string, unknown> | null } | null;
  /**
   * The run's lowest and per-criterion confidence: present (null until it succeeds) when k ≥ 2, so the file has the
   * columns from its first rendering on.
   */
  confidence_min?: number | null;
  confidence?: Record<string, number> | null;
}

/** A succeeded run's confidences as a results row carries them; null for any other run. */
function confidenceOf(
  run: Pick<RunDoc, 'status' | 'confidence_json' | 'confidence_min'> | undefined,
): Pick<BatchResultRow, 'confidence' | 'confidence_min'> {
  if (run?.status !== 'succeeded' || !run.confidence_json) return { confidence_min: null, confidence: null };
  const parsed = JSON.parse(run.confidence_json) as Record<string, { value: number }>;
  return {
    confidence_min: run.confidence_min ?? null,
    confidence: Object.fromEntries(Object.entries(parsed).map(([key, c]) => [key, c.value])),
  };
}

/**
 * One row per item, in position order, as the items are now (an item not yet admitted shows `queued` and the id
 * its run will have). Read a chunk at a time.
 */
export async function batchResultRows(db: Db, accountId: string, batchId: string): Promise<BatchResultRow[]> {
  const tenant = new TenantDb(db, accountId);
  const batch = await findBatchForJob(db, accountId, batchId);
  if (!batch) return [];
  const rows: BatchResultRow[] = [];
  const judgedRepeatedly = confidenceSamples(batch.workflow) >= 2;
  const reviews = reviewsOn(batch.workflow.review);
  for (let from = 0; from < batch.total; from += ITEMS_PER_CHUNK) {
    const items = await batchItems(tenant, batch, from, from + ITEMS_PER_CHUNK);
    const found = await findByIds(
      runsOf(tenant),
      items.map((i) => i.runId),
    );
    const byId = new Map(found.map((r) => [r._id, r]));
    for (const item of items) {
      const run = byId.get(item.runId);
      rows.push({
        external_id: item.externalId,
        run_id: item.runId,
        status: run?.admission === 'admitted' ? run.status : 'queued',
        error_code: run?.error?.code ?? null,
        charged_credits: run?.charged_milli == null ? null : toCredits(run.charged_milli),
        output:
          run?.status === 'succeeded' && run.output_json
            ? (JSON.parse(run.output_json) as Record<string, unknown>)
            : null,
        metadata: JSON.parse(item.metadataJson) as Record<string, unknown>,
        ...(judgedRepeatedly ? confidenceOf(run) : {}),
        ...(reviews
          ? { review: run?.review ? { status: run.review.status, values: run.review.values ?? null } : null }
          : {}),
      });
    }
  }
  return rows;
}

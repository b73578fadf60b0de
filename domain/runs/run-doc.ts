/**
 * The stored run document and its collection's declaration (`RUNS`): its own module so that readers of the shape
 * (the output-file signer, the usage rollup) need not import the run services that import them. Written only by
 * domain/runs/.
 */
import { COLLECTIONS } from '../platform/db';
import { defineCollection, type Item } from '../store';
import type { ReviewPolicy } from '../reviews/schemas';
import type { RunReviewDoc } from '../reviews/reviews';
import type { ModelPolicy, OutputFormat } from '../catalog/catalog';
import { FINAL_RUN_STATUSES, type RunCitation, type RunManifest, type RunStatus } from './schemas';
import type { CriterionDoc } from '../calibration-sets/calibration-sets';

export interface RunDoc extends Item {
  workflow_id: string;
  workflow_name: string;
  product_code: string;
  admission: 'pending' | 'admitted' | 'rejected';
  status: RunStatus;
  mode: 'async' | 'sync';
  livemode: boolean;
  key_id: string;
  model_policy: ModelPolicy;
  output_format: OutputFormat;
  quoted_milli: number;
  /**
   * A run created while an input was still being read: the quote it was given then, an upper bound (shown as
   * `quoted_credits`). Its `quoted_milli` is 0 until the input is read, then what it cost, never more than this.
   */
  waiting_quote_milli?: number;
  charged_milli: number | null;
  input_documents: string[];
  reference_document_ids: string[];
  metadata_json: string;
  output_json: string | null;
  output_file: { key: string; mime_type: string; extension: string } | null;
  usage: {
    input_tokens: number | null;
    output_tokens: number | null;
    model: string | null;
    rag_strategy: string | null;
    /** Absent on runs from before evidence existed. */
    unverified_citations?: number | null;
  };
  /** RunCitation[] and RunManifest as JSON text, written with the output (absent on older runs). */
  citations_json?: string | null;
  manifest_json?: string | null;
  /**
   * The workflow's criteria and confidence samples when the run was created: the run is judged by these whatever
   * the workflow says later. Absent on runs made before (none, one sample).
   */
  criteria?: CriterionDoc[];
  confidence_samples?: number;
  /** Per criterion `{value, consensus, samples}` as JSON text and their lowest value, written with the output (k ≥ 2). */
  confidence_json?: string | null;
  confidence_min?: number | null;
  /** The workflow's review policy when the run was created (a batch item: its batch's), when it reviews. */
  review_policy?: ReviewPolicy;
  /** Its review, set in the write that makes it succeed (`run.succeeded` names it); completed: the person's values. */
  review?: RunReviewDoc;
  /** The output with the reviewed values at the criteria's pointers, as JSON text, once the review is completed. */
  reviewed_output_json?: string | null;
  error: { code: string; message: string } | null;
  /**
   * An item of a live economy batch: admitted and charged at once, it waits `queued`, with no job of its own, until
   * its provider batch (named once submitted) has answered; the batch's job then starts it.
   */
  economy?: { provider_batch_id: string | null; provider: 'openai' | 'anthropic' | null };
  /** The Temporal namespace of the run's job: the reconciler settles only its own namespace's runs. */
  job_namespace?: string;
  /** The store's watch mark (domain/store/watch.ts), while the reconciler may have to settle the run. */
  watched_since?: Date;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  refunded_at: Date | null;
  /**
   * When the reconciler abandoned this hidden run: its creation died before admission settled, so it was rejected
   * and any charge refunded. A retry of that creation (same Idempotency-Key) then creates a fresh run instead.
   */
  abandoned_at?: Date;
  /**
   * A failure claimed but not yet settled: the run keeps its visible status until its refund has landed, and no
   * completion, cancel or second failure can win it meanwhile. Removed when the status becomes `failed`.
   */
  failing?: { code: string; message: string };
  /**
   * The input documents still being read when the run was created: the run waits for them in `queued`, quoted 0
   * and charged nothing, until they are read; then it is quoted and charged, and this is removed.
   */
  awaiting_input?: string[];
  /** The batch this run is an item of (domain/batches/), its position there and the item's `external_id`. */
  batch_id?: string | null;
  batch_position?: number;
  external_id?: string | null;
}

/**
 * The runs: one list per account, newest first, filtered by the caller's own account's runs only (their cost never
 * grows with other accounts'). A run is settled for its list once final and admitted or rejected: after that only an
 * operator refund changes what the list shows. Watched from its insert until its settlement ends (`release`): a
 * cancel's refund and a failure's come after the status, so no state field says when.
 */
export const RUNS = defineCollection<RunDoc>({
  collection: COLLECTIONS.runs,
  list: {
    name: 'runs',
    scopeOf: () => '',
    settled: (run) => FINAL_RUN_STATUSES.has(run.status) && run.admission !== 'pending',
    shapes: [
      { equal: ['admission'], other: [] },
      { equal: ['admission', 'workflow_id'], other: [] },
      { equal: ['admission', 'status'], other: [] },
      { equal: ['admission', 'status', 'workflow_id'], other: [] },
      { equal: ['admission', 'batch_id'], other: [] },
      { equal: ['admission', 'batch_id', 'status'], other: [] },
    ],
    indexes: [
      { name: 'list_admission', equal: ['admission'] },
      { name: 'list_admission_workflow', equal: ['admission', 'workflow_id'] },
      { name: 'list_admission_status', equal: ['admission', 'status'] },
      { name: 'list_admission_workflow_status', equal: ['admission', 'workflow_id', 'status'] },
      { name: 'list_admission_batch', equal: ['admission', 'batch_id'] },
      { name: 'list_admission_batch_status', equal: ['admission', 'batch_id', 'status'] },
    ],
  },
  // A run inserted settled (a batch item never admitted, canceled) has nothing left for the reconciler.
  watched: { kind: 'runs', open: (run) => !FINAL_RUN_STATUSES.has(run.status) },
});

/**
 * What a completed review changes beyond itself: the run gains `review` and
 * `reviewed_output`, `review.completed` is published, and a blind review with a calibration set becomes an item of
 * it. Each step is idempotent, so a submit retried after a crash (or answered again with the same values) finishes
 * what the first left.
 */
import { addCalibrationItems } from '../calibration-sets/calibration-sets';
import { ApiError } from '../http/errors';
import { COLLECTIONS } from '../platform/db';
import { derivedId } from '../platform/ids';
import type { TenantDb } from '../store';
import { publishEvent, type EventPublisher } from '../webhooks/publish-event';
import type { LabelValue } from '../calibration-sets/schemas';
import type { EvaluationWorkflowDoc } from '../evaluation-workflows/evaluation-workflows';
import { reviewedOutput, reviewView, type ReviewDoc } from '../reviews/reviews';
import { submitReview, type Reviewer } from '../reviews/queue';
import { RUNS } from './run-doc';

/** Submits the review (reviews.ts) and finishes what its completion changes. */
export async function submitAndFinish(
  publisher: EventPublisher,
  tenant: TenantDb,
  reviewId: string,
  who: Reviewer,
  input: { values: Record<string, LabelValue>; note?: string },
): Promise<ReviewDoc> {
  const { review } = await submitReview(tenant, reviewId, who, input);
  await finishReview(publisher, tenant, review);
  return review;
}

async function finishReview(publisher: EventPublisher, tenant: TenantDb, review: ReviewDoc): Promise<void> {
  const run = await RUNS.in(tenant).findOne({ _id: review.run_id });
  if (run && run.review?.status !== 'completed' && run.output_json) {
    await RUNS.transition(
      tenant,
      { _id: run._id, 'review.id': review._id },
      {
        $set: {
          review: {
            id: review._id,
            status: 'completed',
            reviewer: review.reviewer,
            values: review.values,
            completed_at: review.completed_at,
          },
          reviewed_output_json: JSON.stringify(reviewedOutput(review, run.output_json!)),
        },
      },
      // A settled run's list may hold a copy of it.
      { current: run },
    );
  }
  if (review.blind && review.calibration_set_id) await appendToSet(tenant, review);
  const workflow = await tenant
    .collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows)
    .findOne({ _id: review.workflow_id }, { projection: { webhook_endpoint_id: 1 } });
  await publishEvent(publisher, {
    accountId: tenant.accountId,
    type: 'review.completed',
    dedupeKey: `review.completed:${review._id}`,
    data: { review: reviewView(review) },
    workflowEndpointId: workflow?.webhook_endpoint_id ?? null,
  });
}

/**
 * A blind review's values, as one more rater's independent labels on the run's documents (open reviews are anchored
 * by the model's value and never added). Its item's id derives from the review's, so a retry adds nothing twice. A
 * set deleted or full since the workflow named it loses the item, never the review.
 */
async function appendToSet(tenant: TenantDb, review: ReviewDoc): Promise<void> {
  const labels = Object.fromEntries(
    Object.entries(review.values ?? {}).map(([key, value]) => [key, [{ rater: review.reviewer!, value }]]),
  );
  try {
    await addCalibrationItems(
      tenant,
      review.calibration_set_id!,
      { items: [{ input_documents: review.input_documents, external_id: review.run_id, labels }] },
      derivedId('calibrationItem', review._id, `review-item:${review._id}`),
    );
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
  }
}

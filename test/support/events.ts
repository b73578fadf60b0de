/** Event payloads the tests record directly, built by the same views the product records them with. */
import type { Db, Document, Filter, WithId } from 'mongodb';
import { COLLECTIONS } from '../../domain/platform/db';
import { referenceView } from '../../domain/documents/reference-documents';
import { newId } from '../../domain/platform/ids';
import { calibrationView } from '../../domain/calibrations/calibrations';
import { DEFAULT_THRESHOLDS } from '../../domain/agreement-metrics/agreement';
import { reviewFor, reviewPolicy, reviewView, type ReviewDoc } from '../../domain/reviews/reviews';

/** The payload of a `reference_document.ready` event, as indexing records it (a fresh id each call). */
export function referenceReadyData() {
  const now = new Date();
  return {
    reference_document: referenceView({
      _id: newId('referenceDocument'),
      account_id: 'acct_fixture',
      name: 'Rubric',
      filename: 'rubric.txt',
      upload_content_type: 'text/plain',
      object_key: 'fixture',
      status: 'ready',
      failure_reason: null,
      mime_type: 'text/plain',
      size_bytes: 120,
      page_count: 1,
      chunk_count: 1,
      index_version: 1,
      indexing_started_at: now,
      deleted_at: null,
      created_at: now,
    }),
  };
}

/**
 * The events matching `filter`, once there is at least one. A resource's status moves before its event is
 * recorded (the event carries the settled view), so a client that sees the status may read events a moment early.
 */
export async function waitForEvents(db: Db, filter: Filter<Document>, timeoutMs = 30_000): Promise<WithId<Document>[]> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 100))) {
    const events = await db.collection(COLLECTIONS.events).find(filter).toArray();
    if (events.length > 0 || Date.now() > deadline) return events;
  }
}

/** The data of a `batch.completed` event: a whole batch in a final status, as `GET /batches/{id}` answers it. */
export function batchCompletedData(id = `bat_${newId('event').slice(4)}`) {
  const at = new Date().toISOString();
  return {
    batch: {
      id,
      object: 'batch',
      workflow_id: 'wf_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T',
      status: 'succeeded',
      livemode: false,
      max_concurrency: 10,
      counts: { total: 1, queued: 0, running: 0, succeeded: 1, failed: 0, canceled: 0, refunded: 0 },
      quoted_credits: 1,
      charged_credits: 0,
      metadata: {},
      created_at: at,
      started_at: at,
      finished_at: at,
    },
  };
}

/** The data of a `calibration.completed` event, built by the product's own view of a finished calibration. */
export function calibrationCompletedData(id = `cal_${newId('event').slice(4)}`) {
  const at = new Date();
  return {
    calibration: calibrationView(
      {
        _id: id,
        account_id: 'acct_fixture',
        workflow_id: 'wf_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T',
        workflow_name: 'Essays',
        set_id: 'cset_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T',
        set_name: 'Labels',
        criteria_def: [],
        batch_id: 'bat_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T',
        status: 'succeeded',
        repeats: 1,
        livemode: false,
        items: 1,
        thresholds: DEFAULT_THRESHOLDS,
        seed: 1,
        report_json: '[]',
        pairs_json: '{}',
        report_key: 'fixture',
        items_key: 'fixture',
        created_at: at,
        finished_at: at,
      },
      [],
    ),
  };
}

/** A pending review as a run that succeeded under `review: {mode: all}` gets it, of an account (a fresh id each call). */
export function reviewFixture(accountId = 'acct_fixture'): ReviewDoc {
  return reviewFor({
    _id: newId('run'),
    account_id: accountId,
    livemode: false,
    workflow_id: 'wf_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T',
    input_documents: ['doc_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'],
    criteria: [{ key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5, labels: null }],
    review_policy: reviewPolicy({ mode: 'all' }),
    output_json: JSON.stringify({ score: 4 }),
  })!;
}

/** The payload of a `review.completed` event. */
export function reviewCompletedData() {
  const review = reviewFixture();
  return {
    review: reviewView({
      ...review,
      status: 'completed',
      reviewer: 'Ada',
      values: { score: 3 },
      completed_at: new Date(),
    }),
  };
}

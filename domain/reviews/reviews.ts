/**
 * Reviews: a person's answer to a succeeded run's criteria. This
 * module alone writes the collection. A review is created once per run (its id derived from the run's), claimed by
 * one reviewer at a time through guarded single-document updates (a claim sequence in the filter), and completed
 * once; the run then carries the reviewer's values.
 */
import { createHash } from 'node:crypto';
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { derivedId } from '../platform/ids';
import { errors } from '../http/errors';
import type { Cursors } from '../http/pagination';
import { readPointer } from '../agreement-metrics/pointer';
import { writePointer } from '../confidence/consensus';
import type { CriterionDoc } from '../calibration-sets/calibration-sets';
import { defineCollection, TenantDb, type Item, type ListFilter } from '../store';
import type { ReviewListQuery, ReviewPolicy, ReviewPolicyInput, ReviewReason, ReviewStatus } from './schemas';

type Value = number | string | boolean;

export interface ReviewCriterionDoc extends CriterionDoc {
  model_value: Value | null;
  confidence: number | null;
}

export interface ReviewDoc extends Item {
  _id: string;
  account_id: string;
  livemode: boolean;
  run_id: string;
  workflow_id: string;
  batch_id: string | null;
  input_documents: string[];
  status: ReviewStatus;
  reasons: ReviewReason[];
  blind: boolean;
  calibration_set_id: string | null;
  criteria: ReviewCriterionDoc[];
  /** Bumped by every claim, release and submit: the guard that lets one of two racing writers win. */
  claim_seq: number;
  claimed_by: string | null;
  claimed_key: string | null;
  claim_expires_at: Date | null;
  reviewer: string | null;
  reviewer_key: string | null;
  /** Per criterion key (safe as field names, as a calibration item's labels). */
  values: Record<string, Value> | null;
  note: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/** What a run carries of its review (RunDoc.review). */
export interface RunReviewDoc {
  id: string;
  status: ReviewStatus;
  reviewer?: string | null;
  values?: Record<string, Value> | null;
  completed_at?: Date | null;
}

/** The reviews: one list per account, newest first (pending: oldest first), filtered by status, workflow or batch. */
export const REVIEWS = defineCollection<ReviewDoc>({
  collection: COLLECTIONS.reviews,
  list: {
    name: 'reviews',
    scopeOf: () => '',
    settled: (r) => r.status === 'completed' || r.status === 'canceled',
    shapes: [
      { equal: [], other: [] },
      { equal: [], other: ['status'] },
      { equal: ['workflow_id'], other: [] },
      { equal: ['workflow_id'], other: ['status'] },
      { equal: ['batch_id'], other: [] },
      { equal: ['batch_id'], other: ['status'] },
    ],
    indexes: [
      { name: 'list_all', after: ['status'] },
      { name: 'list_workflow', equal: ['workflow_id'], after: ['status'] },
      { name: 'list_batch', equal: ['batch_id'], after: ['status'] },
    ],
  },
});

export const DEFAULT_REVIEW_THRESHOLD = 0.8;

/** The policy as stored and shown: every field present. */
export function reviewPolicy(input: ReviewPolicyInput | undefined | null): ReviewPolicy {
  return {
    mode: input?.mode ?? 'off',
    threshold: input?.threshold ?? DEFAULT_REVIEW_THRESHOLD,
    audit_rate: input?.audit_rate ?? 0,
    blind: input?.blind ?? false,
    calibration_set_id: input?.calibration_set_id ?? null,
  };
}

/** True when the policy can ever create a review. */
export const reviewsOn = (p: ReviewPolicy | undefined) => Boolean(p && (p.mode !== 'off' || p.audit_rate > 0));

/**
 * Whether `runId` is drawn for audit at `rate`: a hash of the run id, so the same runs are drawn on a retry or a
 * replay, and independent of everything else about the run.
 */
export function drawnForAudit(runId: string, rate: number): boolean {
  if (rate <= 0) return false;
  const u = createHash('sha256').update(`audit:${runId}`).digest().readUInt32BE(0) / 2 ** 32;
  return u < rate;
}

/** Why a run that succeeded under `policy` is reviewed (empty: it is not). */
export function reviewReasons(
  runId: string,
  policy: ReviewPolicy,
  criteria: readonly CriterionDoc[],
  confidence: Record<string, { value: number }> | null,
): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  if (policy.mode === 'all') reasons.push({ kind: 'all' });
  if (policy.mode === 'low_confidence' && confidence) {
    for (const c of criteria) {
      const v = confidence[c.key]?.value;
      if (v !== undefined && v < policy.threshold) reasons.push({ kind: 'low_confidence', criterion: c.key });
    }
  }
  if (drawnForAudit(runId, policy.audit_rate)) reasons.push({ kind: 'audit' });
  return reasons;
}

export const reviewIdOf = (runId: string) => derivedId('review', runId, `review:${runId}`);

/** What `reviewFor` reads of a run (domain/runs/run-doc.ts), without importing runs (which import this). */
export interface ReviewedRun {
  _id: string;
  account_id: string;
  livemode: boolean;
  workflow_id: string;
  batch_id?: string | null;
  input_documents: string[];
  criteria?: CriterionDoc[];
  review_policy?: ReviewPolicy;
  output_json: string | null;
  confidence_json?: string | null;
}

/** A batch item is reviewed as its batch's snapshot of the workflow says. */
export function batchItemReview(workflow: { review?: ReviewPolicy; criteria?: CriterionDoc[] }) {
  return reviewsOn(workflow.review) ? { review_policy: workflow.review, criteria: workflow.criteria ?? [] } : {};
}

/** The review a succeeded run gets, or null under its policy. */
export function reviewFor(run: ReviewedRun, now = new Date()): ReviewDoc | null {
  const policy = run.review_policy;
  if (!reviewsOn(policy) || !run.criteria?.length || !run.output_json) return null;
  const confidence = run.confidence_json
    ? (JSON.parse(run.confidence_json) as Record<string, { value: number }>)
    : null;
  const reasons = reviewReasons(run._id, policy!, run.criteria, confidence);
  if (!reasons.length) return null;
  const output = JSON.parse(run.output_json) as unknown;
  const asValue = (v: unknown): Value | null =>
    typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : null;
  return {
    _id: reviewIdOf(run._id),
    account_id: run.account_id,
    livemode: run.livemode,
    run_id: run._id,
    workflow_id: run.workflow_id,
    batch_id: run.batch_id ?? null,
    input_documents: run.input_documents,
    status: 'pending',
    reasons,
    // Audits are always blind: the model's value would anchor the person.
    blind: policy!.blind || reasons.some((r) => r.kind === 'audit'),
    calibration_set_id: policy!.calibration_set_id,
    criteria: run.criteria.map((c) => ({
      ...c,
      model_value: asValue(readPointer(output, c.pointer)),
      confidence: confidence?.[c.key]?.value ?? null,
    })),
    claim_seq: 0,
    claimed_by: null,
    claimed_key: null,
    claim_expires_at: null,
    reviewer: null,
    reviewer_key: null,
    values: null,
    note: null,
    created_at: now,
    completed_at: null,
  };
}

/**
 * Writes the review a run about to succeed gets, once per run (its id derives from the run's and is its natural key),
 * and answers what the write that makes the run succeed sets of it: `{review: {id, pending}}`, or nothing. Written
 * before that write, so a run that names its review always has it.
 */
export async function reviewBeforeSuccess(db: Db, run: ReviewedRun): Promise<{ review?: RunReviewDoc }> {
  const review = run.output_json ? reviewFor(run) : null;
  if (!review) return {};
  await REVIEWS.insertOnce(db, `review:${review.run_id}`, review, { run_id: review.run_id });
  return { review: { id: review._id, status: 'pending' } };
}

/** The run lost its success to a failure or a cancel after its review was written: the review is canceled. */
export async function cancelUnusedReview(db: Db, run: { _id: string; account_id: string }): Promise<void> {
  await cancelRunReview(new TenantDb(db, run.account_id), reviewIdOf(run._id));
}

/** What a refund sets of the run's review: an open one is canceled with it. */
export const canceledReviewOf = (run: { review?: RunReviewDoc } | null) =>
  run?.review && run.review.status !== 'completed' ? { 'review.status': 'canceled' as const } : {};

/** A claim that has expired reads as pending. */
export function effectiveStatus(doc: ReviewDoc, now = Date.now()): ReviewStatus {
  if (doc.status === 'claimed' && (doc.claim_expires_at?.getTime() ?? 0) <= now) return 'pending';
  return doc.status;
}

export function reviewView(doc: ReviewDoc) {
  const status = effectiveStatus(doc);
  const claimed = status === 'claimed';
  return {
    id: doc._id,
    object: 'review' as const,
    livemode: doc.livemode,
    run_id: doc.run_id,
    workflow_id: doc.workflow_id,
    batch_id: doc.batch_id,
    input_documents: doc.input_documents,
    status,
    reasons: doc.reasons,
    blind: doc.blind,
    criteria: doc.criteria.map((c) => ({
      key: c.key,
      kind: c.kind,
      min: c.min,
      max: c.max,
      labels: c.labels,
      ...(doc.blind ? {} : { model_value: c.model_value, confidence: c.confidence }),
    })),
    claimed_by: claimed ? doc.claimed_by : null,
    claim_expires_at: claimed ? (doc.claim_expires_at?.toISOString() ?? null) : null,
    reviewer: doc.reviewer,
    values: doc.values,
    note: doc.note,
    created_at: doc.created_at.toISOString(),
    completed_at: doc.completed_at?.toISOString() ?? null,
  };
}
export type ReviewView = ReturnType<typeof reviewView>;

export async function getReview(tenant: TenantDb, id: string): Promise<ReviewDoc> {
  const doc = await REVIEWS.in(tenant).findOne({ _id: id });
  if (!doc) throw errors.notFound('review');
  return doc;
}

/**
 * A page of reviews. `pending` and `claimed` read both stored states (an expired claim is pending) and keep those
 * whose effective status is the one asked for.
 */
export async function listReviews(tenant: TenantDb, query: ReviewListQuery, cursors: Cursors) {
  const filter: ListFilter = {};
  if (query.workflow_id) filter.workflow_id = query.workflow_id;
  if (query.batch_id) filter.batch_id = query.batch_id;
  const open = query.status === 'pending' || query.status === 'claimed';
  if (query.status) filter.status = { $in: open ? ['pending', 'claimed'] : [query.status] };
  const { items, next_cursor } = await REVIEWS.page(tenant, {
    page: { limit: query.limit, cursor: query.cursor },
    cursors,
    cursorScope: `reviews:${query.status ?? ''}:${query.workflow_id ?? ''}:${query.batch_id ?? ''}`,
    filter,
    ascending: query.status === 'pending',
  });
  const now = Date.now();
  const shown = query.status ? items.filter((d) => effectiveStatus(d, now) === query.status) : items;
  return { data: shown.map(reviewView), next_cursor };
}

/** The run's output with the reviewed values at the criteria's pointers. */
export function reviewedOutput(doc: ReviewDoc, outputJson: string): Record<string, unknown> {
  const output = JSON.parse(outputJson) as Record<string, unknown>;
  for (const c of doc.criteria)
    if (doc.values && c.key in doc.values) writePointer(output, c.pointer, doc.values[c.key]);
  return output;
}

/** A refunded run's open review is canceled; answers it when this call canceled it. */
export async function cancelRunReview(tenant: TenantDb, reviewId: string): Promise<ReviewDoc | null> {
  const doc = await REVIEWS.in(tenant).findOne({ _id: reviewId });
  if (!doc || doc.status === 'completed' || doc.status === 'canceled') return null;
  return REVIEWS.transition(
    tenant,
    { _id: reviewId, claim_seq: doc.claim_seq },
    {
      $set: { status: 'canceled', claimed_by: null, claimed_key: null, claim_expires_at: null },
      $inc: { claim_seq: 1 },
    },
    { current: doc },
  );
}

/** A batch's review counts. */
export async function batchReviewCounts(tenant: TenantDb, batchId: string) {
  const reviews = REVIEWS.in(tenant);
  const [open, completed] = await Promise.all([
    reviews.countDocuments({ batch_id: batchId, status: { $in: ['pending', 'claimed'] } }),
    reviews.countDocuments({ batch_id: batchId, status: 'completed' }),
  ]);
  return { pending: open, completed };
}

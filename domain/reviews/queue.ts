/**
 * The review queue: claims, releases and submits, each one guarded update on the
 * review's claim sequence, so of two racing writers — in one process or two, a submit and a claim of an expired
 * claim — exactly one wins, and the loser reads the review again and decides afresh.
 */
import { errors, type ErrorDetail } from '../http/errors';
import { labelProblem } from '../calibration-sets/calibration-sets';
import type { LabelValue } from '../calibration-sets/schemas';
import type { TenantDb } from '../store';
import { effectiveStatus, getReview, REVIEWS, type ReviewDoc } from './reviews';

type Value = number | string | boolean;

const liveClaim = (doc: ReviewDoc, now = Date.now()) => effectiveStatus(doc, now) === 'claimed';

export interface Reviewer {
  reviewer: string;
  keyId: string | null;
}

const claimSet = (who: Reviewer, until: Date) => ({
  status: 'claimed' as const,
  claimed_by: who.reviewer,
  claimed_key: who.keyId,
  claim_expires_at: until,
});

/**
 * The oldest pending review (of `workflowId`), claimed for `who` until `claimMs` from now; null when none. Each
 * candidate is taken by one guarded update on its claim sequence, so two callers — in one process or two — never
 * take the same review: the loser of a race moves on to the next candidate.
 */
export async function claimNextReview(
  tenant: TenantDb,
  who: Reviewer,
  workflowId: string | undefined,
  claimMs: number,
): Promise<ReviewDoc | null> {
  const reviews = REVIEWS.in(tenant);
  for (;;) {
    const now = Date.now();
    const candidates = (
      await reviews
        .find(
          { status: { $in: ['pending', 'claimed'] }, ...(workflowId ? { workflow_id: workflowId } : {}) },
          { sort: { created_at: 1, _id: 1 }, limit: 200 },
        )
        .toArray()
    ).filter((d) => effectiveStatus(d, now) === 'pending');
    if (!candidates.length) return null;
    for (const c of candidates) {
      const won = await reviews.findOneAndUpdate(
        { _id: c._id, claim_seq: c.claim_seq, status: c.status },
        { $set: claimSet(who, new Date(Date.now() + claimMs)), $inc: { claim_seq: 1 } },
        { returnDocument: 'after' },
      );
      if (won) return won;
    }
  }
}

const claimedByAnother = (doc: ReviewDoc) =>
  errors.conflict(
    'review_claimed',
    `This review is claimed by another reviewer until ${doc.claim_expires_at?.toISOString() ?? 'later'}.`,
  );
const completedAlready = () =>
  errors.conflict('review_completed', 'This review was completed with other values; it cannot change.');
const notOpen = (doc: ReviewDoc) =>
  doc.status === 'completed'
    ? errors.conflict('review_completed', 'This review is completed.')
    : errors.conflict('review_canceled', 'This review was canceled (its run was refunded).');

/** Claims (or renews, for the same reviewer) one review; 409 `review_claimed` while another's claim runs. */
export async function claimReview(tenant: TenantDb, id: string, who: Reviewer, claimMs: number): Promise<ReviewDoc> {
  for (;;) {
    const doc = await getReview(tenant, id);
    if (doc.status === 'completed' || doc.status === 'canceled') throw notOpen(doc);
    if (liveClaim(doc) && doc.claimed_by !== who.reviewer) throw claimedByAnother(doc);
    const won = await REVIEWS.in(tenant).findOneAndUpdate(
      { _id: id, claim_seq: doc.claim_seq },
      { $set: claimSet(who, new Date(Date.now() + claimMs)), $inc: { claim_seq: 1 } },
      { returnDocument: 'after' },
    );
    if (won) return won;
  }
}

/** Gives the review back to the queue; only its claimant may (409 `review_claimed` otherwise). */
export async function releaseReview(tenant: TenantDb, id: string, who: Reviewer): Promise<ReviewDoc> {
  for (;;) {
    const doc = await getReview(tenant, id);
    if (doc.status === 'completed' || doc.status === 'canceled') throw notOpen(doc);
    if (!liveClaim(doc)) return doc;
    if (doc.claimed_by !== who.reviewer) throw claimedByAnother(doc);
    const won = await REVIEWS.in(tenant).findOneAndUpdate(
      { _id: id, claim_seq: doc.claim_seq },
      {
        $set: { status: 'pending', claimed_by: null, claimed_key: null, claim_expires_at: null },
        $inc: { claim_seq: 1 },
      },
      { returnDocument: 'after' },
    );
    if (won) return won;
  }
}

/** Each value against its criterion, as a calibration label is checked; 400 naming `values.<key>`. */
export function checkedValues(doc: ReviewDoc, values: Record<string, LabelValue>): Record<string, Value> {
  const byKey = new Map(doc.criteria.map((c) => [c.key, c]));
  const details: ErrorDetail[] = [];
  for (const [key, value] of Object.entries(values)) {
    const path = `body.values.${key.slice(0, 64)}`;
    const criterion = byKey.get(key);
    if (!criterion)
      details.push({ path, message: `no criterion "${key}" (the review has ${[...byKey.keys()].join(', ')})` });
    else {
      const problem = labelProblem(criterion, value);
      if (problem) details.push({ path, message: problem });
    }
  }
  if (doc.blind) {
    for (const c of doc.criteria)
      if (!(c.key in values))
        details.push({ path: `body.values.${c.key}`, message: 'is required: a blind review needs every criterion' });
  }
  if (details.length) {
    const first = details[0]!;
    throw errors.invalidRequest(
      `${first.path.slice('body.'.length)} ${first.message}${details.length > 1 ? `; and ${details.length - 1} more` : ''}`,
      details.slice(0, 20),
    );
  }
  // Open: a key left out is the model's value standing.
  const full: Record<string, Value> = {};
  for (const c of doc.criteria) {
    const v = c.key in values ? values[c.key] : c.model_value;
    if (v !== null && v !== undefined) full[c.key] = v;
  }
  return full;
}

const sameValues = (a: Record<string, Value> | null, b: Record<string, Value>) =>
  a !== null && Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);

/**
 * Completes the review with `values`: one guarded update on the claim sequence, so a submit racing a claim (of an
 * expired claim, by another) has one winner. Answers the review and whether this call completed it.
 */
export async function submitReview(
  tenant: TenantDb,
  id: string,
  who: Reviewer,
  input: { values: Record<string, LabelValue>; note?: string },
): Promise<{ review: ReviewDoc; completedNow: boolean }> {
  for (;;) {
    const doc = await getReview(tenant, id);
    if (doc.status === 'canceled') throw notOpen(doc);
    const values = checkedValues(doc, input.values);
    if (doc.status === 'completed') {
      if (sameValues(doc.values, values)) return { review: doc, completedNow: false };
      throw completedAlready();
    }
    if (liveClaim(doc) && doc.claimed_by !== who.reviewer) throw claimedByAnother(doc);
    const won = await REVIEWS.transition(
      tenant,
      { _id: id, claim_seq: doc.claim_seq },
      {
        $set: {
          status: 'completed',
          reviewer: who.reviewer,
          reviewer_key: who.keyId,
          values,
          note: input.note ?? null,
          completed_at: new Date(),
          claimed_by: null,
          claimed_key: null,
          claim_expires_at: null,
        },
        $inc: { claim_seq: 1 },
      },
      { current: doc },
    );
    if (won) return { review: won, completedNow: true };
  }
}

/** Reviews: people's answers to a run's criteria. */
import { z } from 'zod';
import { PageQuery, pageSchema } from '../http/pagination';
import { CriterionKind, LabelValue } from '../calibration-sets/schemas';

export const REVIEW_MODES = ['off', 'low_confidence', 'all'] as const;
export const REVIEW_STATUSES = ['pending', 'claimed', 'completed', 'canceled'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A workflow's review policy, as sent. */
export const ReviewPolicyInput = z
  .object({
    mode: z.enum(REVIEW_MODES).meta({
      description:
        '`all`: every run that succeeds; `low_confidence`: runs with a criterion whose confidence is below ' +
        '`threshold` (needs `confidence.samples` ≥ 2); `off`: none but audits.',
    }),
    threshold: z.number().gt(0).max(1).optional().meta({ description: '(0, 1], default 0.8.' }),
    audit_rate: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: 'Share of runs drawn for a blind audit (seeded by the run id), default 0.' }),
    blind: z.boolean().optional().meta({ description: "Reviewers do not see the model's values. Default false." }),
    calibration_set_id: z.string().trim().min(1).max(64).nullable().optional().meta({
      description:
        "A calibration set with the workflow's criteria: each completed blind review is appended to it as an item.",
    }),
  })
  .strict()
  .meta({ id: 'WorkflowReviewPolicyInput' });
export type ReviewPolicyInput = z.infer<typeof ReviewPolicyInput>;

export const ReviewPolicy = z
  .object({
    mode: z.enum(REVIEW_MODES),
    threshold: z.number(),
    audit_rate: z.number(),
    blind: z.boolean(),
    calibration_set_id: z.string().nullable(),
  })
  .meta({ id: 'WorkflowReviewPolicy', description: '`mode` is `off` unless set.' });
export type ReviewPolicy = z.infer<typeof ReviewPolicy>;

export const ReviewReason = z
  .union([
    z.object({ kind: z.literal('low_confidence'), criterion: z.string() }),
    z.object({ kind: z.literal('audit') }),
    z.object({ kind: z.literal('all') }),
  ])
  .meta({ id: 'ReviewReason' });
export type ReviewReason = z.infer<typeof ReviewReason>;

const Value = z.union([z.number(), z.string(), z.boolean()]);

export const ReviewCriterion = z
  .object({
    key: z.string(),
    kind: CriterionKind,
    min: z.number().nullable(),
    max: z.number().nullable(),
    labels: z.array(z.string()).nullable(),
    model_value: Value.nullable()
      .optional()
      .meta({ description: "The model's value at the criterion's pointer; absent when the review is blind." }),
    confidence: z
      .number()
      .nullable()
      .optional()
      .meta({ description: "The criterion's confidence (null for one judgment); absent when blind." }),
  })
  .meta({ id: 'ReviewCriterion' });

export const Review = z
  .object({
    id: z.string().meta({ example: 'rev_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('review'),
    livemode: z.boolean(),
    run_id: z.string(),
    workflow_id: z.string(),
    batch_id: z.string().nullable(),
    input_documents: z.array(z.string()),
    status: z.enum(REVIEW_STATUSES).meta({ description: 'A claim that expired reads `pending`.' }),
    reasons: z.array(ReviewReason),
    blind: z.boolean(),
    criteria: z.array(ReviewCriterion),
    claimed_by: z.string().nullable(),
    claim_expires_at: z.string().nullable(),
    reviewer: z.string().nullable(),
    values: z.record(z.string(), Value).nullable(),
    note: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Review' });

export const ReviewPage = pageSchema(Review, 'ReviewList');
export const ReviewIdParams = z.object({ reviewId: z.string().max(64) });

export const ReviewListQuery = PageQuery.extend({
  status: z.enum(REVIEW_STATUSES).optional().meta({ description: '`pending` lists oldest first.' }),
  workflow_id: z.string().max(64).optional(),
  batch_id: z.string().max(64).optional(),
}).superRefine((q, ctx) => {
  if (q.workflow_id && q.batch_id)
    ctx.addIssue({ code: 'custom', path: ['batch_id'], message: 'send workflow_id or batch_id, not both' });
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

const reviewer = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .meta({ description: "The caller's name for the person (≤ 100 characters); the key is recorded beside it." });

export const ClaimNextRequest = z
  .object({ reviewer, workflow_id: z.string().max(64).optional() })
  .strict()
  .meta({ id: 'ClaimNextReviewRequest' });
export const ClaimReviewRequest = z.object({ reviewer }).strict().meta({ id: 'ClaimReviewRequest' });
export const ReleaseReviewRequest = z.object({ reviewer }).strict().meta({ id: 'ReleaseReviewRequest' });
export const SubmitReviewRequest = z
  .object({
    reviewer,
    values: z.record(z.string(), LabelValue).meta({
      description:
        "Per criterion key, the person's value. Blind: every criterion; open: a missing key leaves the model's value.",
    }),
    note: z.string().max(2000).optional(),
  })
  .strict()
  .meta({ id: 'SubmitReviewRequest' });
export type SubmitReviewRequest = z.infer<typeof SubmitReviewRequest>;

/** What a run carries of its review. */
export const RunReview = z
  .object({
    id: z.string(),
    status: z.enum(REVIEW_STATUSES),
    reviewer: z.string().nullable().optional(),
    values: z.record(z.string(), Value).nullable().optional(),
    completed_at: z.string().nullable().optional(),
  })
  .meta({
    id: 'RunReview',
    description:
      "Present when the run was sent to review (its workflow's `review` policy): `pending` already in `run.succeeded`; " +
      'completed, with the reviewer and values.',
  });

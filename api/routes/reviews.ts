/** `/reviews`: people's answers to uncertain or audited runs. */
import type { KeyPrincipal } from '../../domain/access/api-keys';
import { getReview, listReviews, reviewView } from '../../domain/reviews/reviews';
import { claimNextReview, claimReview, releaseReview, type Reviewer } from '../../domain/reviews/queue';
import {
  ClaimNextRequest,
  ClaimReviewRequest,
  ReleaseReviewRequest,
  Review,
  ReviewIdParams,
  ReviewListQuery,
  ReviewPage,
  SubmitReviewRequest,
} from '../../domain/reviews/schemas';
import { submitAndFinish } from '../../domain/runs/review-completion';
import { newId } from '../../domain/platform/ids';
import type { RouteDeps } from '../deps';
import { route, type Principal, type RouteSpec } from '../route';

const tag = 'Reviews';
const notFound = { 404: '`not_found`: no such review.' };
const who = (principal: Principal | undefined, reviewer: string): Reviewer => ({
  reviewer,
  keyId: (principal as KeyPrincipal | undefined)?.keyId ?? null,
});

export function reviewRoutes(deps: RouteDeps): RouteSpec[] {
  const read = { kind: 'api_key', scope: 'reviews:read' } as const;
  return [
    route({
      method: 'get',
      path: '/reviews',
      access: read,
      tag,
      summary: 'List reviews',
      description:
        'Newest first, except `status=pending`: oldest first, the order `claim-next` takes them. Filter by `status`, ' +
        'and `workflow_id` or `batch_id`. A claim that expired lists as `pending`.',
      query: ReviewListQuery,
      responses: { 200: { description: 'A page of reviews', schema: ReviewPage } },
      handler: async ({ tenant, query }) => ({ status: 200, body: await listReviews(tenant, query, deps.cursors) }),
    }),
    route({
      method: 'get',
      path: '/reviews/{reviewId}',
      access: read,
      tag,
      summary: 'Get a review',
      params: ReviewIdParams,
      responses: { 200: { description: 'The review', schema: Review } },
      errors: notFound,
      handler: async ({ tenant, params }) => ({
        status: 200,
        body: reviewView(await getReview(tenant, params.reviewId)),
      }),
    }),
    ...queueRoutes(deps),
  ];
}

/** Claiming, releasing and submitting: each a guarded update of the review's claim sequence, so one process wins. */
function queueRoutes(deps: RouteDeps): RouteSpec[] {
  const write = { kind: 'api_key', scope: 'reviews:write' } as const;
  const claimMs = deps.config.REVIEW_CLAIM_S * 1000;
  const minutes = Math.round(deps.config.REVIEW_CLAIM_S / 60);
  return [
    route({
      method: 'post',
      path: '/reviews/claim-next',
      access: write,
      tag,
      summary: 'Claim the next review',
      description:
        `The oldest pending review (of \`workflow_id\`), claimed by \`reviewer\` for ${minutes} minutes; 204 when ` +
        'none is pending. Two callers never get the same review.',
      body: ClaimNextRequest,
      responses: {
        200: { description: 'The review, claimed', schema: Review },
        204: { description: 'No review is pending' },
      },
      handler: async ({ tenant, body, principal }) => {
        const claimed = await claimNextReview(tenant, who(principal, body.reviewer), body.workflow_id, claimMs);
        return claimed ? { status: 200, body: reviewView(claimed) } : { status: 204 };
      },
    }),
    route({
      method: 'post',
      path: '/reviews/{reviewId}/claim',
      access: write,
      tag,
      summary: 'Claim a review',
      description: `Claimed by \`reviewer\` for ${minutes} minutes; the same reviewer renews the claim.`,
      params: ReviewIdParams,
      body: ClaimReviewRequest,
      responses: { 200: { description: 'The review, claimed', schema: Review } },
      errors: {
        ...notFound,
        409: "`review_claimed`: another reviewer's claim runs; `review_completed`; `review_canceled`.",
      },
      handler: async ({ tenant, params, body, principal }) => ({
        status: 200,
        body: reviewView(await claimReview(tenant, params.reviewId, who(principal, body.reviewer), claimMs)),
      }),
    }),
    route({
      method: 'post',
      path: '/reviews/{reviewId}/release',
      access: write,
      tag,
      summary: 'Release a review',
      description: 'Gives a claimed review back to the queue. Releasing a review nobody holds changes nothing.',
      params: ReviewIdParams,
      body: ReleaseReviewRequest,
      responses: { 200: { description: 'The review', schema: Review } },
      errors: {
        ...notFound,
        409: "`review_claimed`: another reviewer's claim runs; `review_completed`; `review_canceled`.",
      },
      handler: async ({ tenant, params, body, principal }) => ({
        status: 200,
        body: reviewView(await releaseReview(tenant, params.reviewId, who(principal, body.reviewer))),
      }),
    }),
    route({
      method: 'post',
      path: '/reviews/{reviewId}/submit',
      access: write,
      tag,
      summary: 'Submit a review',
      description:
        'Each value is checked like a calibration label (400 naming `values.<key>`). A blind review needs every ' +
        "criterion; an open one treats a missing key as the model's value standing. The run then carries `review` and " +
        '`reviewed_output`, and `review.completed` is published; a blind review with a calibration set adds an item ' +
        'to it. The same values again answer 200. Send `Idempotency-Key` to make retries safe.',
      params: ReviewIdParams,
      body: SubmitReviewRequest,
      idempotency: { reserve: () => newId('review') },
      responses: { 200: { description: 'The review, completed', schema: Review } },
      errors: {
        ...notFound,
        409:
          "`review_claimed`: another reviewer's claim runs; `review_completed`: completed with other values; " +
          '`review_canceled`: its run was refunded.',
      },
      handler: async ({ tenant, params, body, principal }) => ({
        status: 200,
        body: reviewView(
          await submitAndFinish(deps, tenant, params.reviewId, who(principal, body.reviewer), {
            values: body.values,
            ...(body.note !== undefined ? { note: body.note } : {}),
          }),
        ),
      }),
    }),
  ];
}

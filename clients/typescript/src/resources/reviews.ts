/** Reviews: a run's judgments put to a person, claimed from a queue and answered (decision 47). */
import { idempotencyHeader, paginate, unwrap, type PageParams, type Transport } from '../transport';
import type { Review, ReviewStatus, SubmitReviewRequest } from '../types';

export function reviewsResource(http: Transport) {
  const { api } = http;
  return {
    /** Pending reviews oldest first (the queue's order); filter by status, workflow or batch. */
    list: (
      params: PageParams & { status?: ReviewStatus; workflowId?: string; batchId?: string } = {},
    ): AsyncGenerator<Review> =>
      paginate(async (cursor) =>
        unwrap(
          await api.GET('/reviews', {
            params: {
              query: {
                limit: params.limit,
                cursor,
                status: params.status,
                workflow_id: params.workflowId,
                batch_id: params.batchId,
              },
            },
          }),
        ),
      ),
    retrieve: async (reviewId: string): Promise<Review> =>
      unwrap(await api.GET('/reviews/{reviewId}', { params: { path: { reviewId } } })),
    /**
     * Claims the oldest pending review for `reviewer` for 15 minutes; null when the queue is empty (204). Two callers
     * never get the same review.
     */
    claimNext: async (body: { reviewer: string; workflow_id?: string }): Promise<Review | null> => {
      const result = await api.POST('/reviews/claim-next', { body });
      if (result.response.status === 204) return null;
      return unwrap(result);
    },
    /** Claims this review (or renews `reviewer`'s own claim); ConflictError `review_claimed` while another holds it. */
    claim: async (reviewId: string, body: { reviewer: string }): Promise<Review> =>
      unwrap(await api.POST('/reviews/{reviewId}/claim', { params: { path: { reviewId } }, body })),
    /** Gives `reviewer`'s claim back to the queue. */
    release: async (reviewId: string, body: { reviewer: string }): Promise<Review> =>
      unwrap(await api.POST('/reviews/{reviewId}/release', { params: { path: { reviewId } }, body })),
    /**
     * Answers the review under an `Idempotency-Key` (generated when not given), so a retried call completes it once.
     * An open review takes a missing key as the model's value standing; a blind one needs every criterion.
     */
    submit: async (
      reviewId: string,
      body: SubmitReviewRequest,
      options: { idempotencyKey?: string } = {},
    ): Promise<Review> =>
      unwrap(
        await api.POST('/reviews/{reviewId}/submit', {
          params: { path: { reviewId } },
          body,
          headers: idempotencyHeader(options),
        }),
      ),
  };
}

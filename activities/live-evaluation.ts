/**
 * Live evaluation: until a provider is configured for the policy's slot, a live run cannot be evaluated and fails
 * with `model_unavailable` (refunded by the workflow).
 */
import { ApplicationFailure } from '@temporalio/activity';
import type { Evaluation, RunContext } from './evaluation';
import type { ModelGateway } from './models/gateway';

export function createLiveEvaluator(gateway: ModelGateway) {
  return async (ctx: RunContext): Promise<Evaluation> => {
    const slot = ctx.run.model_policy === 'provider-b-1m-fulltext' ? 'B' : 'A';
    const provider = gateway.provider(slot);
    if (!provider) {
      throw ApplicationFailure.nonRetryable(
        'No language model is configured for live runs on this deployment; the run was refunded.',
        'model_unavailable',
      );
    }
    throw ApplicationFailure.nonRetryable('Live evaluation is not available yet.', 'model_unavailable');
  };
}

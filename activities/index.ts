/**
 * Every activity, built over injected dependencies (samples-typescript `activities-dependency-injection`): the
 * worker passes real clients, unit tests pass fakes. Workflows type their proxies with `Activities`.
 */
import { documentActivities } from './documents';
import { evaluationActivities } from './evaluation';
import { createLiveEvaluator } from './live-evaluation';
import { generatePromptText } from './prompt-generation';
import type { GeneratePromptInput } from '../domain/jobs/contract';
import { reconcileActivities } from './reconcile';
import { referenceIndexingActivities } from './reference-indexing';
import { runActivities } from './runs';
import { webhookActivities } from './webhooks';
import type { ActivityDeps } from './deps';


export type { ActivityDeps } from './deps';

export function createActivities(deps: ActivityDeps) {
  return {
    ...documentActivities(deps),
    ...referenceIndexingActivities(deps),
    ...runActivities(deps),
    ...reconcileActivities(deps),
    ...webhookActivities(deps),
    ...evaluationActivities(deps, createLiveEvaluator(deps)),
    generatePrompt: (input: GeneratePromptInput) => generatePromptText(deps.models, input),
  };
}

export type Activities = ReturnType<typeof createActivities>;

/**
 * The activities, per task queue, built over injected dependencies (samples-typescript
 * `activities-dependency-injection`): the worker passes real clients, tests pass their own. Each queue's Worker
 * registers only its own factory's activities, and each workflow types its proxies with `ActivitiesOf<'itsName'>`,
 * the activities of the queue the jobs gateway starts it on (JOB_QUEUES): calling an activity its queue's worker does
 * not register is a type error, and test/unit/activity-queues.test.ts checks that every registered activity is one a
 * workflow on that queue calls.
 */
import type { GeneratePromptInput, JOB_QUEUES, TASK_QUEUES } from '../domain/jobs/contract';
import type { ActivityDeps } from './deps';
import { documentActivities } from './documents';
import { evaluationActivities } from './evaluation';
import { createLiveEvaluator } from './live-evaluation';
import { generatePromptText } from './prompt-generation';
import { withHeartbeat } from './heartbeat';
import { reconcileActivities } from './reconcile';
import { referenceIndexingActivities } from './reference-indexing';
import { runActivities } from './runs';
import { runInputActivities } from './run-inputs';
import { webhookActivities } from './webhooks';
import { batchActivities } from './batches';
import { createEconomyEvaluator, economyActivities } from './economy';
import { calibrationActivities } from './calibrations';
import { pageImageActivities } from './page-images';

export type { ActivityDeps } from './deps';

type QueueKey = keyof typeof TASK_QUEUES;

export const queueActivities = {
  /** evaluateRun, generatePrompt, reconcile */
  runs: (deps: ActivityDeps) => ({
    ...runActivities(deps),
    ...runInputActivities(deps),
    ...evaluationActivities(deps, createLiveEvaluator(deps)),
    generatePrompt: (input: GeneratePromptInput) => withHeartbeat(() => generatePromptText(deps.models, input)),
    ...reconcileActivities(deps),
  }),
  /** extractDocument, indexReferenceDocument, renderPageImage */
  indexing: (deps: ActivityDeps) => ({
    ...documentActivities(deps),
    ...referenceIndexingActivities(deps),
    ...pageImageActivities(deps),
  }),
  /** deliverWebhook */
  webhooks: (deps: ActivityDeps) => webhookActivities(deps),
  /** runBatch, evaluateBatchItem (a batch item's run: evaluateRun's steps), batchResults, runCalibration, compareCalibrations */
  batches: (deps: ActivityDeps) => ({
    ...runActivities(deps),
    // An economy item is answered from its provider batch first.
    ...evaluationActivities(deps, createEconomyEvaluator(deps)),
    ...batchActivities(deps),
    ...economyActivities(deps),
    ...calibrationActivities(deps),
  }),
} satisfies { [Q in QueueKey]: (deps: ActivityDeps) => object };

/** What a queue's worker registers. */
export type QueueActivities<Q extends QueueKey> = ReturnType<(typeof queueActivities)[Q]>;

/** What a workflow may proxy: the activities of the queue its job runs on. */
export type ActivitiesOf<J extends keyof typeof JOB_QUEUES> = QueueActivities<(typeof JOB_QUEUES)[J]>;

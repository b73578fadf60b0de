/**
 * Every activity, built over injected dependencies (samples-typescript `activities-dependency-injection`): the
 * worker passes real clients, unit tests pass fakes. Workflows type their proxies with `Activities`.
 */
import type { Db } from 'mongodb';
import type { Config } from '../domain/config';
import type { Logger } from '../domain/logger';
import type { Storage } from '../domain/storage';
import type { TemporalHandle } from '../domain/jobs';
import { documentActivities } from './documents';
import { evaluationActivities } from './evaluation';
import { createLiveEvaluator } from './live-evaluation';
import { generatePromptText } from './prompt-generation';
import type { GeneratePromptInput } from '../domain/workflow-contract';
import type { ModelGateway } from './models/gateway';
import { reconcileActivities } from './reconcile';
import { referenceIndexingActivities } from './reference-indexing';
import { runActivities } from './runs';
import { webhookActivities } from './webhooks';

export interface ActivityDeps {
  config: Config;
  logger: Logger;
  db: Db;
  storage: Storage;
  models: ModelGateway;
  /** A Temporal client: publishing an event starts its webhook deliveries. */
  temporal: TemporalHandle;
}

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

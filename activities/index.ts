/**
 * Every activity, built over injected dependencies (samples-typescript `activities-dependency-injection`): the
 * worker passes real clients, unit tests pass fakes. Workflows type their proxies with `Activities`.
 */
import type { Db } from 'mongodb';
import type { Config } from '../domain/config';
import type { Logger } from '../domain/logger';
import type { Storage } from '../domain/storage';
import { documentActivities } from './documents';
import { evaluationActivities } from './evaluation';
import { createLiveEvaluator } from './live-evaluation';
import type { ModelGateway } from './models/gateway';
import { referenceIndexingActivities } from './reference-indexing';
import { runActivities } from './runs';

export interface ActivityDeps {
  config: Config;
  logger: Logger;
  db: Db;
  storage: Storage;
  models: ModelGateway;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...documentActivities(deps),
    ...referenceIndexingActivities(deps),
    ...runActivities(deps),
    ...evaluationActivities(deps, createLiveEvaluator(deps.models)),
  };
}

export type Activities = ReturnType<typeof createActivities>;

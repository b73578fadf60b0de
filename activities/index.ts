/**
 * Every activity, built over injected dependencies (samples-typescript `activities-dependency-injection`): the
 * worker passes real clients, unit tests pass fakes. Workflows type their proxies with `Activities`.
 */
import type { Db } from 'mongodb';
import type { Config } from '../domain/config';
import type { Logger } from '../domain/logger';
import type { Storage } from '../domain/storage';

export interface ActivityDeps {
  config: Config;
  logger: Logger;
  db: Db;
  storage: Storage;
}

export function createActivities(_deps: ActivityDeps) {
  return {};
}

export type Activities = ReturnType<typeof createActivities>;

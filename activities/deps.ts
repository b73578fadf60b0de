/**
 * What every activity factory is built over (samples-typescript `activities-dependency-injection`): the worker
 * passes real connections, unit tests pass their own. Its own module so the factories need not import the index
 * that imports them.
 */
import type { Db } from 'mongodb';
import type { Config } from '../domain/platform/config';
import type { TemporalHandle } from '../domain/jobs';
import type { Logger } from '../domain/platform/logger';
import type { Storage } from '../domain/platform/storage';
import type { Lookup } from '../domain/webhooks/url';
import type { ModelGateway } from './models/gateway';

export interface ActivityDeps {
  config: Config;
  logger: Logger;
  db: Db;
  storage: Storage;
  models: ModelGateway;
  /** A Temporal client: publishing an event starts its webhook deliveries. */
  temporal: TemporalHandle;
  /** Resolves webhook host names; the system resolver unless a test gives its own (domain/webhooks/url.ts). */
  lookup?: Lookup;
  /**
   * The worker's extraction slots and how many are taken: an extraction reading pages by OCR leaves its slot after
   * a page while every slot is taken, so one account's long scan holds others back by a page at most. Absent (tests):
   * never left.
   */
  extractionSlots?: ExtractionSlots;
}

export interface ExtractionSlots {
  readonly total: number;
  running: number;
}

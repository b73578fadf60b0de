/**
 * The hand-written layer over the generated types: `new Assay({ apiKey, baseUrl })` with one object per resource,
 * each in src/resources/. Requests go through openapi-fetch (typed by src/generated/schema.ts) and a retrying fetch
 * (src/transport.ts); every refusal becomes an AssayError. Kept to what the contract promises so fields the API adds
 * later pass through.
 */
import type { RetryOptions } from './retry';
import { batchesResource } from './resources/batches';
import { calibrationSetsResource, calibrationsResource } from './resources/calibrations';
import { documentsResource, referenceDocumentsResource } from './resources/documents';
import { eventsResource } from './resources/events';
import { reviewsResource } from './resources/reviews';
import { runsResource } from './resources/runs';
import { usageResource } from './resources/usage';
import { webhookDeliveriesResource, webhookEndpointsResource } from './resources/webhook-endpoints';
import { workflowsResource } from './resources/workflows';
import { Transport } from './transport';
import { verify } from './webhooks';

export * from './types';
export type { RunOutput } from './resources/runs';
export type { PageParams } from './transport';
export { guessMimeType, type UploadOptions, type UploadSource } from './uploads';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/v1';

export interface AssayOptions extends RetryOptions {
  /** An API key (`ak_live_…` / `ak_test_…`); defaults to the ASSAY_API_KEY environment variable. */
  apiKey?: string;
  /** The API's address including `/v1`; defaults to ASSAY_BASE_URL, then the local `npm start` address. */
  baseUrl?: string;
  /** The fetch to send with (tests, proxies); defaults to the global one. */
  fetch?: typeof fetch;
}

/** An environment variable on Node; nothing in a browser. */
const envVar = (name: string): string | undefined =>
  typeof process === 'undefined' ? undefined : (process.env[name] ?? undefined);

export class Assay {
  readonly baseUrl: string;

  /** Verifies a webhook delivery (also exported as `webhooks.verify`). */
  static readonly webhooks = { verify };
  readonly webhooks = { verify };

  readonly documents: ReturnType<typeof documentsResource>;
  readonly referenceDocuments: ReturnType<typeof referenceDocumentsResource>;
  readonly workflows: ReturnType<typeof workflowsResource>;
  readonly runs: ReturnType<typeof runsResource>;
  readonly batches: ReturnType<typeof batchesResource>;
  readonly webhookEndpoints: ReturnType<typeof webhookEndpointsResource>;
  /** An endpoint's deliveries, newest first, each with every attempt; `retry` sends one again now. */
  readonly webhookDeliveries: ReturnType<typeof webhookDeliveriesResource>;
  readonly usage: ReturnType<typeof usageResource>;
  readonly calibrationSets: ReturnType<typeof calibrationSetsResource>;
  readonly calibrations: ReturnType<typeof calibrationsResource>;
  readonly reviews: ReturnType<typeof reviewsResource>;
  readonly events: ReturnType<typeof eventsResource>;

  constructor(options: AssayOptions = {}) {
    const apiKey = options.apiKey ?? envVar('ASSAY_API_KEY');
    if (!apiKey) throw new TypeError('an API key is required: pass { apiKey } or set ASSAY_API_KEY');
    this.baseUrl = (options.baseUrl ?? envVar('ASSAY_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    // Bound: a browser's fetch refuses to be called as a method of another object ("Illegal invocation").
    const http = new Transport(apiKey, this.baseUrl, options, options.fetch ?? globalThis.fetch.bind(globalThis));
    this.documents = documentsResource(http);
    this.referenceDocuments = referenceDocumentsResource(http);
    this.workflows = workflowsResource(http);
    this.runs = runsResource(http);
    this.batches = batchesResource(http);
    this.webhookEndpoints = webhookEndpointsResource(http);
    this.webhookDeliveries = webhookDeliveriesResource(http);
    this.usage = usageResource(http);
    this.calibrationSets = calibrationSetsResource(http);
    this.calibrations = calibrationsResource(http);
    this.reviews = reviewsResource(http);
    this.events = eventsResource(http);
  }
}

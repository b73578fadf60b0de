/**
 * MongoDB: the connection, the collection names and every index. `ensureIndexes` runs at start-up of the API and
 * the worker and is idempotent. The local database is FerretDB, so nothing here may rely on transactions, TTL or
 * partial indexes (docs/decisions.md 444): expiry is always checked in code as well.
 */
import {
  MongoClient,
  type AnyBulkWriteOperation,
  type Collection,
  type Db,
  type Document,
  type IndexDescription,
} from 'mongodb';
import type { Config } from './config';

export const COLLECTIONS = {
  accounts: 'accounts',
  apiKeys: 'api_keys',
  apiKeyCredentials: 'api_key_credentials',
  rateLimits: 'rate_limits',
  documents: 'documents',
  referenceDocuments: 'reference_documents',
  referenceChunks: 'reference_chunks',
  referenceIndexes: 'reference_indexes',
  events: 'events',
  products: 'products',
  promptTemplates: 'prompt_templates',
  workflows: 'workflows',
  webhookEndpoints: 'webhook_endpoints',
  webhookDeliveries: 'webhook_deliveries',
  ledger: 'ledger',
  runs: 'runs',
  idempotencyKeys: 'idempotency_keys',
  usageMonths: 'usage_months',
  reconcilerCursors: 'reconciler_cursors',
  listPages: 'list_pages',
  watchedJobs: 'watched_jobs',
  naturalKeys: 'natural_keys',
  endpointRosters: 'endpoint_rosters',
  keyRosters: 'key_rosters',
  activeKeyRosters: 'active_key_rosters',
  documentUploadRosters: 'document_upload_rosters',
  referenceUploadRosters: 'reference_upload_rosters',
  batches: 'batches',
  batchItems: 'batch_items',
  batchRosters: 'batch_rosters',
  calibrationSets: 'calibration_sets',
  calibrationItems: 'calibration_items',
  calibrations: 'calibrations',
  reviews: 'reviews',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** Indexes per collection. Names are explicit so a changed definition is a new index, not a silent clash. */
export const INDEXES: Record<CollectionName, IndexDescription[]> = {
  accounts: [],
  api_keys: [
    { key: { token_hash: 1 }, name: 'token_hash_unique', unique: true },
    { key: { account_id: 1, created_at: -1 }, name: 'account_created' },
  ],
  api_key_credentials: [],
  rate_limits: [],
  documents: [
    { key: { account_id: 1, _id: -1 }, name: 'account_newest' },
    // The reconciler's scan of unsettled documents, across accounts (domain/operations/reconciler.ts).
    { key: { status: 1, created_at: 1 }, name: 'status_created' },
  ],
  reference_documents: [
    { key: { account_id: 1, _id: -1 }, name: 'account_newest' },
    { key: { status: 1, created_at: 1 }, name: 'status_created' },
  ],
  reference_chunks: [{ key: { ref_id: 1, ordinal: 1 }, name: 'ref_ordinal' }],
  reference_indexes: [],
  events: [
    { key: { dedupe_key: 1 }, name: 'dedupe_key_unique', unique: true },
    // GET /events (domain/webhooks/events.ts): equality, then the sort (`_id`, newest first), then the retention range, so
    // pages walk the index in order and the 30-day filter is decided from its keys.
    { key: { account_id: 1, _id: -1, created_at: 1 }, name: 'account_newest_created' },
    { key: { account_id: 1, type: 1, _id: -1, created_at: 1 }, name: 'account_type_newest_created' },
    // The retention purge, across accounts.
    { key: { created_at: 1 }, name: 'created' },
  ],
  products: [],
  prompt_templates: [],
  workflows: [{ key: { account_id: 1, _id: -1 }, name: 'account_newest' }],
  webhook_endpoints: [{ key: { account_id: 1, _id: -1 }, name: 'account_newest' }],
  webhook_deliveries: [
    // One delivery per (event, endpoint): a retried fan-out finds it instead of sending twice.
    { key: { event_id: 1, endpoint_id: 1 }, name: 'event_endpoint_unique', unique: true },
    { key: { account_id: 1, endpoint_id: 1, _id: -1 }, name: 'account_endpoint_newest' },
    { key: { endpoint_id: 1, finished_at: -1 }, name: 'endpoint_finished' },
    // The reconciler: pending deliveries by age, and the retention purge.
    { key: { status: 1, created_at: 1 }, name: 'status_created' },
  ],
  ledger: [{ key: { account_id: 1, state: 1 }, name: 'account_state' }],
  runs: [
    { key: { account_id: 1, _id: -1 }, name: 'account_newest' },
    { key: { account_id: 1, workflow_id: 1, _id: -1 }, name: 'account_workflow_newest' },
    { key: { account_id: 1, status: 1, _id: -1 }, name: 'account_status_newest' },
    // The usage rebuild's range (domain/runs/usage-count.ts) and the metrics' recent-runs gauge (domain/operations/metrics-gauges.ts).
    { key: { account_id: 1, created_at: 1 }, name: 'account_created' },
    { key: { created_at: -1 }, name: 'created' },
    // The reconciler's scan of unsettled runs, across accounts (domain/operations/reconciler.ts).
    { key: { status: 1, created_at: 1 }, name: 'status_created' },
  ],
  // The reconciler's purge (domain/operations/reconciler.ts) walks `created_at`.
  idempotency_keys: [{ key: { created_at: 1 }, name: 'created' }],
  // Read by `_id` (`<account>:<YYYY-MM>`) only.
  usage_months: [],
  // One cursor per namespace and kind, by `_id`.
  reconciler_cursors: [],
  // The list indexes' heads and pages (domain/store/pages/list-index.ts): read and written by `_id` only.
  list_pages: [],
  // The reconciler's watch list (domain/store/watch.ts): read per kind and namespace in `created_at` order.
  watched_jobs: [{ key: { kind: 1, job_namespace: 1, created_at: 1 }, name: 'kind_namespace_created' }],
  // Natural keys (domain/store/pages/natural-keys.ts): read by `_id`; the retention purge walks `created_at`.
  natural_keys: [{ key: { created_at: 1 }, name: 'created' }],
  // An account's webhook endpoints (`ENDPOINTS`, domain/webhooks/endpoints.ts): read and written by `_id` only.
  endpoint_rosters: [],
  // An account's API keys, all and active (domain/access/api-keys.ts, through domain/store/memberships.ts): by `_id` only.
  key_rosters: [],
  active_key_rosters: [],
  // An account's uploads awaiting their bytes (domain/documents/open-uploads.ts): by `_id` only.
  document_upload_rosters: [],
  reference_upload_rosters: [],
  // Batches (domain/batches/): read by `_id`, listed through the store's lists; an account's unfinished ones through
  // their membership (domain/batches/batches.ts `BATCHES`), which reads this index where rosters are not kept.
  batches: [{ key: { account_id: 1, status: 1 }, name: 'account_status' }],
  // A batch's items, in chunks read by `_id` (`<batch id>:<chunk>`) only.
  batch_items: [],
  // An account's unfinished batches (domain/batches/batches.ts, through domain/store/memberships.ts): by `_id` only.
  batch_rosters: [],
  // Calibration sets and their items (domain/calibration-sets/): read by `_id` and through their lists.
  calibration_sets: [],
  calibration_items: [],
  // Calibrations (domain/calibrations/): read by `_id` and through the account's list.
  calibrations: [],
  // Reviews (domain/reviews/): read by `_id`, through the account's list, and a run's by its derived id.
  reviews: [],
};

/** Indexes by collection: the store's `query` strategy adds its lists' (domain/store/query/indexes.ts). */
export type IndexesByCollection = Partial<Record<CollectionName, IndexDescription[]>>;

export interface Database {
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

export async function connectDatabase(config: Config): Promise<Database> {
  const client = new MongoClient(config.mongodbUri, {
    // Fail requests fast while the database is away (the API answers 503); the driver reconnects by itself.
    serverSelectionTimeoutMS: 3000,
    connectTimeoutMS: 3000,
    appName: 'assay',
  });
  await client.connect();
  const db = client.db(config.MONGODB_DB);
  return { client, db, close: () => client.close() };
}

/** Every index, and `lists` too (the store's, when its `query` strategy runs). */
export async function ensureIndexes(db: Db, options: { lists?: IndexesByCollection } = {}): Promise<void> {
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  for (const [name, base] of Object.entries(INDEXES)) {
    const indexes = [...base, ...(options.lists?.[name as CollectionName] ?? [])];
    if (!existing.has(name)) await db.createCollection(name).catch(ignoreAlreadyExists);
    // Only the indexes missing by name are created (every process start runs this; on a busy database the
    // creations of indexes that exist took seconds). One index per call: FerretDB 1.24 drops the connection when a
    // multi-index createIndexes names an index that already exists (two processes starting at once).
    const present = indexes.length
      ? new Set((await db.collection(name).listIndexes().toArray()).map((i) => String(i.name)))
      : new Set();
    for (const index of indexes) if (!present.has(index.name)) await db.collection(name).createIndexes([index]);
  }
}

function ignoreAlreadyExists(err: unknown): void {
  // Two processes starting at once may both try to create the collection; the loser's error is harmless.
  if ((err as { codeName?: string }).codeName !== 'NamespaceExists') throw err;
}

/**
 * Statements per bulk write command. FerretDB 1.24 on SQLite stops answering every connection, until it is
 * restarted, when one command carries about 100 statements that each change an existing document: 90 pass, 100 hang
 * it, whatever the documents' size (measured, docs/decisions.md 285). Inserts of new documents are not affected.
 */
export const BULK_STATEMENTS = 32;

/** A bulk write sent as commands of at most BULK_STATEMENTS statements, unordered within each. */
export async function bulkWriteInBatches<T extends Document>(
  collection: Collection<T>,
  ops: AnyBulkWriteOperation<T>[],
): Promise<void> {
  for (let i = 0; i < ops.length; i += BULK_STATEMENTS)
    await collection.bulkWrite(ops.slice(i, i + BULK_STATEMENTS), { ordered: false });
}

/** Two upserts of the same new document race: the loser's duplicate-key error means "it exists now", so go again. */
export async function upserting<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    return write();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.command({ ping: 1 });
}

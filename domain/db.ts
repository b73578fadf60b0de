/**
 * MongoDB: the connection, the collection names and every index. `ensureIndexes` runs at start-up of the API and
 * the worker and is idempotent. The local database is FerretDB, so nothing here may rely on transactions, TTL or
 * partial indexes (DESIGN.md §2): expiry is always checked in code as well.
 */
import { MongoClient, type Db, type IndexDescription } from 'mongodb';
import type { Config } from './config';

export const COLLECTIONS = {
  accounts: 'accounts',
  apiKeys: 'api_keys',
  rateLimits: 'rate_limits',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** Indexes per collection. Names are explicit so a changed definition is a new index, not a silent clash. */
export const INDEXES: Record<CollectionName, IndexDescription[]> = {
  accounts: [],
  api_keys: [
    { key: { token_hash: 1 }, name: 'token_hash_unique', unique: true },
    { key: { account_id: 1, created_at: -1 }, name: 'account_created' },
  ],
  rate_limits: [],
};

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

export async function ensureIndexes(db: Db): Promise<void> {
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  for (const [name, indexes] of Object.entries(INDEXES)) {
    if (!existing.has(name)) await db.createCollection(name).catch(ignoreAlreadyExists);
    // One index per call: FerretDB 1.24 drops the connection when a multi-index createIndexes names an index
    // that already exists (a restart re-runs this).
    for (const index of indexes) await db.collection(name).createIndexes([index]);
  }
}

function ignoreAlreadyExists(err: unknown): void {
  // Two processes starting at once may both try to create the collection; the loser's error is harmless.
  if ((err as { codeName?: string }).codeName !== 'NamespaceExists') throw err;
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.command({ ping: 1 });
}

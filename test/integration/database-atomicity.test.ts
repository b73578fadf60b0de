/**
 * The property every state change in Assay relies on ("each state change is one atomic single-document update with
 * a guard in its filter"), checked against the running database server. Unpatched
 * FerretDB 1.24 fails both tests (see scripts/stack/tools.ts).
 */
import { MongoClient, type Collection } from 'mongodb';
import { parseConfig } from '../../domain/platform/config';

let client: MongoClient;
let counters: Collection<{ _id: string; n: number }>;

beforeAll(async () => {
  const config = parseConfig(process.env);
  client = new MongoClient(config.mongodbUri, { maxPoolSize: 25 });
  await client.connect();
  counters = client.db(config.MONGODB_DB).collection('atomicity_probe');
  await counters.deleteMany({});
});
afterAll(async () => {
  await counters.drop().catch(() => undefined);
  await client.close();
});

it('applies 200 concurrent increments to one document exactly', async () => {
  await counters.insertOne({ _id: 'inc', n: 0 });
  await Promise.all([
    ...Array.from({ length: 100 }, () => counters.updateOne({ _id: 'inc' }, { $inc: { n: 1 } })),
    ...Array.from({ length: 100 }, () => counters.findOneAndUpdate({ _id: 'inc' }, { $inc: { n: 1 } })),
  ]);
  expect((await counters.findOne({ _id: 'inc' }))?.n).toBe(200);
});

it('never lets a guarded debit overdraw, however many race', async () => {
  await counters.insertOne({ _id: 'balance', n: 50 });
  const results = await Promise.all(
    Array.from({ length: 120 }, () => counters.updateOne({ _id: 'balance', n: { $gte: 1 } }, { $inc: { n: -1 } })),
  );
  expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(50);
  expect((await counters.findOne({ _id: 'balance' }))?.n).toBe(0);
});

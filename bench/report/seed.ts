/** Seeding thousands of documents by cloning real ones, and a bounded pool of concurrent work. */
import type { Db, Document } from 'mongodb';
import { listBeforeInsert } from '../../domain/collections';
import { newId, type IdKind } from '../../domain/platform/ids';

/**
 * `count` copies of a real document of `collection`, spread over `accounts` (the first gets its share like the
 * others), inserted in bulk straight into the database: the API's own write path would take hours for 100,000.
 */
export async function seed(
  db: Db,
  collection: string,
  kind: IdKind,
  sample: Document,
  accounts: string[],
  count: number,
  vary: (doc: Document, i: number) => void = () => undefined,
): Promise<void> {
  const coll = db.collection<Document>(collection);
  const batch = 1000;
  for (let from = 0; from < count; from += batch) {
    const docs: Document[] = [];
    for (let i = from; i < Math.min(count, from + batch); i++) {
      const doc: Document = { ...sample, _id: newId(kind), account_id: accounts[i % accounts.length] };
      vary(doc, i);
      docs.push(doc);
    }
    await listBeforeInsert(db, collection, docs); // their list entries, as the API's own writes make them
    await coll.insertMany(docs, { ordered: false });
  }
}

export async function pool<T>(n: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

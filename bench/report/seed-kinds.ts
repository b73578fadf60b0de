/** Seeding: BENCH_SEED documents of every listed kind in BENCH_ACCOUNTS accounts, cloned from the bench's own. */
import type { Db, Document } from 'mongodb';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId, randomBase62, type IdKind } from '../../domain/platform/ids';
import { say } from './phases';
import { pool, seed } from './seed';
import { ACCOUNTS, SEED } from './settings';

export async function seedEveryKind(db: Db, accountId: string): Promise<{ kinds: string[]; seconds: number }> {
  const accounts = [accountId, ...Array.from({ length: ACCOUNTS - 1 }, () => `acct_${randomBase62(10)}`)];
  // `like`: the sample to clone is a settled item where the kind has unsettled states, as nearly all of a large
  // account's items are (a sync run answered before it finished would otherwise make every clone unsettled).
  const kinds: Array<{
    collection: string;
    kind: IdKind;
    like?: Document;
    vary?: (doc: Document, i: number) => void;
  }> = [
    { collection: COLLECTIONS.runs, kind: 'run', like: { status: 'succeeded' } },
    { collection: COLLECTIONS.workflows, kind: 'workflow' },
    { collection: COLLECTIONS.documents, kind: 'document' },
    { collection: COLLECTIONS.referenceDocuments, kind: 'referenceDocument' },
    {
      collection: COLLECTIONS.events,
      kind: 'event',
      vary: (doc, i) => (doc.dedupe_key = `${String(doc.dedupe_key)}:bench:${i}`),
    },
    {
      collection: COLLECTIONS.webhookDeliveries,
      kind: 'webhookDelivery',
      like: { status: 'succeeded' },
      vary: (doc) => (doc.event_id = newId('event')),
    },
  ];
  const started = performance.now();
  const kindsSeeded: string[] = [];
  for (const k of kinds) {
    const coll = db.collection<Document>(k.collection);
    const settled = k.like ? await coll.findOne({ account_id: accountId, ...k.like }) : null;
    if (k.like && !settled) say(`no ${k.collection} document like ${JSON.stringify(k.like)} to clone; cloning another`);
    const sample = settled ?? (await coll.findOne({ account_id: accountId }));
    if (!sample) {
      say(`no ${k.collection} document to clone`);
      continue;
    }
    await seed(db, k.collection, k.kind, sample, accounts, SEED, k.vary);
    kindsSeeded.push(k.collection);
  }
  const seconds = (performance.now() - started) / 1000;
  say(`seeded ${kindsSeeded.join(', ')} in ${seconds.toFixed(0)} s`);
  return { kinds: kindsSeeded, seconds };
}

/** Real documents of every kind, to clone: 40 finished runs (with their events and deliveries); the first's id. */
export async function runsToClone(
  create: (path: string, token: string, body: unknown) => Promise<string>,
  workflowId: string,
  key: string,
): Promise<string> {
  const seeded = await pool(40, 10, () => create(`/workflows/${workflowId}/runs`, key, { mode: 'sync' }));
  await new Promise((r) => setTimeout(r, 2000)); // let the last deliveries be written
  return seeded[0]!;
}

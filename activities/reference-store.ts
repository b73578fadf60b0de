/**
 * Reads what indexing stored for a set of reference documents — chunks, BM25 indexes, full texts — for the run
 * engine's retrieval and full-text policies. Always scoped by account: a run can only read its own account's
 * references.
 */
import { gunzipSync } from 'node:zlib';
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../domain/db';
import type { Chunk } from './indexing/chunking';
import type { ChunkDoc, IndexDoc } from './reference-indexing';
import { retrieve, type RetrievedChunk } from './retrieval';

export interface ReferenceSource {
  refId: string;
  version: number;
  index: string;
  chunks: Chunk[];
}

export async function loadReferenceSources(db: Db, accountId: string, refIds: string[]): Promise<ReferenceSource[]> {
  if (refIds.length === 0) return [];
  const [indexes, chunkDocs] = await Promise.all([
    db.collection<IndexDoc>(COLLECTIONS.referenceIndexes).find({ _id: { $in: refIds }, account_id: accountId }).toArray(),
    db
      .collection<ChunkDoc>(COLLECTIONS.referenceChunks)
      .find({ ref_id: { $in: refIds }, account_id: accountId }, { sort: { ref_id: 1, ordinal: 1 } })
      .toArray(),
  ]);
  const byRef = new Map<string, Chunk[]>();
  for (const { _id: _ignored, account_id: _account, ...chunk } of chunkDocs) {
    const list = byRef.get(chunk.ref_id) ?? [];
    list.push(chunk);
    byRef.set(chunk.ref_id, list);
  }
  return refIds.flatMap((refId) => {
    const index = indexes.find((i) => i._id === refId);
    if (!index) return [];
    return [
      {
        refId,
        version: index.version,
        index: gunzipSync(Buffer.from(index.index_gz.buffer)).toString('utf8'),
        chunks: byRef.get(refId) ?? [],
      },
    ];
  });
}

/** Top-k chunks for `query` across the account's reference documents `refIds`. */
export async function retrieveFromReferences(
  db: Db,
  accountId: string,
  refIds: string[],
  query: string,
  k = 8,
): Promise<RetrievedChunk[]> {
  const sources = await loadReferenceSources(db, accountId, refIds);
  return retrieve(query, sources, k);
}

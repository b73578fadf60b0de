/**
 * Reads what indexing stored for a set of reference documents — chunks, BM25 indexes, full texts — for the run
 * engine's retrieval and full-text policies. Always scoped by account: a run can only read its own account's
 * references.
 */
import { gunzipSync } from 'node:zlib';
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../domain/platform/db';
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
  const [indexes, chunked] = await Promise.all([
    db.collection<IndexDoc>(COLLECTIONS.referenceIndexes).find({ _id: { $in: refIds }, account_id: accountId }).toArray(),
    loadReferenceChunks(db, accountId, refIds, { withVersions: false }),
  ]);
  return refIds.flatMap((refId) => {
    const index = indexes.find((i) => i._id === refId);
    if (!index) return [];
    return [
      {
        refId,
        version: index.version,
        index: gunzipSync(Buffer.from(index.index_gz.buffer)).toString('utf8'),
        chunks: chunked.find((c) => c.refId === refId)?.chunks ?? [],
      },
    ];
  });
}

export interface ReferenceChunks {
  refId: string;
  /** The index version these chunks belong to (null when versions were not asked for or no index exists). */
  version: number | null;
  chunks: Chunk[];
}

/**
 * The chunks of each reference in ordinal order, without parsing the BM25 indexes: what full-text context needs to
 * give every passage its chunk id. Indexed references only, in the order of `refIds`.
 */
export async function loadReferenceChunks(
  db: Db,
  accountId: string,
  refIds: string[],
  options: { withVersions?: boolean } = {},
): Promise<ReferenceChunks[]> {
  if (refIds.length === 0) return [];
  const [versions, chunkDocs] = await Promise.all([
    options.withVersions === false
      ? Promise.resolve([])
      : db
          .collection<IndexDoc>(COLLECTIONS.referenceIndexes)
          .find({ _id: { $in: refIds }, account_id: accountId }, { projection: { _id: 1, version: 1 } })
          .toArray(),
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
  return refIds.map((refId) => ({
    refId,
    version: versions.find((v) => v._id === refId)?.version ?? null,
    chunks: (byRef.get(refId) ?? []).sort((a, b) => a.ordinal - b.ordinal),
  }));
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

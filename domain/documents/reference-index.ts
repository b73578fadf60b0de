/**
 * What indexing stores for a reference document and the run engine reads back: its chunks (`reference_chunks`)
 * and its compressed BM25 index (`reference_indexes`), both in MongoDB. This module alone reads and writes those two
 * collections (test/unit/structure.test.ts): indexing hands it chunks and a serialized index, the run engine and
 * the quote ask it for them. Every read is scoped by account: a run can only read its own account's references.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { Binary, type Db } from 'mongodb';
import type { TenantDb } from '../access/tenant';
import { COLLECTIONS } from '../platform/db';
import type { Section } from './stored-text';

/** A passage of a reference document, as retrieval ranks it and a citation names it. */
export interface Chunk {
  id: string; // `${ref_id}:${ordinal}`
  ref_id: string;
  ordinal: number; // 0-based, across the whole reference document
  text: string;
  tokens: number; // o200k_base tokens of `text`
  section: { kind: Section['kind']; index: number; label: string };
  heading: string | null;
  char_start: number; // offsets into the section's text: section.text.slice(char_start, char_end) === text
  char_end: number;
}

interface ChunkDoc extends Chunk {
  _id: string;
  account_id: string;
}

interface IndexDoc {
  _id: string; // the reference document id
  account_id: string;
  version: number;
  chunk_count: number;
  /** gzip of the serialized MiniSearch index */
  index_gz: Binary;
  created_at: Date;
}

const INSERT_BATCH = 500;

/**
 * Replaces a reference's chunks and index with these (idempotent: a retried indexing step rewrites the same).
 * `index` is the serialized BM25 index; it is stored gzipped.
 */
export async function storeReferenceIndex(
  db: Db,
  ref: { accountId: string; refId: string; version: number },
  chunks: Chunk[],
  index: string,
): Promise<void> {
  const chunkDocs = db.collection<ChunkDoc>(COLLECTIONS.referenceChunks);
  await chunkDocs.deleteMany({ ref_id: ref.refId, account_id: ref.accountId });
  for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
    await chunkDocs.insertMany(chunks.slice(i, i + INSERT_BATCH).map((c) => ({ ...c, _id: c.id, account_id: ref.accountId })));
  }
  const indexDoc: IndexDoc = {
    _id: ref.refId,
    account_id: ref.accountId,
    version: ref.version,
    chunk_count: chunks.length,
    index_gz: new Binary(gzipSync(index)),
    created_at: new Date(),
  };
  await db.collection<IndexDoc>(COLLECTIONS.referenceIndexes).replaceOne({ _id: ref.refId }, indexDoc, { upsert: true });
}

export interface ReferenceSource {
  refId: string;
  version: number;
  index: string;
  chunks: Chunk[];
}

/** The index and chunks of each indexed reference among `refIds`, in that order (retrieval's input). */
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

/** The tokens of every chunk of these references together (what a quote prices the full-text policy by). */
export async function referenceTokenTotal(tenant: TenantDb, refIds: string[]): Promise<number> {
  if (refIds.length === 0) return 0;
  const rows = await tenant
    .collection<{ ref_id: string; tokens: number }>(COLLECTIONS.referenceChunks)
    .aggregate<{ total: number }>([{ $match: { ref_id: { $in: refIds } } }, { $group: { _id: null, total: { $sum: '$tokens' } } }])
    .toArray();
  return rows[0]?.total ?? 0;
}

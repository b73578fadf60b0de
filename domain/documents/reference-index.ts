/**
 * What indexing stores for a reference document and the run engine reads back: its chunks (`reference_chunks`),
 * its index record (`reference_indexes`: version, chunk count, where the index is) and the gzipped BM25 index
 * itself, an object in the object store. This module alone reads and writes those two collections and those
 * objects (test/unit/structure.test.ts): indexing hands it chunks and a gzipped serialized index; the run engine
 * asks for the indexes, then for the few chunks that rank (or every chunk, for full text); the quote asks for the
 * chunks' token total. Every read is scoped by account: a run can only read its own account's references.
 */
import { gunzipSync } from 'node:zlib';
import type { Binary, Db } from 'mongodb';
import type { TenantDb } from '../access/tenant';
import { COLLECTIONS } from '../platform/db';
import { getObjectBytes, putObject, type Storage } from '../platform/storage';
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
  /** The object holding the gzipped serialized index (docs/decisions.md 260). */
  index_key?: string;
  /** The same bytes inline, as records written before decision 260 hold them; read, never written. */
  index_gz?: Binary;
  created_at: Date;
}

/** One object per index version: a run that read version n's record reads version n's index, whatever came later. */
const indexKey = (ref: { accountId: string; refId: string; version: number }) =>
  `accounts/${ref.accountId}/reference-documents/${ref.refId}/index-v${ref.version}.json.gz`;

const INSERT_BATCH = 500;

/**
 * Replaces a reference's chunks and index with these (idempotent: a retried indexing step rewrites the same).
 * `indexGz` is the serialized BM25 index, gzipped; it is stored in the object store, not in the record: an index
 * grows with the distinct terms of its text, and near the 20 M-character limit a reference of CJK or of
 * identifiers compresses to more than a MongoDB document may hold (16 MiB).
 */
export async function storeReferenceIndex(
  db: Db,
  storage: Storage,
  ref: { accountId: string; refId: string; version: number },
  chunks: Chunk[],
  indexGz: Uint8Array,
): Promise<void> {
  const chunkDocs = db.collection<ChunkDoc>(COLLECTIONS.referenceChunks);
  await chunkDocs.deleteMany({ ref_id: ref.refId, account_id: ref.accountId });
  for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
    await chunkDocs.insertMany(chunks.slice(i, i + INSERT_BATCH).map((c) => ({ ...c, _id: c.id, account_id: ref.accountId })));
  }
  // The object before the record that names it, so a record never points at an index not yet written.
  const key = indexKey(ref);
  await putObject(storage, key, indexGz, 'application/gzip');
  const indexDoc: IndexDoc = {
    _id: ref.refId,
    account_id: ref.accountId,
    version: ref.version,
    chunk_count: chunks.length,
    index_key: key,
    created_at: new Date(),
  };
  await db.collection<IndexDoc>(COLLECTIONS.referenceIndexes).replaceOne({ _id: ref.refId }, indexDoc, { upsert: true });
}

export interface StoredReferenceIndex {
  refId: string;
  version: number;
  /** The serialized index's UTF-8 bytes, as stored (gunzipped): retrieval scans them in place. */
  index: Buffer;
}

/** The index of each indexed reference among `refIds`, in that order (what retrieval ranks by). */
export async function loadReferenceIndexes(db: Db, storage: Storage, accountId: string, refIds: string[]): Promise<StoredReferenceIndex[]> {
  if (refIds.length === 0) return [];
  const records = await db.collection<IndexDoc>(COLLECTIONS.referenceIndexes).find({ _id: { $in: refIds }, account_id: accountId }).toArray();
  const indexes = await Promise.all(
    refIds.map(async (refId): Promise<StoredReferenceIndex | null> => {
      const record = records.find((i) => i._id === refId);
      if (!record) return null;
      const gz = record.index_key ? await getObjectBytes(storage, record.index_key) : record.index_gz?.buffer;
      if (!gz) throw new Error(`the index record of ${refId} names no index`);
      return { refId, version: record.version, index: gunzipSync(gz) };
    }),
  );
  return indexes.filter((index) => index !== null);
}

/**
 * The account's chunks among `ids` (`<ref_id>:<ordinal>`), by id; an id with no chunk is absent. One read by `_id`
 * each: a handful of ids, looked up by the key every store indexes.
 */
export async function loadChunksById(db: Db, accountId: string, ids: string[]): Promise<Map<string, Chunk>> {
  const chunkDocs = db.collection<ChunkDoc>(COLLECTIONS.referenceChunks);
  const found = await Promise.all(ids.map((id) => chunkDocs.findOne({ _id: id, account_id: accountId })));
  const chunks = new Map<string, Chunk>();
  for (const doc of found) {
    if (!doc) continue;
    const { _id: _ignored, account_id: _account, ...chunk } = doc;
    chunks.set(chunk.id, chunk);
  }
  return chunks;
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

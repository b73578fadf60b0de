/**
 * What indexing stores for a reference document and the run engine reads back: its chunks (`reference_chunks`),
 * its index record (`reference_indexes`: version, chunk count, where the index is) and the gzipped BM25 index
 * itself, an object in the object store. This module alone reads and writes those two collections and those
 * objects (test/unit/structure.test.ts): indexing hands it chunks and a gzipped serialized index; the run engine
 * asks for the indexes, then for the few chunks that rank (or, for full text, the leading chunks that fit the
 * model's window); the quote asks for the references' token totals. Every read is scoped by account: a run can only
 * read its own account's references. Chunks and index records are read by `_id`, the one key every store looks up.
 */
import { gunzipSync } from 'node:zlib';
import type { Binary, Db } from 'mongodb';
import { TenantDb } from '../store';
import { bulkWriteInBatches, COLLECTIONS } from '../platform/db';
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
  /** Offsets into the section's text: section.text.slice(char_start, char_end) === text.slice(header_chars ?? 0). */
  char_start: number;
  char_end: number;
  /** A chunk starting inside a table's body begins with the table's header row and separator, this long. */
  header_chars?: number;
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
  /** The tokens of all its chunks (absent from older records: then counted from the chunks). */
  token_total?: number;
  /** The object holding the gzipped serialized index: a large one would pass a record's 16 MiB. */
  index_key?: string;
  /** The same bytes inline, as older records hold them; read, never written. */
  index_gz?: Binary;
  created_at: Date;
}

/** One object per index version: a run that read version n's record reads version n's index, whatever came later. */
const indexKey = (ref: { accountId: string; refId: string; version: number }) =>
  `accounts/${ref.accountId}/reference-documents/${ref.refId}/index-v${ref.version}.json.gz`;

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
  const records = db.collection<IndexDoc>(COLLECTIONS.referenceIndexes);
  const previous = await records.findOne(
    { _id: ref.refId, account_id: ref.accountId },
    { projection: { chunk_count: 1 } },
  );
  // Every chunk written over its `_id` (`<ref>:<ordinal>`), replacing what an earlier attempt or version left there,
  // and the previous version's chunks past the new end deleted by `_id`. Never `deleteMany({ref_id})`: the embedded
  // store answers it by scanning every account's chunks. Readers never read past a record's
  // chunk_count, so a chunk left beyond it by an attempt that died is only space.
  const docs = chunks.map((c) => ({ ...c, _id: c.id, account_id: ref.accountId }));
  await bulkWriteInBatches(
    chunkDocs,
    docs.map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } })),
  );
  const stale = Array.from(
    { length: Math.max(0, (previous?.chunk_count ?? 0) - chunks.length) },
    (_, k) => `${ref.refId}:${chunks.length + k}`,
  );
  await bulkWriteInBatches(
    chunkDocs,
    stale.map((id) => ({ deleteOne: { filter: { _id: id, account_id: ref.accountId } } })),
  );
  // The object before the record that names it, so a record never points at an index not yet written.
  const key = indexKey(ref);
  await putObject(storage, key, indexGz, 'application/gzip');
  const indexDoc: IndexDoc = {
    _id: ref.refId,
    account_id: ref.accountId,
    version: ref.version,
    chunk_count: chunks.length,
    token_total: chunks.reduce((n, c) => n + c.tokens, 0),
    index_key: key,
    created_at: new Date(),
  };
  await records.replaceOne({ _id: ref.refId }, indexDoc, { upsert: true });
}

export interface StoredReferenceIndex {
  refId: string;
  version: number;
  /** The serialized index's UTF-8 bytes, as stored (gunzipped): retrieval scans them in place. */
  index: Buffer;
}

/**
 * The index records of a run's references, each read once, by `_id` (the embedded store pushes only `_id` equality
 * down, so an `$in` would scan every account's records), however many of the reads below the
 * run makes: the references' token totals, then their indexes or their leading chunks. Read without the inline index
 * an old record may hold, which only opening that index needs.
 */
export class IndexRecords {
  private read: Promise<Map<string, IndexDoc>> | null = null;

  constructor(
    readonly tenant: TenantDb,
    private readonly refIds: readonly string[],
  ) {}

  /** The records of those of the references that have one, by reference id. */
  all(): Promise<Map<string, IndexDoc>> {
    this.read ??= (async () => {
      const records = this.tenant.collection<IndexDoc>(COLLECTIONS.referenceIndexes);
      const found = await Promise.all(
        this.refIds.map((id) => records.findOne({ _id: id }, { projection: { index_gz: 0 } })),
      );
      return new Map(found.flatMap((r) => (r ? [[r._id, r] as const] : [])));
    })();
    return this.read;
  }

  /** The index an older record holds inline. */
  async inlineIndex(refId: string): Promise<Uint8Array | undefined> {
    const record = await this.tenant
      .collection<IndexDoc>(COLLECTIONS.referenceIndexes)
      .findOne({ _id: refId }, { projection: { index_gz: 1 } });
    return record?.index_gz?.buffer;
  }
}

/** The index of each indexed reference among `refIds`, in that order (what retrieval ranks by). */
export async function loadReferenceIndexes(
  db: Db,
  storage: Storage,
  accountId: string,
  refIds: string[],
  records = new IndexRecords(new TenantDb(db, accountId), refIds),
): Promise<StoredReferenceIndex[]> {
  if (refIds.length === 0) return [];
  const found = await records.all();
  const indexes = await Promise.all(
    refIds.map(async (refId): Promise<StoredReferenceIndex | null> => {
      const record = found.get(refId);
      if (!record) return null;
      const gz = record.index_key ? await getObjectBytes(storage, record.index_key) : await records.inlineIndex(refId);
      if (!gz) throw new Error(`the index record of ${refId} names no index`);
      return { refId, version: record.version, index: gunzipSync(gz) };
    }),
  );
  return indexes.filter((index) => index !== null);
}

/**
 * Where a chunk lies and what it weighs, without its text: what full-text
 * context reads (the text comes from the stored text).
 */
export type ChunkPlace = Omit<Chunk, 'text'>;

/**
 * The account's chunk records with these ids (`<ref_id>:<ordinal>`), in the same order, null where none: one point
 * read by `_id` each, the key every store looks up (the embedded one scans for anything else).
 * `withText: false` leaves the passage text out.
 */
function chunkRecords(
  tenant: TenantDb,
  ids: string[],
  options: { withText: boolean },
): Promise<Array<Chunk | ChunkPlace | null>> {
  const chunkDocs = tenant.collection<ChunkDoc>(COLLECTIONS.referenceChunks);
  const projection = options.withText ? { _id: 0, account_id: 0 } : { _id: 0, account_id: 0, text: 0 };
  return Promise.all(
    ids.map((id) => chunkDocs.findOne({ _id: id }, { projection }) as Promise<Chunk | ChunkPlace | null>),
  );
}

/** The account's chunks among `ids`, by id; an id with no chunk is absent. A handful of ids: the chunks that rank. */
export async function loadChunksById(db: Db, accountId: string, ids: string[]): Promise<Map<string, Chunk>> {
  const found = (await chunkRecords(new TenantDb(db, accountId), ids, { withText: true })) as Array<Chunk | null>;
  return new Map(found.flatMap((chunk) => (chunk ? [[chunk.id, chunk] as const] : [])));
}

export interface ReferenceChunks {
  refId: string;
  /** The index version these chunks belong to (null when no index exists). */
  version: number | null;
  /** A prefix of the reference's chunks, in ordinal order. */
  chunks: ChunkPlace[];
  /** False when chunks past `chunks` were left out to keep within the reference's allowance. */
  complete: boolean;
}

/** Chunk records read at once by `_id` once the first estimate is spent, and the most in any one batch. */
const POINT_READS = 64;
const MAX_BATCH = 1024;

/**
 * The leading chunks of each reference, in ordinal order and without their text, as many as fit the reference's
 * allowance of tokens (by the stored counts, overlap included): what full-text context needs to give every passage
 * its chunk id. Indexed references only, in the order of `allowances`. Chunks are read by `_id`
 * (`<ref_id>:<ordinal>`), a few more than the reference's mean chunk size says will fit and then on while the
 * allowance lasts: a run reads the records of about the chunks it sends, never every chunk of the references named
 * (a reference of 20 M characters has some 100,000, and a run may name 50), and on no store does the read scan
 * other references' chunks.
 */
export async function loadReferenceChunks(
  db: Db,
  accountId: string,
  allowances: Map<string, number>,
  indexRecords = new IndexRecords(new TenantDb(db, accountId), [...allowances.keys()]),
): Promise<ReferenceChunks[]> {
  const tenant = indexRecords.tenant;
  const records = await indexRecords.all();
  const out: ReferenceChunks[] = [];
  for (const [refId, allowance] of allowances) {
    const record = records.get(refId);
    const count = record?.chunk_count ?? 0;
    const chunks: ChunkPlace[] = [];
    let used = 0;
    let complete = allowance > 0 || count === 0;
    const meanTokens = record?.token_total ? Math.max(1, record.token_total / Math.max(1, count)) : 1;
    let batch = Math.min(MAX_BATCH, Math.ceil(allowance / meanTokens) + 8);
    reading: while (complete && chunks.length < count) {
      const ids = Array.from(
        { length: Math.min(batch, count - chunks.length) },
        (_, i) => `${refId}:${chunks.length + i}`,
      );
      const docs = await chunkRecords(tenant, ids, { withText: false });
      for (const doc of docs) {
        // Past the allowance, or a record missing (the reference is being indexed again): send what came before.
        if (!doc || used + doc.tokens > allowance) {
          complete = false;
          break reading;
        }
        used += doc.tokens;
        chunks.push(doc);
      }
      batch = POINT_READS;
    }
    out.push({ refId, version: record?.version ?? null, chunks, complete });
  }
  return out;
}

/**
 * The tokens of each reference's chunks, by reference id; a reference with no chunks is absent. Read from the index
 * records; only records written before they carried the total are counted from their chunks.
 */
export async function referenceTokenTotals(
  tenant: TenantDb,
  refIds: string[],
  indexRecords = new IndexRecords(tenant, refIds),
): Promise<Map<string, number>> {
  if (refIds.length === 0) return new Map();
  const records = await indexRecords.all();
  const totals = new Map<string, number>();
  const uncounted: string[] = [];
  for (const id of refIds) {
    const total = records.get(id)?.token_total;
    if (total === undefined) uncounted.push(id);
    else if (total > 0) totals.set(id, total);
  }
  if (uncounted.length > 0) {
    const rows = await tenant
      .collection<{ ref_id: string; tokens: number }>(COLLECTIONS.referenceChunks)
      .aggregate<{ _id: string; total: number }>([
        { $match: { ref_id: { $in: uncounted } } },
        { $group: { _id: '$ref_id', total: { $sum: '$tokens' } } },
      ])
      .toArray();
    for (const r of rows) totals.set(r._id, r.total);
  }
  return totals;
}

/** The tokens of every chunk of these references together. */
export async function referenceTokenTotal(tenant: TenantDb, refIds: string[]): Promise<number> {
  let total = 0;
  for (const tokens of (await referenceTokenTotals(tenant, refIds)).values()) total += tokens;
  return total;
}

/**
 * A run's reference documents as the retrieval strategies read them (context-strategies.ts): ranked chunks (file
 * search) or the text up to the model's window (full text). Every reference passage carries its chunk id, in full
 * text too (the reference's chunks, de-overlapped, in order), so the model can name the clause it judged against and
 * the manifest can list what was sent.
 */
import type { ActivityDeps } from './deps';
import { loadStoredText, textKeys } from '../domain/documents/stored-text';
import { countTokens } from './indexing/tokens';
import type { ReferenceBlock } from './prompt';
import {
  IndexRecords,
  loadChunksById,
  loadReferenceChunks,
  loadReferenceIndexes,
  referenceTokenTotals,
  type ChunkPlace,
  type ReferenceChunks,
} from '../domain/documents/reference-index';
import { TenantDb } from '../domain/store';
import { rank, type RankedHit, type RetrievedChunk } from './retrieval';
import { detached, pacer } from './input-fitting';

const TOP_K = 8;

type SourceDeps = Pick<ActivityDeps, 'db' | 'storage' | 'config'>;

/** A reference passage of the prompt, with the chunk it is (or is the de-overlapped part of) and its tokens. */
export interface ContextReference extends ReferenceBlock {
  chunk: ChunkPlace;
  tokens: number;
}

/** What a retrieval strategy reads the references through (`referenceSources`). */
export interface ReferenceSources {
  countIndexed(): Promise<number>;
  retrieved(): Promise<ContextReference[]>;
  full(): Promise<{ blocks: ContextReference[]; cut: boolean }>;
}

/**
 * The references as their chunks without the overlap, so the text reads as stored and each part is citable: whole,
 * or up to the chunk where the reference's allowance ran out. Each passage is copied out of the stored text, so
 * only what is sent stays in memory, one reference's text at a time.
 */
async function fullText(
  storage: SourceDeps['storage'],
  accountId: string,
  refs: ReferenceChunks[],
  names: Map<string, string>,
): Promise<ContextReference[]> {
  const blocks: ContextReference[] = [];
  const pace = pacer();
  for (const ref of refs) {
    if (ref.chunks.length === 0) continue;
    const last = ref.chunks[ref.chunks.length - 1]!;
    const stored = await loadStoredText(storage, textKeys.reference(accountId, ref.refId));
    for (const section of stored.sections) {
      await pace();
      const own = ref.chunks.filter((c) => c.section.kind === section.kind && c.section.index === section.index);
      let at = 0;
      own.forEach((chunk, k) => {
        // A section's last chunk takes the section's tail too, unless the reference was cut there.
        const end = k === own.length - 1 && (ref.complete || chunk !== last) ? section.text.length : chunk.char_end;
        if (end <= at) return;
        const text = detached(section.text.slice(at, end));
        blocks.push({
          refId: ref.refId,
          chunkId: chunk.id,
          label: labelOf(names, chunk),
          text,
          chunk,
          tokens: countTokens(text),
        });
        at = end;
      });
    }
  }
  return blocks;
}

function retrievedBlocks(hits: RetrievedChunk[], names: Map<string, string>): ContextReference[] {
  return hits.map(({ score: _score, ...c }) => ({
    refId: c.ref_id,
    chunkId: c.id,
    label: labelOf(names, c),
    text: c.text,
    chunk: c,
    tokens: c.tokens,
  }));
}

/**
 * A run's references as the strategies read them: ranked chunks (file search) or the text up to the model's window
 * (full text). Each record (the counts, the indexes, the leading chunks) is read once, whichever the strategy asks
 * for; `versions` are those of the indexes or chunks read, `indexedTotal` the tokens coverage is a share of.
 */
export function referenceSources(
  { db, storage, config }: SourceDeps,
  accountId: string,
  refIds: string[],
  names: Map<string, string>,
  queries: () => string[],
) {
  const records = new IndexRecords(new TenantDb(db, accountId), refIds);
  // The tokens of each reference's chunks, and of all of them: what reference coverage is a share of.
  let totals: Map<string, number> | null = null;
  let versions: Array<{ refId: string; version: number | null }> = [];
  const countEach = async () => (totals ??= await referenceTokenTotals(records.tenant, refIds, records));
  const countIndexed = async () => [...(await countEach()).values()].reduce((n, t) => n + t, 0);
  return {
    countIndexed,
    /** The tokens of every chunk, when a strategy counted them (0 otherwise). */
    indexedTotal: async () => (totals ? await countIndexed() : 0),
    versions: () => versions,
    /** The best-ranked chunks over every query, at most TOP_K. */
    async retrieved(): Promise<ContextReference[]> {
      const indexes = await loadReferenceIndexes(db, storage, accountId, refIds, records);
      versions = indexes.map((x) => ({ refId: x.refId, version: x.version }));
      const best = new Map<string, RankedHit>();
      for (const query of queries()) {
        for (const hit of rank(query, indexes, TOP_K)) {
          const id = `${hit.refId}:${hit.ordinal}`;
          const seen = best.get(id);
          if (!seen || seen.score < hit.score) best.set(id, hit);
        }
      }
      // Only the chunks that rank are read, never every chunk of every reference (a reference of 20 M characters
      // has some 100,000). A ranked chunk whose record is missing (being rewritten by a re-index) is left out.
      const ranked = [...best.entries()]
        .sort(([a, x], [b, y]) => y.score - x.score || a.localeCompare(b))
        .slice(0, TOP_K);
      const chunks = await loadChunksById(
        db,
        accountId,
        ranked.map(([id]) => id),
      );
      await countIndexed();
      return retrievedBlocks(
        ranked.flatMap(([id, hit]) => {
          const chunk = chunks.get(id);
          return chunk ? [{ ...chunk, score: hit.score }] : [];
        }),
        names,
      );
    },
    /**
     * The references up to the model's window, shared so that short references are sent whole before long ones
     * are cut: `cut` says whether any was.
     */
    async full(): Promise<{ blocks: ContextReference[]; cut: boolean }> {
      const allowances = shareTokens(refIds, await countEach(), config.FULLTEXT_REFERENCE_TOKEN_LIMIT);
      const chunked = await loadReferenceChunks(db, accountId, allowances, records);
      versions = chunked.map((r) => ({ refId: r.refId, version: r.version }));
      return { blocks: await fullText(storage, accountId, chunked, names), cut: chunked.some((r) => !r.complete) };
    },
  };
}

function labelOf(names: Map<string, string>, chunk: ChunkPlace): string {
  return [names.get(chunk.ref_id), chunk.section.label, chunk.heading].filter(Boolean).join(' — ');
}

/**
 * `limit` tokens shared among references with these totals, in the order of `refIds`: the smallest first, each
 * taking its total while that is no more than an even split of what is left, the rest splitting the remainder.
 */
export function shareTokens(refIds: string[], totals: Map<string, number>, limit: number): Map<string, number> {
  const order = refIds
    .map((id, i) => ({ id, i, total: totals.get(id) ?? 0 }))
    .sort((a, b) => a.total - b.total || a.i - b.i);
  const shares = new Map<string, number>();
  let remaining = limit;
  for (const [position, ref] of order.entries()) {
    const share = Math.min(ref.total, Math.floor(remaining / (order.length - position)));
    shares.set(ref.id, share);
    remaining -= share;
  }
  return new Map(refIds.map((id) => [id, shares.get(id)!]));
}

/**
 * What the model is given (docs/decisions.md 445), decided the same way for live and test-mode runs, so a test-mode run
 * shows in its manifest what a live run would send:
 *
 *   provider-a-file-search  top-k retrieved reference chunks + input text            strategy file_search
 *   provider-b-1m-fulltext  full reference texts + input text                         strategy fulltext
 *   hybrid                  retrieved chunks + full input text                        strategy hybrid
 *   auto                    full text when references + inputs fit FULLTEXT_TOKEN_BUDGET, else file search
 *
 * Under every policy the input documents together get at most FULLTEXT_TOKEN_BUDGET tokens, cut by whole pages
 * (sheets, slides, sections) from the end, and shared so that short documents are sent whole before long ones
 * are cut. Every reference passage carries its chunk id, in full text too (the reference's chunks, de-overlapped,
 * in order), so the model can name the clause it judged against and the manifest can list what was sent.
 */
import { findTemplate, type ModelPolicy } from '../domain/catalog/catalog';
import { referenceNames } from '../domain/documents/reference-documents';
import type { RagStrategy } from '../domain/runs/schemas';
import type { CitableChunk, CitableSection } from './citations';
import type { RunContext, RunInput } from './run-context';
import type { Section } from './parsing/types';
import { loadStoredText, textKeys, type StoredSection } from '../domain/documents/stored-text';
import type { ActivityDeps } from './deps';
import { countTokens, splitByTokens } from './indexing/tokens';
import type { InputBlock, ReferenceBlock } from './prompt';
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
import { queriesFrom, rank, type RankedHit, type RetrievedChunk } from './retrieval';

const TOP_K = 8;

export interface SentInput {
  id: string;
  filename: string;
  /** The sections sent, in order: a prefix of the document's sections; only the last may be cut short. */
  sections: CitableSection[];
  pagesTotal: number;
  /** Sections sent whole. */
  pagesSent: number;
  tokensTotal: number;
  tokensSent: number;
}

/** A reference passage of the prompt, with the chunk it is (or is the de-overlapped part of) and its tokens. */
export interface ContextReference extends ReferenceBlock {
  chunk: ChunkPlace;
  tokens: number;
}

export interface ModelContext {
  strategy: RagStrategy;
  instructions: string;
  template: { id: string; version: number } | null;
  references: ContextReference[];
  /** The chunks in `references`, by id: what a citation may name as its reference. */
  chunks: Map<string, CitableChunk>;
  indexVersions: Array<{ reference_document_id: string; index_version: number }>;
  inputs: SentInput[];
  budget: number;
  tokens: { references: number; inputs: number };
  coverage: { input_pages: number | null; input_tokens: number | null; reference_tokens: number | null };
}

/** What a retrieval strategy reads the references through (`referenceSources` below). */
interface ReferenceSources {
  countIndexed(): Promise<number>;
  retrieved(): Promise<ContextReference[]>;
  full(): Promise<{ blocks: ContextReference[]; cut: boolean }>;
}

type Chosen = { strategy: RagStrategy; references: ContextReference[] };
type Strategy = (sources: ReferenceSources, limits: { budget: number; inputTokens: number }) => Promise<Chosen>;

/** The references as full text, up to the model's window. */
const fullTextStrategy: Strategy = async (sources) => ({
  strategy: 'fulltext',
  references: (await sources.full()).blocks,
});

/** The best-ranked chunks. */
const retrievalStrategy =
  (strategy: 'file_search' | 'hybrid'): Strategy =>
  async (sources) => ({ strategy, references: await sources.retrieved() });

/**
 * `auto`: full text when the references and the inputs fit the budget whole, else file search. Chunk records carry
 * their token counts, the overlap between chunks included (an eighth of a chunk at most). References at more than
 * twice the budget cannot fit as full text: their whole text is not read and counted only to find that out (20 M
 * characters of CJK take minutes to count; docs/decisions.md 265).
 */
const autoStrategy: Strategy = async (sources, { budget, inputTokens }) => {
  if ((await sources.countIndexed()) > 2 * budget)
    return retrievalStrategy('file_search')(sources, { budget, inputTokens });
  const whole = await sources.full();
  const tokens = whole.blocks.reduce((n, r) => n + r.tokens, 0) + inputTokens;
  if (!whole.cut && tokens <= budget) return { strategy: 'fulltext', references: whole.blocks };
  return retrievalStrategy('file_search')(sources, { budget, inputTokens });
};

/** One retrieval strategy per model policy. */
const STRATEGIES: Record<ModelPolicy, Strategy> = {
  'provider-b-1m-fulltext': fullTextStrategy,
  hybrid: retrievalStrategy('hybrid'),
  'provider-a-file-search': retrievalStrategy('file_search'),
  auto: autoStrategy,
};

export function createContextAssembler(deps: Pick<ActivityDeps, 'db' | 'storage' | 'config'>) {
  const { db, storage, config } = deps;

  /**
   * The references as their chunks without the overlap, so the text reads as stored and each part is citable: whole,
   * or up to the chunk where the reference's allowance ran out. Each passage is copied out of the stored text, so
   * only what is sent stays in memory, one reference's text at a time.
   */
  async function fullText(
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
  function referenceSources(accountId: string, refIds: string[], names: Map<string, string>, queries: () => string[]) {
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
       * are cut (docs/decisions.md 445): `cut` says whether any was.
       */
      async full(): Promise<{ blocks: ContextReference[]; cut: boolean }> {
        const allowances = shareTokens(refIds, await countEach(), config.FULLTEXT_REFERENCE_TOKEN_LIMIT);
        const chunked = await loadReferenceChunks(db, accountId, allowances, records);
        versions = chunked.map((r) => ({ refId: r.refId, version: r.version }));
        return { blocks: await fullText(accountId, chunked, names), cut: chunked.some((r) => !r.complete) };
      },
    };
  }

  return async function assemble(ctx: RunContext): Promise<ModelContext> {
    const { run, workflow } = ctx;
    const accountId = run.account_id;
    const template = workflow.prompt_template_id ? await findTemplate(db, workflow.prompt_template_id) : null;
    const instructions = [template?.user_prompt_seed, workflow.user_prompt].filter(Boolean).join('\n\n');
    const budget = config.FULLTEXT_TOKEN_BUDGET;
    const inputs = await fitInputs(ctx.inputs, budget);
    const inputTokensTotal = inputs.reduce((n, i) => n + i.tokensTotal, 0);
    const sentText = inputs.map((i) => renderInput(i).text).join('\n\n');
    const refIds = run.reference_document_ids;
    const names = await referenceNames(db, accountId, refIds);

    const sources = referenceSources(accountId, refIds, names, () => queriesFrom(instructions, sentText));
    const { strategy, references } = await (STRATEGIES[run.model_policy] ?? autoStrategy)(sources, {
      budget,
      inputTokens: inputTokensTotal,
    });

    const chunks = new Map<string, CitableChunk>();
    const sentChunkTokens = new Map<string, number>();
    for (const r of references) {
      chunks.set(r.chunk.id, { refId: r.refId, location: { ...r.chunk.section } });
      sentChunkTokens.set(r.chunk.id, r.chunk.tokens);
    }
    const referenceTokens = references.reduce((n, r) => n + r.tokens, 0);
    const indexedTotal = await sources.indexedTotal();
    const indexedSent = [...sentChunkTokens.values()].reduce((n, t) => n + t, 0);
    const pagesTotal = inputs.reduce((n, i) => n + i.pagesTotal, 0);
    return {
      strategy,
      instructions,
      template: template ? { id: template._id, version: template.version } : null,
      references,
      chunks,
      indexVersions: sources
        .versions()
        .flatMap((v) => (v.version === null ? [] : [{ reference_document_id: v.refId, index_version: v.version }])),
      inputs,
      budget,
      tokens: { references: referenceTokens, inputs: inputs.reduce((n, i) => n + i.tokensSent, 0) },
      coverage: {
        input_pages:
          inputs.length === 0
            ? null
            : pagesTotal === 0
              ? 1
              : share(
                  inputs.reduce((n, i) => n + i.pagesSent, 0),
                  pagesTotal,
                ),
        input_tokens:
          inputs.length === 0
            ? null
            : inputTokensTotal === 0
              ? 1
              : share(
                  inputs.reduce((n, i) => n + i.tokensSent, 0),
                  inputTokensTotal,
                ),
        reference_tokens: refIds.length === 0 || indexedTotal === 0 ? null : share(indexedSent, indexedTotal),
      },
    };
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

/** Rounded down, so anything short of everything never reads as 1. */
function share(part: number, whole: number): number {
  return Math.floor((part / whole) * 10_000) / 10_000;
}

/**
 * Counting yields to the event loop at least this often. Counting runs at about 10 M characters a second, and a
 * run may have 20 inputs of 20 M characters: counted in one go, that blocked the worker's main thread for about
 * 40 s, long enough for every other activity on the worker to miss its heartbeat and every workflow task it held
 * to time out. One section is still counted in one go (a plain-text file is one section: up to about 2 s). The
 * same holds for the references' full texts.
 */
const COUNT_SLICE_MS = 20;

/** A pause for a long loop to call after each step: it yields only once COUNT_SLICE_MS have passed since the last. */
function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < COUNT_SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * One input as the first pass leaves it: every section's token count, and the sections that may be sent (the
 * longest prefix of whole sections within the whole budget; no allowance is larger). The rest of its text is not
 * held: at the limits a run's inputs are 400 M characters, and only one input's text is in memory at a time.
 */
interface Measured {
  input: RunInput;
  tokens: number[];
  kept: Section[];
}

async function measureInputs(inputs: RunInput[], budget: number): Promise<Measured[]> {
  const pace = pacer();
  const measured: Measured[] = [];
  for (const input of inputs) measured.push(await measureInput(input, budget, pace));
  return measured;
}

/** In its own function so that nothing of the input's text but `kept` outlives it while the next input is read. */
async function measureInput(input: RunInput, budget: number, pace: () => Promise<void>): Promise<Measured> {
  const sections = await input.load();
  const tokens: number[] = [];
  for (const section of sections) {
    // Counted at extraction when the document is long enough to matter (docs/decisions.md 257), else here.
    if (Number.isSafeInteger(section.tokens) && section.tokens! >= 0) {
      tokens.push(section.tokens!);
      continue;
    }
    tokens.push(countTokens(section.text));
    await pace();
  }
  let n = 0;
  for (let sum = 0; n < sections.length && sum + tokens[n]! <= budget; n++) sum += tokens[n]!;
  return { input, tokens, kept: sections.slice(0, n).map(unstored) };
}

/** A stored section as a run uses it: its count stays with the run's own numbers, never on a section cut shorter. */
function unstored({ kind, index, label, text }: StoredSection): Section {
  return { kind, index, label, text };
}

/**
 * The input documents within `budget` tokens: smallest documents first, each allowed an equal share of what is
 * left, so one long document cannot crowd out the others; each keeps whole sections from its start. A first
 * section too long for its share on its own is cut at a token boundary, so the model is never sent nothing; only
 * the part sent is kept (its text read again if it was longer than the whole budget).
 */
export async function fitInputs(inputs: RunInput[], budget: number): Promise<SentInput[]> {
  const measured = await measureInputs(inputs, budget);
  const total = (tokens: number[]) => tokens.reduce((n, t) => n + t, 0);
  const order = measured
    .map((_, i) => i)
    .sort((a, b) => total(measured[a]!.tokens) - total(measured[b]!.tokens) || a - b);
  const sent: SentInput[] = new Array(inputs.length);
  let remaining = budget;
  for (const [position, idx] of order.entries()) {
    const { input, tokens, kept } = measured[idx]!;
    const allowance = Math.floor(remaining / (order.length - position));
    const sections: CitableSection[] = [];
    let used = 0;
    // Whole sections within the allowance are a prefix of `kept`: the allowance is never more than the budget.
    while (sections.length < kept.length && used + tokens[sections.length]! <= allowance) {
      const section = kept[sections.length]!;
      sections.push({ section, sent: section.text.length });
      used += tokens[sections.length - 1]!;
    }
    const whole = sections.length;
    if (whole === 0 && tokens.length > 0 && allowance > 0) {
      const section = kept[0] ?? unstored((await input.load())[0]!);
      const first = splitByTokens(section.text, allowance)[0];
      if (first && first.end > 0) {
        sections.push({ section: { ...section, text: detached(section.text.slice(0, first.end)) }, sent: first.end });
        used += first.tokens;
      }
    }
    remaining -= used;
    sent[idx] = {
      id: input.id,
      filename: input.filename,
      sections,
      pagesTotal: tokens.length,
      pagesSent: whole,
      tokensTotal: total(tokens),
      tokensSent: used,
    };
  }
  return sent;
}

/**
 * A copy of `text` that shares no memory with the string it was cut from: V8 keeps a slice pointing into its
 * parent, so the first 200,000 tokens of a 20 M-character section would otherwise hold all 20 M.
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** An input as the prompt shows it: each sent section under its label; a note when the end was left out. */
export function renderInput(input: SentInput): InputBlock {
  const text = input.sections
    .map(({ section, sent }) => `[${section.label}]\n${section.text.slice(0, sent)}`)
    .join('\n\n');
  const complete = input.pagesSent === input.pagesTotal;
  const note = complete
    ? undefined
    : `only the first ${input.pagesSent} of ${input.pagesTotal} pages or sections are included (context budget)`;
  return { id: input.id, filename: input.filename, text, ...(note ? { note } : {}) };
}

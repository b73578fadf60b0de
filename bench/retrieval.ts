/**
 * Benchmark of the retrieval core on a synthetic corpus: 20 reference documents (pages, sheets, slides, sections)
 * of generated policy and rubric prose, some 10,000 chunks in all. Prints the time to chunk and to index them, the
 * size of the stored indexes, and retrieval latency across all 20 documents (the first call, which parses the
 * indexes, apart from the rest), and one reference of Chinese-like text (no spaces: indexed as character bigrams)
 * indexed by `buildIndex` beside MiniSearch's own `addAll`, which it replaced (18 s for 4 M CJK characters). Not a
 * test: nothing is asserted. Run with `npx tsx bench/retrieval.ts`.
 */
import MiniSearch from 'minisearch';
import { buildIndex, INDEX_OPTIONS, toIndexed, type IndexedChunk } from '../activities/indexing/bm25';
import { chunkSections, type Chunk } from '../activities/indexing/chunking';
import type { Section } from '../activities/parsing/types';
import { retrieve, type ReferenceSource } from '../activities/retrieval';
import { mulberry32 } from '../domain/json-schema/sample';

const DOCUMENTS = 20;
const TARGET_CHUNKS = 10_000;
const QUERIES = 200;

/** A seeded generator, so every run measures the same corpus. */
const random = mulberry32;

const list = (words: string) => words.split(' ');
const TOPICS: Record<string, string[]> = {
  grading: list('essay thesis citation source argument rubric points grade draft evidence analysis plagiarism'),
  contract: list('party clause liability indemnity termination warranty breach notice payment invoice jurisdiction'),
  hr: list('employee leave overtime benefits manager review holiday salary probation harassment onboarding remote'),
  safety: list('hazard helmet incident inspection ladder chemical evacuation training permit ventilation injury'),
  finance: list('budget expense receipt reimbursement forecast ledger approval variance capital depreciation tax'),
  security: list('password encryption access firewall phishing backup vulnerability patch token logging device'),
  clinical: list('patient dosage consent trial adverse protocol screening placebo cohort endpoint monitoring ethics'),
  procurement: list('tender bid supplier quotation evaluation award specification delivery penalty lot framework'),
};
const VERBS = list('submit review approve document verify report record complete assess notify retain escalate');
const ADJECTIVES = list('written annual complete credible formal independent timely accurate relevant signed clear');
const GENERAL = list('team process record period section policy standard requirement form office date case system');

function pick<T>(rnd: () => number, items: T[]): T {
  return items[Math.floor(rnd() * items.length)] as T;
}

/** A long tail of rarer words, Zipf-distributed as in real prose, so term statistics are not all flat. */
const SYLLABLES = list('ka lo mer tis van dro pel su quin bra ton fe ric al zen mo');
const TAIL = Array.from({ length: 4000 }, (_, i) => {
  let word = '';
  for (let n = i + 17; word.length < 6 || n > 0; n = Math.floor(n / SYLLABLES.length)) {
    word += SYLLABLES[n % SYLLABLES.length];
  }
  return word;
});
const ZIPF = (() => {
  const weights = TAIL.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => (sum += w / total));
})();

function tailWord(rnd: () => number): string {
  const r = rnd();
  let lo = 0;
  let hi = ZIPF.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ZIPF[mid] as number) < r) lo = mid + 1;
    else hi = mid;
  }
  return TAIL[lo] as string;
}

function sentence(rnd: () => number, topic: string[]): string {
  const noun = () => {
    const r = rnd();
    return r < 0.55 ? pick(rnd, topic) : r < 0.75 ? pick(rnd, GENERAL) : tailWord(rnd);
  };
  const verb = () => pick(rnd, VERBS);
  const adjective = () => pick(rnd, ADJECTIVES);
  const number = (max: number) => 1 + Math.floor(rnd() * max);
  const templates = [
    () => `The ${noun()} must ${verb()} the ${adjective()} ${noun()} within ${number(30)} days.`,
    () => `Each ${noun()} is worth ${number(10)} points when the ${noun()} is ${adjective()}.`,
    () => `A ${adjective()} ${noun()} without a ${noun()} will be returned to the ${noun()} for correction.`,
    () =>
      `Where a ${noun()} cannot ${verb()} the ${noun()}, the ${noun()} should ${verb()} a ${adjective()} ${noun()}.`,
    () => `See clause ${number(40)}.${number(9)} for how the ${noun()} and the ${noun()} interact.`,
  ];
  return pick(rnd, templates)();
}

function paragraph(rnd: () => number, topic: string[]): string {
  return Array.from({ length: 2 + Math.floor(rnd() * 6) }, () => sentence(rnd, topic)).join(' ');
}

const KINDS = ['page', 'sheet', 'slide', 'section'] as const;

function label(kind: Section['kind'], topic: string, index: number): string {
  if (kind === 'page') return `Page ${index}`;
  if (kind === 'slide') return `Slide ${index}`;
  return kind === 'sheet' ? `Sheet: ${topic} ${index}` : `${topic} part ${index}`;
}

/** One reference document of about `tokensWanted` tokens, with headings and paragraphs (rows on sheets). */
function documentSections(rnd: () => number, doc: number, tokensWanted: number): Section[] {
  const topicName = Object.keys(TOPICS)[doc % Object.keys(TOPICS).length] as string;
  const topic = TOPICS[topicName] as string[];
  const kind = KINDS[doc % KINDS.length] ?? 'page';
  const sections: Section[] = [];
  let tokens = 0;
  for (let index = 1; tokens < tokensWanted; index++) {
    const parts: string[] = [];
    const paragraphs = kind === 'slide' ? 4 + Math.floor(rnd() * 4) : 10 + Math.floor(rnd() * 30);
    for (let p = 0; p < paragraphs; p++) {
      if (rnd() < 0.3) parts.push(`## ${pick(rnd, topic)} ${pick(rnd, GENERAL)}`);
      const text = paragraph(rnd, topic);
      parts.push(kind === 'sheet' ? `${pick(rnd, topic)}\t${1 + Math.floor(rnd() * 10)}\t${text}` : text);
    }
    const text = parts.join('\n\n');
    tokens += text.length / 4.6; // rough, only to size the corpus
    sections.push({ kind, index, label: label(kind, topicName, index), text });
  }
  return sections;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function time<T>(work: () => T): [T, number] {
  const start = performance.now();
  const result = work();
  return [result, performance.now() - start];
}

const CJK_CHARS = 2_000_000;

/** Sentences of 10–40 characters drawn Zipf-like from 3,000 CJK ideographs, about 3,000 characters a page. */
function cjkSections(rnd: () => number, chars: number): Section[] {
  const alphabet = Array.from({ length: 3000 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7));
  const sections: Section[] = [];
  let total = 0;
  let page = '';
  while (total < chars) {
    let sentence = '';
    const length = 10 + Math.floor(rnd() * 30);
    for (let i = 0; i < length; i++) sentence += alphabet[Math.floor(alphabet.length * rnd() ** 3)];
    page += `${sentence}。`;
    total += length + 1;
    if (page.length >= 3000 || total >= chars) {
      sections.push({ kind: 'page', index: sections.length + 1, label: `Page ${sections.length + 1}`, text: page });
      page = '';
    }
  }
  return sections;
}

function main(): void {
  const rnd = random(42);
  const docs = Array.from({ length: DOCUMENTS }, (_, d) => ({
    refId: `ref_bench${String(d).padStart(2, '0')}`,
    sections: documentSections(rnd, d, Math.round((TARGET_CHUNKS / DOCUMENTS) * 320)),
  }));
  const sectionCount = docs.reduce((sum, d) => sum + d.sections.length, 0);
  const chars = docs.reduce((sum, d) => sum + d.sections.reduce((s, x) => s + x.text.length, 0), 0);

  const [chunked, chunkMs] = time(() => docs.map((d) => ({ ...d, chunks: chunkSections(d.refId, d.sections) })));
  const chunks: Chunk[] = chunked.flatMap((d) => d.chunks);
  const [sources, indexMs] = time(() =>
    chunked.map((d): ReferenceSource => ({ refId: d.refId, chunks: d.chunks, index: buildIndex(d.chunks) })),
  );
  const indexBytes = sources.reduce((sum, s) => sum + Buffer.byteLength(s.index), 0);
  const textBytes = chunks.reduce((sum, c) => sum + Buffer.byteLength(c.text), 0);

  const qrnd = random(7);
  const vocabulary = Object.values(TOPICS).map((topic) => [...topic, ...GENERAL, ...VERBS]);
  const queries = Array.from({ length: QUERIES }, () => {
    const words = pick(qrnd, vocabulary);
    return Array.from({ length: 2 + Math.floor(qrnd() * 5) }, () => pick(qrnd, words)).join(' ');
  });
  const [, firstMs] = time(() => retrieve('how many points for citing sources', sources, 8));
  const latencies = queries.map((q) => time(() => retrieve(q, sources, 8))[1]).sort((a, b) => a - b);

  const cjk = cjkSections(random(11), CJK_CHARS);
  const [cjkChunks, cjkChunkMs] = time(() => chunkSections('ref_benchcjk', cjk));
  const [, cjkIndexMs] = time(() => buildIndex(cjkChunks));
  const [, cjkLibraryMs] = time(() => {
    const library = new MiniSearch<IndexedChunk>(INDEX_OPTIONS);
    library.addAll(cjkChunks.map(toIndexed));
    return JSON.stringify(library);
  });

  const tokens = chunks.reduce((sum, c) => sum + c.tokens, 0);
  const maxTokens = chunks.reduce((max, c) => Math.max(max, c.tokens), 0);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const rows: Array<[string, string]> = [
    ['documents / sections', `${DOCUMENTS} / ${sectionCount}`],
    ['input text', `${(chars / 1e6).toFixed(1)} M chars`],
    ['chunks', `${chunks.length} (mean ${(tokens / chunks.length).toFixed(0)} tokens, max ${maxTokens})`],
    ['chunkSections, all documents', `${chunkMs.toFixed(0)} ms`],
    ['buildIndex, all documents', `${indexMs.toFixed(0)} ms`],
    ['stored indexes', `${mb(indexBytes)} (${(indexBytes / chunks.length).toFixed(0)} B/chunk; text ${mb(textBytes)})`],
    ['retrieve, first call (parses indexes)', `${firstMs.toFixed(0)} ms`],
    [
      `retrieve p50 / p99 (${QUERIES} queries)`,
      `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)} ms`,
    ],
    [
      `CJK reference, ${(CJK_CHARS / 1e6).toFixed(0)} M chars: chunkSections`,
      `${cjkChunkMs.toFixed(0)} ms (${cjkChunks.length} chunks)`,
    ],
    ['CJK reference: buildIndex / MiniSearch addAll', `${cjkIndexMs.toFixed(0)} ms / ${cjkLibraryMs.toFixed(0)} ms`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
}

main();

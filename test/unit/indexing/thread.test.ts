/**
 * Indexing a reference on a worker thread (activities/indexing/thread.ts, docs/decisions.md 258): the same chunks
 * and index as on the main thread, while the main thread stays free for the worker's other activities.
 */
import { buildIndex } from '../../../activities/indexing/bm25';
import { chunkSections } from '../../../activities/indexing/chunking';
import { indexOnThread, IndexingOutOfMemory } from '../../../activities/indexing/thread';
import type { Section } from '../../../activities/parsing/types';
import { turnsDuring } from '../../support/event-loop';

const HEAP_MB = 2048;

const paragraph = (i: number) =>
  `Criterion ${i}: the essay states a thesis, cites peer-reviewed sources and answers objections (評価 ${i}).`;

function sections(count: number, paragraphs: number): Section[] {
  return Array.from({ length: count }, (_, s) => ({
    kind: 'page' as const,
    index: s + 1,
    label: `Page ${s + 1}`,
    text: [`# Part ${s + 1}`, ...Array.from({ length: paragraphs }, (_, p) => paragraph(s * paragraphs + p))].join('\n\n'),
  }));
}

it('builds exactly the chunks and index the main thread would', async () => {
  const input = sections(12, 40);
  const chunks = chunkSections('ref_t', input);
  const { chunks: threaded, index } = await indexOnThread({ refId: 'ref_t', sections: input }, HEAP_MB);
  expect(chunks.length).toBeGreaterThan(12);
  expect(threaded).toEqual(chunks);
  expect(index).toBe(buildIndex(chunks));
});

it("leaves the main thread free while it indexes: the worker's other callbacks keep running", async () => {
  // About 600,000 characters: most of a second of chunking and indexing, in which a synchronous build would let no
  // other callback run at all.
  const input = sections(50, 110);
  const { result, turns } = await turnsDuring(() => indexOnThread({ refId: 'ref_t', sections: input }, HEAP_MB));
  expect(result.chunks.at(-1)!.section.index).toBe(50);
  expect(turns).toBeGreaterThan(100);
});

it('fails, rather than hangs, when the thread cannot build', async () => {
  await expect(indexOnThread({ refId: 'ref_t', sections: null as unknown as Section[] }, HEAP_MB)).rejects.toThrow();
});

it('fails with IndexingOutOfMemory when a reference needs more than its heap, and the next one still indexes', async () => {
  // About 4.8 M characters against a 64 MB heap: the thread runs out, the process does not.
  await expect(indexOnThread({ refId: 'ref_t', sections: sections(400, 110) }, 64)).rejects.toThrow(IndexingOutOfMemory);
  const small = await indexOnThread({ refId: 'ref_t', sections: sections(2, 5) }, 64);
  expect(small.chunks.length).toBeGreaterThan(0);
});

/**
 * Indexing a reference on a worker thread (activities/indexing/thread.ts, docs/decisions.md 258): the same chunks
 * and index as on the main thread, while the main thread stays free for the worker's other activities.
 */
import { buildIndex } from '../../../activities/indexing/bm25';
import { chunkSections } from '../../../activities/indexing/chunking';
import { indexOnThread } from '../../../activities/indexing/thread';
import type { Section } from '../../../activities/parsing/types';
import { turnsDuring } from '../../support/event-loop';

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
  const { chunks: threaded, index } = await indexOnThread({ refId: 'ref_t', sections: input });
  expect(chunks.length).toBeGreaterThan(12);
  expect(threaded).toEqual(chunks);
  expect(index).toBe(buildIndex(chunks));
});

it("leaves the main thread free while it indexes: the worker's other callbacks keep running", async () => {
  // About 600,000 characters: most of a second of chunking and indexing, in which a synchronous build would let no
  // other callback run at all.
  const input = sections(50, 110);
  const { result, turns } = await turnsDuring(() => indexOnThread({ refId: 'ref_t', sections: input }));
  expect(result.chunks.at(-1)!.section.index).toBe(50);
  expect(turns).toBeGreaterThan(100);
});

it('fails, rather than hangs, when the thread cannot build', async () => {
  await expect(indexOnThread({ refId: 'ref_t', sections: null as unknown as Section[] })).rejects.toThrow();
});

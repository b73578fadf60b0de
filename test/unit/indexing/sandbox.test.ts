/**
 * Indexing a reference in a child process (activities/indexing/sandbox.ts): the same chunks
 * and index as in process, the worker's own thread free meanwhile, and a reference that needs more memory or time
 * than allowed fails with a reason, in the child alone.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { buildIndex } from '../../../activities/indexing/bm25';
import { chunkSections } from '../../../activities/indexing/chunking';
import { indexInSandbox, type IndexOutcome } from '../../../activities/indexing/sandbox';
import type { Section } from '../../../activities/parsing/types';
import { turnsDuring } from '../../support/event-loop';

const paragraph = (i: number) =>
  `Criterion ${i}: the essay states a thesis, cites peer-reviewed sources and answers objections (評価 ${i}).`;

function sections(count: number, paragraphs: number): Section[] {
  return Array.from({ length: count }, (_, s) => ({
    kind: 'page' as const,
    index: s + 1,
    label: `Page ${s + 1}`,
    text: [`# Part ${s + 1}`, ...Array.from({ length: paragraphs }, (_, p) => paragraph(s * paragraphs + p))].join(
      '\n\n',
    ),
  }));
}

/** The stored text's JSON, as extraction stores it. */
const stored = (input: Section[]) =>
  Buffer.from(JSON.stringify({ format: 'md', mime_type: 'text/markdown', page_count: null, sections: input }));

function indexed(outcome: IndexOutcome) {
  if (!outcome.indexed) throw new Error(`not indexed: ${outcome.reason}`);
  return outcome;
}

/**
 * The indexing sandboxes this process runs now, from /proc (Linux). Only those: jest may run these tests in the
 * process that started the test stack's servers.
 */
function children(): number[] {
  return readdirSync('/proc/self/task')
    .flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('indexing/sandbox-child');
      } catch {
        return false; // it ended between the two reads
      }
    })
    .map(Number);
}

/** Waits (up to 5 s) for this process to have no indexing sandbox left: a killed child is reaped a moment later. */
async function noChildren(): Promise<number[]> {
  for (const deadline = Date.now() + 5000; children().length > 0 && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 20));
  return children();
}

it('builds exactly the chunks and index the worker would, from bytes or from a stream', async () => {
  const input = sections(12, 40);
  const chunks = chunkSections('ref_t', input);
  expect(chunks.length).toBeGreaterThan(12);
  for (const source of [stored(input), Readable.from([stored(input)])]) {
    const result = indexed(await indexInSandbox('ref_t', source));
    expect(result.chunks).toEqual(chunks);
    expect(gunzipSync(result.indexGz).toString('utf8')).toBe(buildIndex(chunks));
  }
});

it("leaves the worker's thread free while it indexes: its other callbacks keep running", async () => {
  // About 600,000 characters: most of a second of chunking and indexing, in which a build in process would let no
  // other callback run at all.
  const input = stored(sections(50, 110));
  const { result, turns } = await turnsDuring(() => indexInSandbox('ref_t', input));
  expect(indexed(result).chunks.at(-1)!.section.index).toBe(50);
  expect(turns).toBeGreaterThan(100);
});

it('fails a reference that needs more memory than allowed, with a reason, and the worker carries on', async () => {
  // 60 MB of stored text (what 20 M CJK characters take): holding and parsing it alone is over 250 MB.
  const huge = stored([{ kind: 'section', index: 1, label: 'All', text: 'x '.repeat(30_000_000) }]);
  const outcome = await indexInSandbox('ref_t', huge, { maxMemoryMb: 250 });
  expect(outcome).toMatchObject({ indexed: false, code: 'file_unprocessable' });
  expect(!outcome.indexed && outcome.reason).toMatch(/needed more than the 250 MB of memory allowed; split it/);
  expect(await noChildren()).toEqual([]);
  // A reference that fits is indexed under the same limit, by the same worker.
  expect(
    indexed(await indexInSandbox('ref_t', stored(sections(12, 40)), { maxMemoryMb: 250 })).chunks.length,
  ).toBeGreaterThan(12);
});

it('fails a reference that takes longer than allowed, and stops its child', async () => {
  const outcome = await indexInSandbox('ref_t', stored(sections(50, 110)), { timeoutMs: 300 });
  expect(outcome).toMatchObject({ indexed: false, code: 'file_unprocessable' });
  expect(!outcome.indexed && outcome.reason).toMatch(/did not finish within 300 ms/);
  expect(await noChildren()).toEqual([]);
});

it('stops the child when the activity is cancelled', async () => {
  const controller = new AbortController();
  const pending = indexInSandbox('ref_t', stored(sections(50, 110)), {}, controller.signal);
  await new Promise((r) => setTimeout(r, 200));
  expect(children()).toHaveLength(1);
  controller.abort();
  await expect(pending).rejects.toThrow('indexing was cancelled');
  expect(await noChildren()).toEqual([]);
});

it('rejects, for a retry, when the stored text is not what extraction writes', async () => {
  await expect(indexInSandbox('ref_t', Buffer.from('{"sections": [trunc'))).rejects.toThrow(/indexing failed/);
});

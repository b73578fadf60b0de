/**
 * The sandbox's own promises: a child process per upload, a deadline and a memory limit (resident memory, not
 * only the heap) that each end in `file_unprocessable`, neither affecting the next upload; input streamed with a
 * hard byte cap; schema inference done in the same child; token counts for input documents, when there is time.
 */
import { Readable } from 'node:stream';
import { countTokens } from '../../../activities/indexing/tokens';
import { extractInSandbox } from '../../../activities/parsing/sandbox';
import { COUNT_FROM_CHARS } from '../../../activities/parsing/token-counts';
import type { StoredSection } from '../../../domain/documents/stored-text';
import { lyingZip, makeDocument, SAMPLE_SENTENCES } from '../../support/files';

async function normalDocument() {
  return makeDocument('pdf', { sentences: SAMPLE_SENTENCES, pages: 2 });
}

it('stops extraction at the deadline as file_unprocessable, then extracts the next upload normally', async () => {
  const file = await normalDocument();
  // The reason names the deadline that stopped it: no clock needed to tell a stop from a finish.
  const late = await extractInSandbox(file.bytes, { filename: file.filename }, { timeoutMs: 30 });
  expect(late).toMatchObject({ extracted: false, code: 'file_unprocessable', sections: [] });
  expect(late.reason).toBe('processing the document did not finish within 30 ms and was stopped');

  const next = await normalDocument();
  const result = await extractInSandbox(next.bytes, { filename: next.filename });
  expect(result).toMatchObject({ extracted: true, format: 'pdf', page_count: 2 });
});

it('kills a parse that outgrows the memory limit as file_unprocessable, while small files fit the same limit', async () => {
  const limits = { maxMemoryMb: 128 };
  const small = Buffer.from('id,comment\n1,fine\n');
  expect(await extractInSandbox(small, { filename: 'small.csv' }, limits)).toMatchObject({ extracted: true });

  const rows = Array.from({ length: 400_000 }, (_, i) => `${i},alpha beta gamma,${i * 2},"delta, epsilon"`);
  const big = Buffer.from(rows.join('\n'));
  const result = await extractInSandbox(big, { filename: 'big.csv' }, limits);
  expect(result).toMatchObject({ extracted: false, code: 'file_unprocessable', sections: [] });
  expect(result.reason).toBe('processing the document needed more than the 128 MB of memory allowed');

  const next = await normalDocument();
  expect(await extractInSandbox(next.bytes, { filename: next.filename })).toMatchObject({ extracted: true });
});

it('counts memory outside the heap: a child that fills ArrayBuffers is stopped too', async () => {
  // 600 MB of declared zeros in a 600 KB deflate stream, in a zip whose directory claims a few bytes: the inflated
  // buffers live outside V8's heap, where --max-old-space-size alone would never see them.
  const file = await lyingZip('docx', 600 * 1024 * 1024);
  const result = await extractInSandbox(file.bytes, { filename: file.filename }, { maxMemoryMb: 256 });
  expect(result).toMatchObject({ extracted: false });
  expect(['file_unprocessable', 'corrupt']).toContain(result.code);
  // Stopped for its memory (or refused as corrupt before it grew), not left to run into the deadline.
  expect(result.reason).not.toMatch(/did not finish within/);
});

it('reads a stream no further than the upload limit', async () => {
  let produced = 0;
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  const endless = Readable.from(
    (function* () {
      for (let i = 0; i < 200; i++) {
        produced += chunk.length;
        yield chunk;
      }
    })(),
  );
  const result = await extractInSandbox(endless, { filename: 'huge.txt' });
  expect(result).toMatchObject({ extracted: false, code: 'file_too_large' });
  expect(result.reason).toBe('the file is over the 50 MB limit');
  // The cap stops pulling within a few chunks of 50 MB, not at the stream's 200 MB.
  expect(produced).toBeLessThan(56 * 1024 * 1024);
});

it('infers the schema of a structured file in the same child', async () => {
  const csv = Buffer.from('name,score,passed\nAda,9,true\nBob,7,false\n');
  const result = await extractInSandbox(csv, { filename: 'scores.csv' });
  expect(result.extracted).toBe(true);
  const items = (result.inferred_schema as { properties: { rows: { items: unknown } } }).properties.rows.items;
  expect(items).toMatchObject({
    properties: { name: { type: 'string' }, score: { type: 'integer' }, passed: { type: 'boolean' } },
  });
});

it('copies a view over part of a larger buffer, leaving the caller’s buffer intact', async () => {
  const backing = Buffer.from(`header|${SAMPLE_SENTENCES.join('\n')}|trailer`);
  const view = backing.subarray(7, backing.length - 8);
  const result = await extractInSandbox(view, { filename: 'notes.txt' });
  expect(result.sections[0]?.text).toBe(SAMPLE_SENTENCES.join('\n'));
  expect(backing.toString()).toContain('trailer');
});

it('treats a broken input stream as a failure to retry, never as a corrupt file', async () => {
  const broken = new Readable({
    read() {
      this.push(Buffer.from('The first half of a perfectly good text arrived, '));
      this.destroy(new Error('connection reset by the store'));
    },
  });
  await expect(extractInSandbox(broken, { filename: 'notes.txt' })).rejects.toThrow(
    /reading the upload failed: connection reset/,
  );
  const next = await normalDocument();
  expect(await extractInSandbox(next.bytes, { filename: next.filename })).toMatchObject({ extracted: true });
});

it('refuses a text whose stored form is over the output limit before the worker takes a byte of it', async () => {
  // 12 M control characters are valid UTF-8 text, and 72 MB once JSON escapes each as \u0001; a line break every
  // 64 KiB keeps the lines ordinary, so the stored size is what refuses it.
  const bytes = Buffer.alloc(12 * 1024 * 1024, 0x01);
  for (let at = 65_535; at < bytes.length; at += 65_536) bytes[at] = 0x0a;
  const result = await extractInSandbox(bytes, { filename: 'controls.txt' });
  expect(result).toMatchObject({ extracted: false, code: 'file_unprocessable', sections: [] });
  expect(result.reason).toBe("the document's text is over the 64 MB that can be stored");
});

describe('token counts for the runs (docs/decisions.md 257)', () => {
  // 100 pages of about 1,200 characters: long enough to be counted at extraction.
  const pages = Array.from({ length: 100 }, (_, p) =>
    Array.from(
      { length: 20 },
      (_, l) => `Page ${p + 1}, line ${l + 1}: the thesis is argued with evidence, 評価 ${p * l}.`,
    ).join('\n'),
  );
  const long = Buffer.from(pages.join('\n\n'));

  it('stores each section with its exact token count when asked, for a long document only', async () => {
    const counted = await extractInSandbox(long, { filename: 'essay.txt' }, { countTokensWithinMs: 10_000 });
    expect(counted.extracted).toBe(true);
    expect(counted.char_count).toBeGreaterThanOrEqual(COUNT_FROM_CHARS);
    expect(counted.sections.length).toBeGreaterThan(0);
    for (const section of counted.sections as StoredSection[]) expect(section.tokens).toBe(countTokens(section.text));

    const short = await extractInSandbox(
      Buffer.from(pages[0]!),
      { filename: 'short.txt' },
      { countTokensWithinMs: 10_000 },
    );
    expect(short.extracted).toBe(true);
    expect((short.sections as StoredSection[]).every((s) => s.tokens === undefined)).toBe(true);

    // References are counted by chunk, so they are extracted without counts.
    const uncounted = await extractInSandbox(long, { filename: 'essay.txt' });
    expect((uncounted.sections as StoredSection[]).every((s) => s.tokens === undefined)).toBe(true);
    expect(uncounted.sections.map((s) => s.text)).toEqual(counted.sections.map((s) => s.text));
  });

  it('extracts in full without counts when the time for counting is already spent', async () => {
    const late = await extractInSandbox(long, { filename: 'essay.txt' }, { countTokensWithinMs: 1 });
    expect(late).toMatchObject({ extracted: true, format: 'txt' });
    expect(late.sections.map((s) => s.text).join('')).toContain('Page 100, line 20');
    expect((late.sections as StoredSection[]).every((s) => s.tokens === undefined)).toBe(true);
  });
});

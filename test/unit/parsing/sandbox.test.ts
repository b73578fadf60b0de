/**
 * The sandbox's own promises: a deadline that ends in `timeout`, a heap limit that ends in `too_complex`, a fresh
 * worker per upload so that neither outcome affects the next, and bytes that are moved, not copied.
 */
import { extractInSandbox } from '../../../activities/parsing/sandbox';
import { makeDocument, SAMPLE_SENTENCES } from '../../support/files';

async function normalDocument() {
  return makeDocument('pdf', { sentences: SAMPLE_SENTENCES, pages: 2 });
}

it('stops extraction at the deadline with code timeout, then extracts the next upload normally', async () => {
  const file = await normalDocument();
  const started = Date.now();
  const late = await extractInSandbox(file.bytes, { filename: file.filename }, { timeoutMs: 30 });
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(late).toMatchObject({ extracted: false, code: 'timeout', sections: [] });
  expect(late.reason).toBe('extraction did not finish within 30 ms and was stopped');

  const next = await normalDocument();
  const result = await extractInSandbox(next.bytes, { filename: next.filename });
  expect(result).toMatchObject({ extracted: true, format: 'pdf', page_count: 2 });
});

it('ends a parse that outgrows the heap limit as too_complex, while small files fit the same limit', async () => {
  const limits = { maxMemoryMb: 64 };
  const small = Buffer.from('id,comment\n1,fine\n');
  expect(await extractInSandbox(small, { filename: 'small.csv' }, limits)).toMatchObject({ extracted: true });

  const rows = Array.from({ length: 400_000 }, (_, i) => `${i},alpha beta gamma,${i * 2},"delta, epsilon"`);
  const big = Buffer.from(rows.join('\n'));
  const result = await extractInSandbox(big, { filename: 'big.csv' }, limits);
  expect(result).toMatchObject({ extracted: false, code: 'too_complex', format: 'csv' });
  expect(result.reason).toBe('the document needs more than the 64 MB of memory allowed for extraction');

  const next = await normalDocument();
  expect(await extractInSandbox(next.bytes, { filename: next.filename })).toMatchObject({ extracted: true });
});

it('moves a whole buffer to the worker instead of copying it', async () => {
  const file = await makeDocument('docx', { sentences: SAMPLE_SENTENCES });
  const bytes = new Uint8Array(file.bytes); // owns its ArrayBuffer outright
  expect(bytes.byteLength).toBeGreaterThan(0);
  const result = await extractInSandbox(bytes, { filename: file.filename });
  expect(result.extracted).toBe(true);
  expect(bytes.byteLength).toBe(0); // detached: transferred, not cloned
});

it('copies a view over part of a larger buffer, leaving the caller’s buffer intact', async () => {
  const backing = Buffer.from(`header|${SAMPLE_SENTENCES.join('\n')}|trailer`);
  const view = backing.subarray(7, backing.length - 8);
  const result = await extractInSandbox(view, { filename: 'notes.txt' });
  expect(result.sections[0]?.text).toBe(SAMPLE_SENTENCES.join('\n'));
  expect(backing.toString()).toContain('trailer');
});

/**
 * The zip-bomb guard reads real archives' central directories (jszip-written, as Office files are zips) and
 * applies the three limits: total size, per-entry ratio, entry count.
 */
import JSZip from 'jszip';
import { looksLikeZip, readCentralDirectory, zipBombReason } from '../../../activities/parsing/zip-guard';
import { makeDocument, SAMPLE_SENTENCES, truncated, zipBomb } from '../../support/files';

const MB = 1024 * 1024;

it('reads the declared sizes of every entry of a real DOCX and lets it through', async () => {
  const file = await makeDocument('docx', { sentences: SAMPLE_SENTENCES });
  const zip = await JSZip.loadAsync(file.bytes);
  const directory = readCentralDirectory(file.bytes);

  expect(directory?.entryCount).toBe(Object.keys(zip.files).length);
  expect(directory?.entries).toHaveLength(Object.keys(zip.files).length);
  const document = await zip.file('word/document.xml')!.async('uint8array');
  expect(directory?.entries.map((e) => e.uncompressed)).toContain(document.length);
  expect(zipBombReason(directory!)).toBeNull();
});

it('sees the full declared size of the bomb fixture', async () => {
  const directory = readCentralDirectory((await zipBomb('docx')).bytes)!;
  const total = directory.entries.reduce((n, e) => n + e.uncompressed, 0);
  expect(total).toBeGreaterThanOrEqual(1024 * MB);
  expect(zipBombReason(directory)).toMatch(/^archive expands to 1\.0 GB \(limit 256 MB\)/);
});

it('refuses one highly compressed entry over 10 MB, but not a small one of the same ratio', () => {
  const big = { entryCount: 1, entries: [{ compressed: 50_000, uncompressed: 20 * MB }] };
  expect(zipBombReason(big)).toBe(
    'an archive entry expands 419:1 to 20 MB (limit 200:1 above 10 MB): refused as a possible zip bomb',
  );
  const small = { entryCount: 1, entries: [{ compressed: 1_000, uncompressed: 5 * MB }] };
  expect(zipBombReason(small)).toBeNull();
});

it('refuses an archive of more than 10,000 entries', async () => {
  const zip = new JSZip();
  for (let i = 0; i <= 10_000; i++) zip.file(`f${i}.txt`, '');
  const bytes = await zip.generateAsync({ type: 'uint8array' });
  const directory = readCentralDirectory(bytes)!;
  expect(directory.entryCount).toBe(10_001);
  expect(zipBombReason(directory)).toBe('archive has 10,001 entries (limit 10,000): refused as a possible zip bomb');
});

it('finds no directory in a zip cut in half, and none in bytes that are not a zip', async () => {
  const half = await truncated('xlsx');
  expect(looksLikeZip(half.bytes)).toBe(true);
  expect(readCentralDirectory(half.bytes)).toBeNull();
  expect(looksLikeZip(Buffer.from('%PDF-1.7'))).toBe(false);
});

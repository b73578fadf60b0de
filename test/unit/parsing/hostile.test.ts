/**
 * Files built to hurt a parser, and files that are simply wrong, all run through the sandbox as the worker will
 * run them: each must end `extracted: false` with a code and a sentence a client can act on, quickly, and the
 * next ordinary upload must extract as if nothing had happened.
 */
import { randomBytes } from 'node:crypto';
import { extractInSandbox } from '../../../activities/parsing/sandbox';
import type { Extraction } from '../../../activities/parsing/types';
import {
  empty,
  FORMATS,
  makeDocument,
  mismatched,
  pdfThatLoops,
  SAMPLE_SENTENCES,
  truncated,
  xmlBillionLaughs,
  xmlExternalEntity,
  zipBomb,
  type GeneratedFile,
  type TextFormat,
} from '../../support/files';

/** Well under jest's 60 s: a hostile file that is not stopped by then fails the test rather than timing it out. */
const DEADLINE_MS = 15_000;

async function run(file: GeneratedFile, limits = { timeoutMs: DEADLINE_MS }): Promise<{ result: Extraction }> {
  const result = await extractInSandbox(file.bytes, { filename: file.filename, declaredMime: file.mimeType }, limits);
  return { result };
}

/**
 * The same archive with every byte before its central directory (local headers and compressed data) overwritten,
 * its first four kept so that it still looks like a zip: whatever reads or inflates an entry now meets garbage and
 * would answer `corrupt`. A refusal of this one as a bomb was decided from the central directory alone.
 */
function onlyCentralDirectoryIntact(file: GeneratedFile): GeneratedFile {
  const bytes = Buffer.from(file.bytes);
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directoryAt = bytes.readUInt32LE(eocd + 16);
  bytes.fill(0xff, 4, directoryAt);
  return { ...file, bytes };
}

/** The recovery check: an ordinary document straight after a hostile one. */
async function expectNormalDocumentStillExtracts(format: TextFormat = 'docx'): Promise<void> {
  const { result } = await run(await makeDocument(format, { sentences: SAMPLE_SENTENCES }));
  expect(result.extracted).toBe(true);
  expect(result.sections.map((s) => s.text).join('\n')).toContain(SAMPLE_SENTENCES[0]);
}

function expectRefused(result: Extraction, code: Extraction['code']): void {
  expect(result).toMatchObject({ extracted: false, code, sections: [], char_count: 0 });
  expect(result.reason).toEqual(expect.any(String));
  // One plain sentence: no stack trace, no server path.
  expect(result.reason).not.toMatch(/\n|\bat .+:\d+|\/work\/|node_modules/);
}

describe.each(['docx', 'xlsx', 'pptx'] as const)('a %s zip bomb (1 GB declared in about 1 MB)', (kind) => {
  it('is refused from its central directory before anything inflates, and the next upload is fine', async () => {
    const bomb = await zipBomb(kind);
    expect(bomb.bytes.length).toBeLessThan(3 * 1024 * 1024);

    const reason = 'archive expands to 1.0 GB (limit 256 MB): refused as a possible zip bomb';
    const { result } = await run(bomb);
    expectRefused(result, 'zip_bomb');
    expect(result.format).toBe(kind);
    expect(result.reason).toBe(reason);
    // Nothing was inflated: with its entries' data destroyed, the answer is the same refusal, not `corrupt`.
    const { result: blind } = await run(onlyCentralDirectoryIntact(bomb));
    expectRefused(blind, 'zip_bomb');
    expect(blind.reason).toBe(reason);
    await expectNormalDocumentStillExtracts(kind);
  });
});

describe('XML entity attacks', () => {
  it('refuses billion laughs without expanding anything', async () => {
    const { result } = await run(xmlBillionLaughs());
    expectRefused(result, 'xml_entities');
    // Refused for declaring entities, before any is expanded: an expansion would end in `timeout` or a memory refusal.
    expect(result.reason).toMatch(/declares entities in its DOCTYPE/);
  });

  it('refuses an external entity and never reads the file it names', async () => {
    const { result } = await run(xmlExternalEntity());
    expectRefused(result, 'xml_entities');
    expect(JSON.stringify(result)).not.toMatch(/root:/);
    await expectNormalDocumentStillExtracts('xml');
  });
});

it('stops a PDF with a circular page tree and a self-referencing xref, and the next PDF is fine', async () => {
  const { result } = await run(pdfThatLoops());
  expect(result.extracted).toBe(false);
  // pdf.js notices the cycle and gives up (corrupt); a pdf.js that looped would be stopped by the sandbox's deadline
  // and answer `timeout`, which this refuses: the code, not the time taken, says the loop was noticed.
  expect(['corrupt', 'file_unprocessable']).toContain(result.code);
  expect(result.reason).toMatch(/PDF|extraction/);
  await expectNormalDocumentStillExtracts('pdf');
});

describe.each(['pdf', 'docx', 'xlsx', 'xls', 'pptx', 'json', 'xml'] as const)('a %s cut in half', (format) => {
  it('is reported corrupt, naming the format', async () => {
    const { result } = await run(await truncated(format));
    expectRefused(result, 'corrupt');
    expect(result.format).toBe(format);
    expect(result.reason).toContain(format.toUpperCase());
  });
});

describe('files that are not what their name says', () => {
  it('refuses PDF bytes named report.docx, saying what they look like', async () => {
    const { result } = await run(await mismatched());
    expectRefused(result, 'type_mismatch');
    expect(result.reason).toBe('content is not a DOCX file (looks like PDF)');
    expect(result).toMatchObject({ format: null, mime_type: 'application/pdf' });
  });

  it('refuses random bytes named .pdf', async () => {
    const { result } = await run({ bytes: randomBytes(4096), filename: 'scan.pdf', mimeType: 'application/pdf' });
    expectRefused(result, 'type_mismatch');
    expect(result.reason).toBe('content is not a PDF file (unrecognised content)');
  });

  it('refuses a spreadsheet named .txt, and text that is not UTF-8', async () => {
    const sheet = await makeDocument('xlsx', { sentences: SAMPLE_SENTENCES });
    const asText = await run({ ...sheet, filename: 'notes.txt' });
    expectRefused(asText.result, 'type_mismatch');
    expect(asText.result.reason).toBe('content is not a TXT file (looks like XLSX)');

    const menu = Buffer.from('Caf\xe9 cr\xe8me br\xfbl\xe9e', 'latin1');
    const latin1 = await run({ bytes: menu, filename: 'menu.txt', mimeType: 'text/plain' });
    expectRefused(latin1.result, 'type_mismatch');
    expect(latin1.result.reason).toMatch(/not UTF-8/);
  });

  it('turns away legacy .doc files with advice', async () => {
    const { result } = await run({ bytes: randomBytes(2048), filename: 'minutes.doc', mimeType: 'application/msword' });
    expectRefused(result, 'unsupported_type');
    expect(result.reason).toMatch(/\.doc files are not supported; save it as DOCX/);
  });
});

it('reports an empty file of every format as empty_file', async () => {
  for (const format of FORMATS) {
    const { result } = await run(empty(format));
    expectRefused(result, 'empty_file');
  }
});

it('refuses a file over 50 MB without parsing it', async () => {
  const { result } = await run({ bytes: Buffer.alloc(52_428_801, 0x61), filename: 'huge.txt', mimeType: 'text/plain' });
  expectRefused(result, 'file_too_large');
  expect(result.reason).toBe('the file is 52,428,801 bytes, over the 50 MB limit');
});

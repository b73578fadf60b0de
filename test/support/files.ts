/**
 * Test fixtures made by real writers (pdf-lib, docx, SheetJS, pptxgenjs, csv-stringify, fast-xml-parser), so the
 * parsers are tested against files as those libraries really write them, and hostile files built in code with
 * their offsets, sizes and checksums computed, never pasted bytes.
 *
 * `pages` spreads the sentences over that many units, in order: PDF pages, PPTX slides, XLSX/XLS sheets named
 * "Part N", DOCX and Markdown sections headed "Part N". The other formats have no such units and ignore it.
 */
import { constants as zlibConstants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { stringify } from 'csv-stringify/sync';
import { Document, HeadingLevel, Packer, PageBreak, Paragraph } from 'docx';
import { XMLBuilder } from 'fast-xml-parser';
import JSZip from 'jszip';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import type { DocFormat } from '../../activities/parsing/types';
import { MIME_BY_FORMAT } from '../../domain/documents/uploads';

export interface GeneratedFile {
  bytes: Buffer;
  filename: string;
  mimeType: string;
}

export interface DocumentSpec {
  sentences: string[];
  pages?: number;
}

/** The formats generated here from sentences; images are made as scans (scanned-page.ts) and read by OCR. */
export type TextFormat = Exclude<DocFormat, 'png' | 'jpeg' | 'tiff'>;

export const FORMATS: TextFormat[] = ['pdf', 'docx', 'xlsx', 'xls', 'pptx', 'txt', 'md', 'csv', 'json', 'xml'];

/** What a browser would declare for each extension. */
const MIME: Record<DocFormat, string> = MIME_BY_FORMAT;

/** The name of unit `n` (1-based) in formats that name their units. */
export const partName = (n: number): string => `Part ${n}`;

/** The sentences of each unit: contiguous runs, as even as the count allows. */
export function splitIntoPages(sentences: string[], pages = 1): string[][] {
  return Array.from({ length: pages }, (_, page) =>
    sentences.filter((_, i) => Math.floor((i * pages) / sentences.length) === page),
  );
}

export async function makeDocument(format: TextFormat, spec: DocumentSpec): Promise<GeneratedFile> {
  const parts = splitIntoPages(spec.sentences, spec.pages ?? 1);
  const file = (bytes: Buffer): GeneratedFile => ({ bytes, filename: `fixture.${format}`, mimeType: MIME[format] });
  switch (format) {
    case 'pdf':
      return file(await pdf(parts));
    case 'docx':
      return file(await docx(parts));
    case 'xlsx':
    case 'xls':
      return file(spreadsheet(parts, format === 'xlsx' ? 'xlsx' : 'biff8'));
    case 'pptx':
      return file(await pptx(parts));
    case 'txt':
      return file(Buffer.from(`${spec.sentences.join('\n')}\n`));
    case 'md':
      return file(Buffer.from(parts.map((p, i) => `# ${partName(i + 1)}\n\n${p.join('\n\n')}\n`).join('\n')));
    case 'csv':
      return file(Buffer.from(stringify([['id', 'sentence'], ...spec.sentences.map((s, i) => [i + 1, s])])));
    case 'json':
      return file(Buffer.from(JSON.stringify({ title: 'Fixture', sentences: spec.sentences }, null, 2)));
    case 'xml':
      return file(Buffer.from(xml(spec.sentences)));
  }
}

async function pdf(parts: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const sentences of parts) {
    const page = doc.addPage([612, 792]);
    sentences.forEach((sentence, line) => page.drawText(sentence, { x: 50, y: 740 - line * 20, size: 12, font }));
  }
  return Buffer.from(await doc.save());
}

/** A PDF whose pages carry only a drawn rectangle: what a scan looks like to a text extractor. */
export async function scannedPdf(pages = 1): Promise<GeneratedFile> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    doc.addPage([612, 792]).drawRectangle({ x: 50, y: 50, width: 512, height: 692, color: rgb(0.85, 0.85, 0.8) });
  }
  return { bytes: Buffer.from(await doc.save()), filename: 'scan.pdf', mimeType: MIME.pdf };
}

async function docx(parts: string[][]): Promise<Buffer> {
  const children = parts.flatMap((sentences, i) => [
    new Paragraph({ text: partName(i + 1), heading: HeadingLevel.HEADING_1 }),
    ...sentences.map((s) => new Paragraph(s)),
    ...(i < parts.length - 1 ? [new Paragraph({ children: [new PageBreak()] })] : []),
  ]);
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

function spreadsheet(parts: string[][], bookType: 'xlsx' | 'biff8'): Buffer {
  const workbook = XLSX.utils.book_new();
  parts.forEach((sentences, i) => {
    const rows = [['#', 'Sentence'], ...sentences.map((s, n) => [n + 1, s])];
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), partName(i + 1));
  });
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
}

async function pptx(parts: string[][]): Promise<Buffer> {
  const deck = new PptxGenJS();
  parts.forEach((sentences, i) => {
    const slide = deck.addSlide();
    slide.addText(partName(i + 1), { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28 });
    slide.addText(
      sentences.map((text) => ({ text, options: { breakLine: true } })),
      { x: 0.5, y: 1.3, w: 9, h: 4, fontSize: 14 },
    );
  });
  const written = await withoutNodeDetection(() => deck.write({ outputType: 'nodebuffer' }));
  return Buffer.from(written as Uint8Array);
}

/**
 * pptxgenjs starts loading `fs` and `https` with a native `import()` whenever it sees Node, even for decks without
 * media; jest's module sandbox rejects native dynamic imports, and the stray rejection fails the test. A text-only
 * deck needs neither module, so it is written with Node detection (`process.release.name`) briefly off.
 */
async function withoutNodeDetection<T>(write: () => Promise<T>): Promise<T> {
  const release = process.release;
  Object.defineProperty(process, 'release', { value: { ...release, name: 'fixture-writer' }, configurable: true });
  try {
    return await write();
  } finally {
    Object.defineProperty(process, 'release', { value: release, configurable: true, enumerable: true });
  }
}

function xml(sentences: string[]): string {
  const builder = new XMLBuilder({ format: true, ignoreAttributes: false });
  const declaration = { '@_version': '1.0', '@_encoding': 'UTF-8' };
  return builder.build({ '?xml': declaration, document: { title: 'Fixture', sentence: sentences } });
}

// ---- hostile files ----

const BOMB_PART: Record<'docx' | 'xlsx' | 'pptx', string> = {
  docx: 'word/document.xml',
  xlsx: 'xl/worksheets/sheet1.xml',
  pptx: 'ppt/slides/slide1.xml',
};

/**
 * A real document whose main part, plus 15 padding parts, are each 64 MB of zeros: 1 GB declared, about 1 MB on
 * disk. Deflate's output for a run of zeros is the same whatever the entry, so it is computed once and handed to
 * jszip as already-compressed data (its `CompressedObject`, the form jszip itself uses for loaded entries).
 */
export async function zipBomb(kind: 'docx' | 'xlsx' | 'pptx'): Promise<GeneratedFile> {
  const base = await makeDocument(kind, { sentences: ['This document hides a bomb.'] });
  const zip = await JSZip.loadAsync(base.bytes);
  const zeros = Buffer.alloc(64 * 1024 * 1024);
  const compressed = deflateRawSync(zeros, { level: 9 });
  const checksum = crc32(zeros);
  // Internal module, no typings: the constructor's documented parameters, as jszip's own loader passes them.
  const { CompressedObject, DEFLATE } = jszipInternals();
  for (const name of [BOMB_PART[kind], ...Array.from({ length: 15 }, (_, i) => `customXml/padding${i + 1}.xml`)]) {
    zip.file(name, new CompressedObject(compressed.length, zeros.length, checksum, DEFLATE, compressed) as never);
  }
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { bytes, filename: `bomb.${kind}`, mimeType: MIME[kind] };
}

interface JSZipInternals {
  CompressedObject: new (
    compressedSize: number,
    uncompressedSize: number,
    crc32: number,
    compression: unknown,
    data: Uint8Array,
  ) => object;
  DEFLATE: unknown;
}

function jszipInternals(): JSZipInternals {
  const CompressedObject = require('jszip/lib/compressedObject') as JSZipInternals['CompressedObject'];
  const { DEFLATE } = require('jszip/lib/compressions') as { DEFLATE: unknown };
  return { CompressedObject, DEFLATE };
}

export function xmlBillionLaughs(): GeneratedFile {
  const levels = Array.from({ length: 9 }, (_, i) => {
    const inner = i === 0 ? 'lol' : `&lol${i - 1};`.repeat(10);
    return `  <!ENTITY lol${i} "${inner}">`;
  });
  const text = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${levels.join('\n')}\n]>\n<lolz>&lol8;</lolz>\n`;
  return { bytes: Buffer.from(text), filename: 'laughs.xml', mimeType: MIME.xml };
}

export function xmlExternalEntity(): GeneratedFile {
  const text =
    '<?xml version="1.0"?>\n<!DOCTYPE report [\n  <!ENTITY secret SYSTEM "file:///etc/passwd">\n]>\n' +
    '<report><owner>&secret;</owner></report>\n';
  return { bytes: Buffer.from(text), filename: 'report.xml', mimeType: MIME.xml };
}

/**
 * A PDF whose page tree is a cycle (a Pages node that lists its own parent and itself as kids) and whose
 * cross-reference table names itself as its previous revision: a naive reader recurses or loops forever.
 */
export function pdfThatLoops(): GeneratedFile {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 3 0 R] /Count 1000000 >>',
  ];
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Prev ${xrefAt} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return { bytes: Buffer.from(body, 'latin1'), filename: 'loop.pdf', mimeType: MIME.pdf };
}

/** A valid file of `format`, cut in half. */
export async function truncated(format: TextFormat): Promise<GeneratedFile> {
  const whole = await makeDocument(format, { sentences: SAMPLE_SENTENCES, pages: 2 });
  return {
    ...whole,
    bytes: whole.bytes.subarray(0, Math.floor(whole.bytes.length / 2)),
    filename: `truncated.${format}`,
  };
}

/** A real PDF uploaded under a Word name. */
export async function mismatched(): Promise<GeneratedFile> {
  const pdfFile = await makeDocument('pdf', { sentences: SAMPLE_SENTENCES });
  return { bytes: pdfFile.bytes, filename: 'report.docx', mimeType: MIME.docx };
}

export function empty(format: DocFormat): GeneratedFile {
  return { bytes: Buffer.alloc(0), filename: `empty.${format}`, mimeType: MIME[format] };
}

export const SAMPLE_SENTENCES = [
  'The applicant describes a clear plan for the first year.',
  'Budget figures are consistent across all tables.',
  'Risks are named, and each has an owner and a mitigation.',
  'The evaluation rubric weights impact above novelty.',
  'References follow the house style without exception.',
  'The summary fits on a single page.',
];

// ---- the hostile corpus of the worker-level tests: built as streams of deflate blocks, never as the GBs they
// ---- expand to

const MB = 1024 * 1024;

/**
 * Raw deflate of `bytes` bytes of `fill`, made from one 1 MB block compressed with a full flush (which resets the
 * dictionary, so every block is the same bytes) repeated, then an empty final block: 2 GB of zeros costs ~2 MB.
 */
export function deflateOfRepeated(bytes: number, fill = 0): Buffer {
  const block = deflateRawSync(Buffer.alloc(MB, fill), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const count = Math.ceil(bytes / MB);
  // BFINAL=1, BTYPE=01 (fixed Huffman), end-of-block: the 10 bits 1,10,0000000 → 0x03 0x00.
  return Buffer.concat([...Array.from({ length: count }, () => block), Buffer.from([0x03, 0x00])]);
}

interface ZipEntryInput {
  name: string;
  data: Buffer;
  /** Already raw-deflated data and the sizes and checksum to declare for it (a liar declares small ones). */
  deflated?: { declaredSize: number; crc: number };
}

/** A zip written by hand, so that what each entry declares can differ from what it holds. */
export function writeZip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = entry.deflated ? entry.data : deflateRawSync(entry.data);
    const size = entry.deflated ? entry.deflated.declaredSize : entry.data.length;
    const crc = entry.deflated ? entry.deflated.crc : crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Every entry of a real document, uncompressed. */
async function entriesOf(file: GeneratedFile): Promise<ZipEntryInput[]> {
  const zip = await JSZip.loadAsync(file.bytes);
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  return Promise.all(names.map(async (name) => ({ name, data: await zip.file(name)!.async('nodebuffer') })));
}

/**
 * A real document whose main part inflates to `expandsTo` bytes of spaces while its central directory (and local
 * header) declare 40 KB: the zip guard's arithmetic sees an ordinary file, and only the inflating reveals it.
 */
export async function lyingZip(kind: 'docx' | 'xlsx' | 'pptx', expandsTo = 2 * 1024 * MB): Promise<GeneratedFile> {
  const entries = await entriesOf(await makeDocument(kind, { sentences: ['This document lies about its size.'] }));
  const bomb = {
    name: BOMB_PART[kind],
    data: deflateOfRepeated(expandsTo, 0x20),
    deflated: { declaredSize: 40_960, crc: 0 },
  };
  const bytes = writeZip([...entries.filter((e) => e.name !== BOMB_PART[kind]), bomb]);
  return { bytes, filename: `lying.${kind}`, mimeType: MIME[kind] };
}

/** A one-page PDF whose content stream is a FlateDecode stream of `expandsTo` bytes of spaces (~1 MB per GB). */
export function pdfFlateBomb(expandsTo = 1024 * MB): GeneratedFile {
  const raw = deflateOfRepeated(expandsTo, 0x20);
  // zlib wrapper: header, raw deflate, Adler-32 of the data (for n spaces: a = 1 + 32n, b = Σ a, both mod 65521).
  const n = BigInt(expandsTo);
  const a = (1n + 32n * n) % 65521n;
  const b = (n + 32n * ((n * (n + 1n)) / 2n)) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a), 0);
  const stream = Buffer.concat([Buffer.from([0x78, 0x9c]), raw, adler]);
  const head = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const push = (chunk: Buffer) => {
    parts.push(chunk);
    length += chunk.length;
  };
  head.forEach((object, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
  });
  offsets.push(length);
  push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xrefAt = length;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${rows}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    ),
  );
  return { bytes: Buffer.concat(parts), filename: 'bomb.pdf', mimeType: MIME.pdf };
}

/** A real DOCX or XLSX whose main part declares nested entities (billion laughs) in a DOCTYPE. */
export async function ooxmlWithEntities(kind: 'docx' | 'xlsx'): Promise<GeneratedFile> {
  const entries = await entriesOf(await makeDocument(kind, { sentences: ['Entities hide in here.'] }));
  const laughs = xmlBillionLaughs().bytes.toString().replace('<lolz>&lol8;</lolz>', '');
  const root = kind === 'docx' ? 'w:document' : 'worksheet';
  const patched = entries.map((e) =>
    e.name === BOMB_PART[kind]
      ? {
          ...e,
          data: Buffer.from(
            e.data
              .toString()
              .replace(/^<\?xml[^>]*\?>\s*/, laughs.replace('lolz', root))
              .replace(/(<(w:t|v)>)[^<]*/, '$1&lol8;'),
          ),
        }
      : e,
  );
  return { bytes: writeZip(patched), filename: `entities.${kind}`, mimeType: MIME[kind] };
}

/** An XLSX whose one sheet has `rows` rows of three cells, its XML deflated as it is generated. */
export async function xlsxWithRows(rows = 1_000_000): Promise<GeneratedFile> {
  const entries = await entriesOf(await makeDocument('xlsx', { sentences: ['A sheet with many rows.'] }));
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  let declared = 0;
  let crc = 0;
  const write = (text: string) => {
    const chunk = Buffer.from(text);
    declared += chunk.length;
    crc = crc32(chunk, crc);
    deflate.write(chunk);
  };
  write(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:C${rows}"/><sheetData>`,
  );
  for (let from = 1; from <= rows; from += 10_000) {
    let block = '';
    for (let r = from; r < Math.min(from + 10_000, rows + 1); r++) {
      block += `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}" t="inlineStr"><is><t>row ${r}</t></is></c><c r="C${r}"><v>${r * 2}</v></c></row>`;
    }
    write(block);
  }
  write('</sheetData></worksheet>');
  await new Promise<void>((resolve) => {
    deflate.on('end', resolve);
    deflate.end();
  });
  const sheet = { name: BOMB_PART.xlsx, data: Buffer.concat(out), deflated: { declaredSize: declared, crc } };
  const bytes = writeZip([...entries.filter((e) => e.name !== BOMB_PART.xlsx), sheet]);
  return { bytes, filename: 'rows.xlsx', mimeType: MIME.xlsx };
}

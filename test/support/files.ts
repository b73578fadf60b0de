/**
 * Test fixtures made by real writers (pdf-lib, docx, SheetJS, pptxgenjs, csv-stringify, fast-xml-parser), so the
 * parsers are tested against files as those libraries really write them, and hostile files built in code with
 * their offsets, sizes and checksums computed, never pasted bytes.
 *
 * `pages` spreads the sentences over that many units, in order: PDF pages, PPTX slides, XLSX/XLS sheets named
 * "Part N", DOCX and Markdown sections headed "Part N". The other formats have no such units and ignore it.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { stringify } from 'csv-stringify/sync';
import { Document, HeadingLevel, Packer, PageBreak, Paragraph } from 'docx';
import { XMLBuilder } from 'fast-xml-parser';
import JSZip from 'jszip';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import type { DocFormat } from '../../activities/parsing/types';
import { MIME_BY_FORMAT } from '../../domain/uploads';

export interface GeneratedFile {
  bytes: Buffer;
  filename: string;
  mimeType: string;
}

export interface DocumentSpec {
  sentences: string[];
  pages?: number;
}

export const FORMATS: DocFormat[] = ['pdf', 'docx', 'xlsx', 'xls', 'pptx', 'txt', 'md', 'csv', 'json', 'xml'];

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

export async function makeDocument(format: DocFormat, spec: DocumentSpec): Promise<GeneratedFile> {
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
export async function truncated(format: DocFormat): Promise<GeneratedFile> {
  const whole = await makeDocument(format, { sentences: SAMPLE_SENTENCES, pages: 2 });
  return { ...whole, bytes: whole.bytes.subarray(0, Math.floor(whole.bytes.length / 2)), filename: `truncated.${format}` };
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

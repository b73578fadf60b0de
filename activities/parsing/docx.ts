/**
 * DOCX through mammoth. mammoth's own raw-text output flattens headings away, so this walks the document tree that
 * mammoth hands to `transformDocument` (the same tree `extractRawText` reads) and starts a section at each heading
 * paragraph, labelled with the heading's text. The HTML mammoth then renders is discarded.
 */
import mammoth from 'mammoth';
import type { Parsed, Section } from './types';

/** The parts of mammoth's document model this walk reads (lib/documents.js). */
interface DocElement {
  type: string;
  value?: string;
  styleId?: string | null;
  styleName?: string | null;
  children?: DocElement[];
}

const HEADING_STYLE = /^(heading\s*\d|title)$/i;

export async function parseDocx(bytes: Uint8Array): Promise<Parsed> {
  let body: DocElement | undefined;
  await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    {
      externalFileAccess: false,
      // Images would otherwise be base64-encoded into the discarded HTML.
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      transformDocument: (document: DocElement) => {
        body = document;
        return document;
      },
    },
  );
  return { pageCount: null, sections: body ? sectionsOf(body) : [] };
}

function sectionsOf(document: DocElement): Section[] {
  const sections: Section[] = [];
  let current: Section = { kind: 'section', index: 1, label: 'Text', text: '' };
  const paragraphs: DocElement[] = [];
  collectParagraphs(document, paragraphs);
  for (const paragraph of paragraphs) {
    const text = textOf(paragraph);
    if (isHeading(paragraph) && text.trim() !== '') {
      if (current.text.trim() !== '') sections.push(current);
      current = { kind: 'section', index: sections.length + 1, label: text.trim(), text: '' };
    }
    current.text += `${text}\n`;
  }
  if (current.text.trim() !== '' || sections.length === 0) sections.push(current);
  return sections.map((s) => ({ ...s, text: s.text.trim() }));
}

function collectParagraphs(element: DocElement, into: DocElement[]): void {
  if (element.type === 'paragraph') into.push(element);
  else for (const child of element.children ?? []) collectParagraphs(child, into);
}

function isHeading(paragraph: DocElement): boolean {
  return HEADING_STYLE.test(paragraph.styleName ?? '') || HEADING_STYLE.test(paragraph.styleId ?? '');
}

function textOf(element: DocElement): string {
  if (element.type === 'text') return element.value ?? '';
  if (element.type === 'tab') return '\t';
  if (element.type === 'break') return '\n';
  return (element.children ?? []).map(textOf).join('');
}

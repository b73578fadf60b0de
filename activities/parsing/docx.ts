/**
 * DOCX through mammoth, as structured Markdown (markdown.ts): this walks the document tree that mammoth hands to
 * `transformDocument` (the HTML mammoth then renders is discarded). Heading styles become `#` lines and start a
 * section labelled with the heading's text; numbered and bulleted paragraphs become list items at their level;
 * tables become pipe tables with merged cells repeated; footnotes, endnotes and comments follow the section that
 * refers to them.
 */
import mammoth from 'mammoth';
import { heading, joinBlocks, listItem, pipeTable, spanGrid } from './markdown';
import type { Parsed, Section } from './types';

/** The parts of mammoth's document model this walk reads (lib/documents.js). */
interface DocElement {
  type: string;
  value?: string;
  styleId?: string | null;
  styleName?: string | null;
  numbering?: { level?: string | number; isOrdered?: boolean } | null;
  children?: DocElement[];
  colSpan?: number;
  rowSpan?: number;
  isHeader?: boolean;
  noteType?: string;
  noteId?: string;
  commentId?: string;
  body?: DocElement[];
  authorName?: string | null;
}

interface DocumentRoot extends DocElement {
  notes?: { findNoteByKey?: (key: string) => DocElement | null };
  comments?: DocElement[];
}

const HEADING_LEVEL = /^(?:heading\s*(\d)|(title))$/i;

export async function parseDocx(bytes: Uint8Array): Promise<Parsed> {
  let body: DocumentRoot | undefined;
  await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    {
      externalFileAccess: false,
      // Images would otherwise be base64-encoded into the discarded HTML.
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      transformDocument: (document: DocumentRoot) => {
        body = document;
        return document;
      },
    },
  );
  return { pageCount: null, sections: body ? new Writer(body).sections() : [] };
}

class Writer {
  private readonly done: Section[] = [];
  private label = 'Text';
  private blocks: string[] = [];
  private list: string[] = []; // consecutive list items: one block
  private notes: string[] = [];

  constructor(private readonly root: DocumentRoot) {}

  sections(): Section[] {
    for (const child of this.root.children ?? []) this.block(child);
    this.flush(true);
    return this.done;
  }

  private block(element: DocElement): void {
    if (element.type === 'paragraph') this.paragraph(element);
    else if (element.type === 'table') {
      this.endList();
      this.blocks.push(pipeTable(this.tableRows(element)).join('\n'));
    } else for (const child of element.children ?? []) this.block(child);
  }

  private paragraph(paragraph: DocElement): void {
    const text = this.inline(paragraph).trim();
    const level = headingLevel(paragraph);
    if (level !== null && text !== '') {
      this.flush(false);
      this.label = text.replace(/\s+/g, ' ');
      this.blocks.push(heading(level, text));
      return;
    }
    if (paragraph.numbering && text !== '') {
      this.list.push(listItem(Number(paragraph.numbering.level ?? 0), text, paragraph.numbering.isOrdered === true));
      return;
    }
    this.endList();
    if (text !== '') this.blocks.push(text);
  }

  /** A table's rows as a grid, merged cells repeated; a cell's paragraphs (and nested tables) on one line. */
  private tableRows(table: DocElement): string[][] {
    const rows = (table.children ?? []).filter((r) => r.type === 'tableRow');
    return spanGrid(
      rows.map((row) =>
        (row.children ?? [])
          .filter((c) => c.type === 'tableCell')
          .map((cell) => ({ text: this.cellText(cell), colSpan: cell.colSpan, rowSpan: cell.rowSpan })),
      ),
    );
  }

  private cellText(cell: DocElement): string {
    const parts: string[] = [];
    for (const child of cell.children ?? []) {
      if (child.type === 'table')
        parts.push(
          this.tableRows(child)
            .map((row) => row.join(' '))
            .join(' '),
        );
      else parts.push(this.inline(child));
    }
    return parts.join(' ');
  }

  private inline(element: DocElement): string {
    switch (element.type) {
      case 'text':
        return element.value ?? '';
      case 'tab':
        return '\t';
      case 'break':
        return '\n';
      case 'noteReference':
        return this.noteReference(element);
      case 'commentReference':
        return this.commentReference(element);
      default:
        return (element.children ?? []).map((c) => this.inline(c)).join('');
    }
  }

  private noteReference(reference: DocElement): string {
    const note = this.root.notes?.findNoteByKey?.(`${reference.noteType}-${reference.noteId}`);
    if (!note) return '';
    const marker = `[^${this.notes.length + 1}]`;
    const text = (note.body ?? []).map((b) => this.inline(b).trim()).join(' ');
    this.notes.push(`${marker}: ${text.replace(/\s+/g, ' ').trim()}`);
    return marker;
  }

  private commentReference(reference: DocElement): string {
    const comment = this.root.comments?.find((c) => c.commentId === reference.commentId);
    if (!comment) return '';
    const text = (comment.body ?? []).map((b) => this.inline(b).trim()).join(' ');
    const author = comment.authorName ? ` (${comment.authorName})` : '';
    this.notes.push(`> Comment${author}: ${text.replace(/\s+/g, ' ').trim()}`);
    return '';
  }

  private endList(): void {
    if (this.list.length > 0) this.blocks.push(this.list.join('\n'));
    this.list = [];
  }

  private flush(last: boolean): void {
    this.endList();
    if (this.notes.length > 0) this.blocks.push(this.notes.join('\n'));
    this.notes = [];
    const text = joinBlocks(this.blocks);
    if (text !== '' || (last && this.done.length === 0)) {
      this.done.push({ kind: 'section', index: this.done.length + 1, label: this.label, text });
    }
    this.blocks = [];
  }
}

function headingLevel(paragraph: DocElement): number | null {
  for (const name of [paragraph.styleName, paragraph.styleId]) {
    const match = HEADING_LEVEL.exec((name ?? '').trim());
    if (match) return match[2] ? 1 : Number(match[1]);
  }
  return null;
}

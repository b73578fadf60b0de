/**
 * The Word building blocks both docx paths share (object reports and re-typeset markdown): text runs that keep
 * line breaks, headings by level, and real Word tables. All text passes through `xmlSafe`, because one stray
 * control character from a model would make Word reject the file.
 */
import { HeadingLevel, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { Span } from './markdown-blocks';
import { xmlSafe } from './shape';

export interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  color?: string;
  font?: string;
}

/** Text as runs, one per line: Word ignores "\n" inside a run, so each further line starts with a break. */
export function textRuns(text: string, style: RunStyle = {}): TextRun[] {
  return xmlSafe(text)
    .split(/\r?\n|\r/)
    .map((line, index) => new TextRun({ ...style, text: line, ...(index > 0 ? { break: 1 } : {}) }));
}

export function spanRuns(spans: readonly Span[]): TextRun[] {
  return spans.flatMap((span) =>
    textRuns(span.text, {
      ...(span.bold ? { bold: true } : {}),
      ...(span.italic ? { italics: true } : {}),
      ...(span.code ? { font: MONOSPACE } : {}),
    }),
  );
}

export const MONOSPACE = 'Consolas';

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

/** Levels past Word's six built-in heading styles stay at the sixth. */
export function heading(level: number, runs: TextRun[]): Paragraph {
  const style = HEADINGS[Math.min(Math.max(level, 1), HEADINGS.length) - 1] ?? HeadingLevel.HEADING_6;
  return new Paragraph({ heading: style, children: runs });
}

/** Usable width of an A4 page with 1-inch margins, in twentieths of a point. */
const PAGE_WIDTH_TWIPS = 9026;

/**
 * A Word table with a shaded, repeating header row. Column widths are set as well as the table width because
 * LibreOffice and some Word versions collapse a grid that has none. Ragged rows are padded to the header.
 */
export function wordTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  cellRuns: (text: string) => TextRun[] = textRuns,
): Table {
  const columnWidth = Math.floor(PAGE_WIDTH_TWIPS / Math.max(header.length, 1));
  const cell = (runs: TextRun[], shaded: boolean): TableCell =>
    new TableCell({
      children: [new Paragraph({ children: runs })],
      width: { size: columnWidth, type: WidthType.DXA },
      ...(shaded ? { shading: { type: ShadingType.CLEAR, fill: 'E7E6E6', color: 'auto' } } : {}),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    columnWidths: header.map(() => columnWidth),
    rows: [
      new TableRow({ tableHeader: true, children: header.map((text) => cell(textRuns(text, { bold: true }), true)) }),
      ...rows.map((row) => new TableRow({ children: header.map((_, i) => cell(cellRuns(row[i] ?? ''), false)) })),
    ],
  });
}

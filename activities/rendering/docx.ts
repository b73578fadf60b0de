/**
 * The `.docx` file. An object output becomes a report: the title, scalar fields as "Label: value" lines, arrays of
 * objects as Word tables, lists as bullets, nested objects under sub-headings. A `{markdown}` output is
 * re-typeset from its markdown (docx-markdown.ts).
 */
import { Document, HeadingLevel, Packer, Paragraph, type Table } from 'docx';
import { MONOSPACE, heading, textRuns, wordTable } from './docx-parts';
import { markdownChildren } from './docx-markdown';
import { runLine } from './markdown';
import {
  cellOf,
  displayText,
  tableText,
  entriesOf,
  humanize,
  isPlainObject,
  isScalar,
  isTable,
  jsonText,
  markdownBody,
  unionKeys,
  xmlSafe,
  type PlainObject,
} from './shape';
import type { RenderMeta, RenderedFile } from './types';

type Child = Paragraph | Table;

export async function renderDocx(output: PlainObject, meta: RenderMeta): Promise<RenderedFile> {
  const body = markdownBody(output);
  // A markdown output carries its own headings; a second title above it would repeat the first.
  const children: Child[] =
    body !== undefined ? markdownChildren(body) : [...titleBlock(meta), ...objectChildren(output, 1)];
  const document = new Document({
    title: xmlSafe(meta.title),
    creator: 'Assay',
    description: xmlSafe(runLine(meta)),
    sections: [{ children }],
  });
  return {
    bytes: await Packer.toBuffer(document),
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  };
}

function titleBlock(meta: RenderMeta): Paragraph[] {
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, children: textRuns(meta.title) }),
    new Paragraph({ children: textRuns(runLine(meta), { italics: true, color: '666666' }) }),
  ];
}

function objectChildren(object: PlainObject, level: number): Child[] {
  const entries = entriesOf(object);
  if (entries.length === 0) return [new Paragraph({ children: textRuns('No fields.', { italics: true }) })];
  const children: Child[] = [];
  for (const [key, value] of entries) {
    if (!isScalar(value)) continue;
    children.push(
      new Paragraph({ children: [...textRuns(`${humanize(key)}: `, { bold: true }), ...textRuns(displayText(value))] }),
    );
  }
  for (const [key, value] of entries) {
    if (isScalar(value)) continue;
    // Word has six heading styles; anything nested deeper is shown as JSON under a bold label.
    if (level > 6) {
      children.push(new Paragraph({ children: textRuns(humanize(key), { bold: true }) }), jsonParagraph(value));
      continue;
    }
    children.push(heading(level, textRuns(humanize(key))), ...sectionChildren(value, level + 1));
  }
  return children;
}

function sectionChildren(value: unknown, level: number): Child[] {
  if (isTable(value)) {
    const keys = unionKeys(value);
    if (keys.length === 0) return [none()];
    const rows = value.map((row) => keys.map((key) => tableText(cellOf(row, key))));
    // An empty paragraph after a table keeps the next heading from sticking to its last row.
    return [wordTable(keys.map(humanize), rows), new Paragraph({})];
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return [none()];
    return value.map(
      (item) =>
        new Paragraph({
          bullet: { level: 0 },
          children: textRuns(isScalar(item) ? displayText(item) : jsonText(item)),
        }),
    );
  }
  if (isPlainObject(value) && entriesOf(value).length > 0) return objectChildren(value, level);
  return [none()];
}

function none(): Paragraph {
  return new Paragraph({ children: textRuns('None.', { italics: true }) });
}

function jsonParagraph(value: unknown): Paragraph {
  return new Paragraph({ children: textRuns(jsonText(value, 2), { font: MONOSPACE }) });
}

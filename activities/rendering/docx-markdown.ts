/**
 * A `{markdown}` output re-typeset as Word content: markdown headings become Word headings, bullets real bullets,
 * pipe tables real tables, so the .docx of a markdown run reads like a document rather than markdown source.
 */
import { BorderStyle, Paragraph, type Table } from 'docx';
import { MONOSPACE, heading, spanRuns, textRuns, wordTable } from './docx-parts';
import { parseBlocks, parseInline, type Block } from './markdown-blocks';

export function markdownChildren(markdown: string): (Paragraph | Table)[] {
  return parseBlocks(markdown).flatMap(blockChildren);
}

const inlineRuns = (text: string) => spanRuns(parseInline(text));

function blockChildren(block: Block): (Paragraph | Table)[] {
  switch (block.kind) {
    case 'heading':
      return [heading(block.level, inlineRuns(block.text))];
    case 'bullet':
      return [new Paragraph({ bullet: { level: block.level }, children: inlineRuns(block.text) })];
    case 'numbered':
      // Plain labels rather than Word numbering: the model's own numbers stay exactly as written.
      return [
        new Paragraph({
          indent: { left: 360 * (block.level + 2), hanging: 360 },
          children: [...textRuns(`${block.label} `), ...inlineRuns(block.text)],
        }),
      ];
    case 'table':
      return block.header.length === 0 ? [] : [wordTable(block.header, block.rows, inlineRuns), new Paragraph({})];
    case 'code':
      return [new Paragraph({ children: textRuns(block.text, { font: MONOSPACE }) })];
    case 'rule':
      return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'auto', space: 1 } } })];
    case 'paragraph':
      return [new Paragraph({ children: inlineRuns(block.text) })];
  }
}

/**
 * PPTX as structured Markdown (markdown.ts), one section per slide: the slide's title as a `#` heading, body
 * placeholders' paragraphs as list items at their outline level, text boxes as paragraphs, tables (`a:tbl`) as
 * pipe tables with merged cells repeated, and the speaker notes (the slide's notesSlide part) under a `## Notes`
 * heading. Slides come in presentation order (`p:sldIdLst` in presentation.xml, through its relationships), which
 * after any reordering in PowerPoint differs from the numbers in the part names; the part names are only the
 * fallback.
 */
import { posix } from 'node:path';
import JSZip from 'jszip';
import { heading, joinBlocks, listItem, pipeTable } from './markdown';
import { ExtractionFailure } from './result';
import type { Parsed, Section } from './types';
import { attributeOf, childrenOf, parseXml, tagOf, textOf, type XmlNode } from './xml-text';

const SLIDE_PART = /^ppt\/slides\/slide(\d+)\.xml$/;
const NOTES_TYPE = /\/notesSlide$/;

export async function parsePptx(bytes: Uint8Array): Promise<Parsed> {
  const zip = await JSZip.loadAsync(bytes);
  const slidePaths = await slideOrder(zip);
  if (slidePaths.length === 0 && !zip.file('ppt/presentation.xml')) {
    throw new ExtractionFailure('corrupt', 'the PPTX file has no presentation part; it is not a PowerPoint file');
  }
  const sections: Section[] = [];
  for (const [i, path] of slidePaths.entries()) {
    const what = `slide ${i + 1} of the PPTX file`;
    const blocks = shapeBlocks(parseXml(await zip.file(path)!.async('string'), what, { attributes: true }));
    const notesPath = await notesOf(zip, path);
    if (notesPath) {
      const notesXml = await zip.file(notesPath)!.async('string');
      const notes = shapeBlocks(parseXml(notesXml, `the notes of ${what}`, { attributes: true }), true);
      if (notes.length > 0) blocks.push(heading(2, 'Notes'), ...notes);
    }
    sections.push({ kind: 'slide', index: i + 1, label: `Slide ${i + 1}`, text: joinBlocks(blocks) });
  }
  return { pageCount: slidePaths.length, sections };
}

async function slideOrder(zip: JSZip): Promise<string[]> {
  const byName = zip
    .file(SLIDE_PART)
    .map((f) => f.name)
    .sort((a, b) => Number(SLIDE_PART.exec(a)![1]) - Number(SLIDE_PART.exec(b)![1]));
  const presentation = zip.file('ppt/presentation.xml');
  const rels = zip.file('ppt/_rels/presentation.xml.rels');
  if (!presentation || !rels) return byName;
  const targets = new Map<string, string>();
  for (const [tag] of (await rels.async('string')).matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : posix.join('ppt', target));
  }
  const ordered = [...(await presentation.async('string')).matchAll(/<p:sldId\b[^>]*>/g)]
    .map(([tag]) => targets.get(attribute(tag, 'r:id') ?? ''))
    .filter((path): path is string => path !== undefined && zip.file(path) !== null);
  return ordered.length > 0 ? ordered : byName;
}

/** These two parts are machine-written with plain attributes, and parseXml drops attributes: a regex reads them. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The notes part of a slide, from the slide's relationships. */
async function notesOf(zip: JSZip, slidePath: string): Promise<string | undefined> {
  const rels = zip.file(posix.join(posix.dirname(slidePath), '_rels', `${posix.basename(slidePath)}.rels`));
  if (!rels) return undefined;
  for (const [tag] of (await rels.async('string')).matchAll(/<Relationship\b[^>]*>/g)) {
    const target = attribute(tag, 'Target');
    if (!target || !NOTES_TYPE.test(attribute(tag, 'Type') ?? '')) continue;
    const path = target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(slidePath), target);
    if (zip.file(path)) return path;
  }
  return undefined;
}

const TITLE_TYPES = new Set(['title', 'ctrTitle']);
/** Placeholders that repeat what the slide shows anyway (its number, date, footer, its own picture on a notes page). */
const SKIPPED_TYPES = new Set(['sldNum', 'dt', 'ftr', 'hdr', 'sldImg']);

/**
 * The Markdown blocks of a slide's (or notes page's) shapes in document order: the title first when there is one,
 * as slides are read. On a notes page only the body text counts and is written as plain paragraphs.
 */
function shapeBlocks(nodes: XmlNode[], notesPage = false): string[] {
  const titles: string[] = [];
  const blocks: string[] = [];
  const walk = (list: XmlNode[]): void => {
    for (const node of list) {
      const tag = tagOf(node);
      if (!tag) continue;
      const children = childrenOf(node, tag);
      if (tag === 'p:sp') {
        const type = placeholderType(children);
        if (type !== null && SKIPPED_TYPES.has(type)) continue;
        const body = children.find((n) => tagOf(n) === 'p:txBody');
        if (!body) continue;
        const paragraphs = paragraphsOf(childrenOf(body, 'p:txBody'));
        if (type !== null && TITLE_TYPES.has(type)) {
          const title = paragraphs
            .map((p) => p.text)
            .join(' ')
            .trim();
          if (title !== '') titles.push(notesPage ? title : heading(1, title));
        } else {
          // Body placeholders hold bullets; text boxes and notes hold paragraphs.
          const bullets = !notesPage && type !== null && !['subTitle'].includes(type);
          const lines = paragraphs
            .filter((p) => p.text.trim() !== '')
            .map((p) => (bullets && p.bulleted ? listItem(p.level, p.text) : p.text.trim()));
          if (lines.length > 0) blocks.push(lines.join(bullets ? '\n' : '\n\n'));
        }
      } else if (tag === 'a:tbl') {
        blocks.push(pipeTable(tableRows(children)).join('\n'));
      } else walk(children);
    }
  };
  walk(nodes);
  return [...titles, ...blocks];
}

/** `p:nvSpPr/p:nvPr/p:ph@type`: '' for a placeholder without a type (a content placeholder), null for none. */
function placeholderType(shape: XmlNode[]): string | null {
  const nv = shape.find((n) => tagOf(n) === 'p:nvSpPr');
  const nvPr = nv ? childrenOf(nv, 'p:nvSpPr').find((n) => tagOf(n) === 'p:nvPr') : undefined;
  const ph = nvPr ? childrenOf(nvPr, 'p:nvPr').find((n) => tagOf(n) === 'p:ph') : undefined;
  return ph ? (attributeOf(ph, 'type') ?? '') : null;
}

interface Paragraph {
  text: string;
  level: number;
  bulleted: boolean;
}

function paragraphsOf(nodes: XmlNode[]): Paragraph[] {
  const out: Paragraph[] = [];
  for (const node of nodes) {
    if (tagOf(node) !== 'a:p') continue;
    const children = childrenOf(node, 'a:p');
    const pPr = children.find((n) => tagOf(n) === 'a:pPr');
    const noBullet = pPr ? childrenOf(pPr, 'a:pPr').some((n) => tagOf(n) === 'a:buNone') : false;
    out.push({
      text: runText(children),
      level: Number(pPr ? (attributeOf(pPr, 'lvl') ?? 0) : 0) || 0,
      bulleted: !noBullet,
    });
  }
  return out;
}

/** `a:tr/a:tc` as a grid; a cell continuing a merge (`hMerge`, `vMerge`) repeats the text of the cell it continues. */
function tableRows(table: XmlNode[]): string[][] {
  const grid: string[][] = [];
  for (const row of table) {
    if (tagOf(row) !== 'a:tr') continue;
    const r = grid.length;
    const cells: string[] = [];
    for (const cell of childrenOf(row, 'a:tr')) {
      if (tagOf(cell) !== 'a:tc') continue;
      const c = cells.length;
      const body = childrenOf(cell, 'a:tc').find((n) => tagOf(n) === 'a:txBody');
      let text = body
        ? paragraphsOf(childrenOf(body, 'a:txBody'))
            .map((p) => p.text)
            .join(' ')
        : '';
      if (attributeOf(cell, 'hMerge') === '1' && c > 0) text = cells[c - 1] ?? '';
      else if (attributeOf(cell, 'vMerge') === '1' && r > 0) text = grid[r - 1]?.[c] ?? '';
      cells.push(text);
    }
    grid.push(cells);
  }
  return grid;
}

function runText(nodes: XmlNode[]): string {
  let text = '';
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === 'a:t')
      text += childrenOf(node, tag)
        .map((n) => textOf(n) ?? '')
        .join('');
    else if (tag === 'a:br') text += '\n';
    else if (tag === 'a:pPr') continue;
    else if (tag) text += runText(childrenOf(node, tag));
  }
  return text;
}

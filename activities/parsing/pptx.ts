/**
 * PPTX: the text runs (`a:t`) of each slide, one line per paragraph (`a:p`), one section per slide. Slides come in
 * presentation order (`p:sldIdLst` in presentation.xml, through its relationships), which after any reordering in
 * PowerPoint differs from the numbers in the part names; the part names are only the fallback.
 */
import { posix } from 'node:path';
import JSZip from 'jszip';
import { ExtractionFailure } from './result';
import type { Parsed, Section } from './types';
import { childrenOf, parseXml, tagOf, textOf, type XmlNode } from './xml-text';

const SLIDE_PART = /^ppt\/slides\/slide(\d+)\.xml$/;

export async function parsePptx(bytes: Uint8Array): Promise<Parsed> {
  const zip = await JSZip.loadAsync(bytes);
  const slidePaths = await slideOrder(zip);
  if (slidePaths.length === 0 && !zip.file('ppt/presentation.xml')) {
    throw new ExtractionFailure('corrupt', 'the PPTX file has no presentation part; it is not a PowerPoint file');
  }
  const sections: Section[] = [];
  for (const [i, path] of slidePaths.entries()) {
    const xml = await zip.file(path)!.async('string');
    const lines = paragraphs(parseXml(xml, `slide ${i + 1} of the PPTX file`));
    sections.push({ kind: 'slide', index: i + 1, label: `Slide ${i + 1}`, text: lines.join('\n').trim() });
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

/** Text of every `a:p` in document order; `a:br` is a line break inside a paragraph. */
function paragraphs(nodes: XmlNode[]): string[] {
  const lines: string[] = [];
  const walk = (list: XmlNode[]): void => {
    for (const node of list) {
      const tag = tagOf(node);
      if (tag === 'a:p') lines.push(runText(childrenOf(node, tag)));
      else if (tag) walk(childrenOf(node, tag));
    }
  };
  walk(nodes);
  return lines;
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
    else if (tag) text += runText(childrenOf(node, tag));
  }
  return text;
}

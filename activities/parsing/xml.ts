/**
 * XML: the text content of a well-formed document, one line per text or CDATA node, in document order. Markup is
 * dropped; the root element's name labels the single section. Entities are never expanded (xml-text.ts).
 */
import { decodeText } from './text';
import type { Parsed } from './types';
import { childrenOf, parseXml, tagOf, textOf, type XmlNode } from './xml-text';

export function parseXmlDocument(bytes: Uint8Array): Parsed {
  const nodes = parseXml(decodeText(bytes, 'XML'), 'the file');
  const lines: string[] = [];
  const walk = (list: XmlNode[]): void => {
    for (const node of list) {
      const tag = tagOf(node);
      if (tag) walk(childrenOf(node, tag));
      else {
        const text = textOf(node)?.trim();
        if (text) lines.push(text);
      }
    }
  };
  walk(nodes);
  const root = nodes.map(tagOf).find((tag) => tag !== undefined) ?? 'XML';
  return { pageCount: null, sections: [{ kind: 'section', index: 1, label: root, text: lines.join('\n') }] };
}

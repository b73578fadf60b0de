/**
 * Reading untrusted XML (XML uploads and the slide parts of PPTX files) with fast-xml-parser and entity processing
 * off, so no entity is ever expanded and nothing external is ever fetched. A DOCTYPE that declares entities is
 * refused outright: with processing off its references would survive as literal `&name;` text, and a file built
 * to expand (billion laughs) or to read local files (external entities) deserves a clear refusal, not garbage.
 * The five predefined entities and numeric character references are decoded here, which is all XML defines
 * without a DTD.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ExtractionFailure } from './result';

/** fast-xml-parser's `preserveOrder` node: one key naming the tag (or `#text`), plus `:@` for attributes. */
export type XmlNode = Record<string, unknown>;

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Looks from the DOCTYPE to the end of its internal subset (`]>`): one linear scan whatever the input. */
function refuseEntityDeclarations(xml: string, what: string): void {
  const start = xml.indexOf('<!DOCTYPE');
  if (start === -1) return;
  const end = xml.indexOf(']>', start);
  if (xml.slice(start, end === -1 ? undefined : end).includes('<!ENTITY')) {
    throw new ExtractionFailure(
      'xml_entities',
      `${what} declares entities in its DOCTYPE, which are refused to prevent entity-expansion and file-disclosure attacks`,
    );
  }
}

/**
 * Parses well-formed XML into ordered nodes; throws `corrupt` with the position of the first error otherwise.
 * `what` names the source in reasons: "the file", "slide 2 of the PPTX file".
 */
export function parseXml(xml: string, what: string, options: { attributes?: boolean } = {}): XmlNode[] {
  refuseEntityDeclarations(xml, what);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    // For elements left open at the end the validator reports a JSON dump of their names at line 1, column 1.
    const detail = msg.startsWith("Invalid '[")
      ? 'it ends with elements still open'
      : `line ${line}, column ${col}: ${msg}`;
    throw new ExtractionFailure('corrupt', `${what} is not well-formed XML (${detail})`);
  }
  const parser = new XMLParser({
    preserveOrder: true,
    processEntities: false,
    // Attributes (under `:@`, unprefixed, as strings) only for callers that read them (PPTX levels and spans).
    ignoreAttributes: options.attributes !== true,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    trimValues: false,
    cdataPropName: '#cdata',
  });
  return parser.parse(xml) as XmlNode[];
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

/** The tag name of a node, or undefined for text, comments and CDATA. */
export function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@' && !key.startsWith('#'));
}

export function childrenOf(node: XmlNode, tag: string): XmlNode[] {
  const children = node[tag];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

/** An attribute of an element parsed with `attributes: true`. */
export function attributeOf(node: XmlNode, name: string): string | undefined {
  const attributes = node[':@'] as Record<string, unknown> | undefined;
  const value = attributes?.[name];
  return typeof value === 'string' ? decodeEntities(value) : undefined;
}

/** Character data of a text or CDATA node, decoded; undefined for elements. */
export function textOf(node: XmlNode): string | undefined {
  if (typeof node['#text'] === 'string') return decodeEntities(node['#text']);
  if (Array.isArray(node['#cdata'])) {
    return (node['#cdata'] as XmlNode[]).map((n) => (typeof n['#text'] === 'string' ? n['#text'] : '')).join('');
  }
  return undefined;
}

/**
 * Refuses an Office file whose XML parts carry a DOCTYPE before any parser reads them. OOXML never needs one, and
 * the libraries differ on what they do with it (SheetJS ignores it, mammoth's XML reader may expand it): one rule,
 * the same as for XML uploads (xml-text.ts), makes entity expansion impossible whatever the parser.
 */
import JSZip from 'jszip';
import { ExtractionFailure } from './result';

export async function refuseOoxmlDoctype(bytes: Uint8Array, format: 'docx' | 'xlsx' | 'pptx'): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return; // not a readable archive: the parser says how it is broken
  }
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !/\.(xml|rels)$/i.test(entry.name)) continue;
    // The prolog is at the start; a DOCTYPE anywhere else is malformed XML and refused all the same.
    const text = await entry.async('string');
    if (/<!DOCTYPE/i.test(text)) {
      throw new ExtractionFailure(
        'xml_entities',
        `the ${format.toUpperCase()} part ${entry.name} declares a DOCTYPE, which is refused to prevent entity-expansion and file-disclosure attacks`,
      );
    }
  }
}

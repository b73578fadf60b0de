/**
 * PDFs whose pages are hostile to a renderer but whose text extracts as any other: each page
 * carries a sentence of real text, so extraction reads it without OCR (no image is decoded, no drawing evaluated),
 * and only drawing the page meets what it hides. Built with pdf-lib; nothing pasted.
 */
import { drawObject, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

export const HOSTILE_TEXT = 'This page hides a drawing that no renderer should be made to finish.';

type PageKind =
  /** Plain text on an A4 page: what a hostile page sits beside. */
  | { kind: 'text'; text: string }
  /** A page of `width` × `height` points (the PDF limit is 14,400; pdf.js takes any). */
  | { kind: 'size'; width: number; height: number }
  /**
   * A form XObject drawn ten times by the one above it, `levels` deep (10^levels rectangles from a few hundred bytes):
   * pdf.js expands every use of a form into the page's operator list.
   */
  | { kind: 'bomb'; levels: number };

export async function hostilePdf(pages: PageKind[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const ctx = doc.context;
  for (const spec of pages) {
    const [width, height] = spec.kind === 'size' ? [spec.width, spec.height] : [595.28, 841.89];
    const page = doc.addPage([width, height]);
    const text = spec.kind === 'text' ? spec.text : HOSTILE_TEXT;
    page.drawText(text, { x: 36, y: height - 72, size: 11, font });
    if (spec.kind === 'bomb') {
      let form = ctx.register(
        ctx.flateStream('0 0 1 1 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10] }),
      );
      for (let level = 1; level <= spec.levels; level++) {
        form = ctx.register(
          ctx.flateStream(Array.from({ length: 10 }, () => '/X Do').join('\n'), {
            Type: 'XObject',
            Subtype: 'Form',
            BBox: [0, 0, 10, 10],
            Resources: { XObject: { X: form } },
          }),
        );
      }
      page.node.setXObject(PDFName.of('Bomb'), form);
      page.pushOperators(drawObject('Bomb'));
    }
  }
  return Buffer.from(await doc.save());
}

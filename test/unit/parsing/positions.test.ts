/**
 * Positions: a PDF with text drawn at known places, extracted as the worker extracts it, and a model's quotes
 * verified as a run verifies them. Each citation's boxes lie within 1 % of the page's size of where the
 * quoted words were drawn, whether the quote is a whole line, part of a line, or runs across two lines.
 */
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { boxesOf, verifyEvidence, type Box } from '../../../activities/citations';
import { extractInSandbox } from '../../../activities/parsing/sandbox';

const W = 612;
const H = 792;
const SIZE = 12;

interface Drawn {
  text: string;
  x: number;
  y: number; // baseline, PDF units from the bottom
}

const PAGES: Drawn[][] = [
  [
    { text: 'Assessment of the proposal', x: 72, y: 720 },
    { text: 'The budget is realistic and every cost is justified.', x: 72, y: 600 },
  ],
  [
    { text: 'Reviewers noted a clear plan for the first year', x: 200, y: 400 },
    { text: 'and a credible team to deliver it on time.', x: 200, y: 386 },
    { text: 'A separate remark sits near the foot of the page.', x: 120, y: 90 },
  ],
];

/** The rectangle of `part` of a drawn line: from where its first character is drawn to its last, ascent to descent. */
function drawnBox(font: PDFFont, line: Drawn, part: string, page: number): Box {
  const at = line.text.indexOf(part);
  const left = line.x + font.widthOfTextAtSize(line.text.slice(0, at), SIZE);
  const width = font.widthOfTextAtSize(part, SIZE);
  const ascent = font.heightAtSize(SIZE, { descender: false });
  const full = font.heightAtSize(SIZE);
  return { page, x: left / W, y: (H - (line.y + ascent)) / H, w: width / W, h: full / H };
}

function expectNear(actual: Box, expected: Box): void {
  expect(actual.page).toBe(expected.page);
  expect(Math.abs(actual.x - expected.x)).toBeLessThanOrEqual(0.01); // left edge
  expect(Math.abs(actual.x + actual.w - (expected.x + expected.w))).toBeLessThanOrEqual(0.01); // right edge
  expect(Math.abs(actual.y - expected.y)).toBeLessThanOrEqual(0.01); // top edge
  expect(Math.abs(actual.y + actual.h - (expected.y + expected.h))).toBeLessThanOrEqual(0.01); // bottom edge
}

let font: PDFFont;
let extraction: Awaited<ReturnType<typeof extractInSandbox>>;

beforeAll(async () => {
  const pdf = await PDFDocument.create();
  font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of PAGES) {
    const page = pdf.addPage([W, H]);
    for (const line of lines) page.drawText(line.text, { x: line.x, y: line.y, size: SIZE, font });
  }
  extraction = await extractInSandbox(await pdf.save(), { filename: 'positions.pdf' });
});

function cite(quote: string): { boxes: Box[]; page: number } {
  const inputs = [
    { documentId: 'doc_1', sections: extraction.sections.map((section) => ({ section, sent: section.text.length })) },
  ];
  const { citations } = verifyEvidence([{ criterion: 'Budget', quote, document_id: 'doc_1' }], inputs, new Map());
  const input = citations[0]?.input;
  expect(input).toBeTruthy();
  const page = input!.location.index;
  const text = extraction.sections[page - 1]!.text;
  return { page, boxes: boxesOf(extraction.positions![page - 1]!, text, input!.start, input!.end, page) };
}

it('stores a map of boxes beside the text of every page', () => {
  expect(extraction).toMatchObject({ extracted: true, page_count: 2 });
  expect(extraction.positions).toHaveLength(2);
  for (const boxes of extraction.positions!) expect(boxes.length % 6).toBe(0);
});

it('places a whole-line quote where the line was drawn', () => {
  const { page, boxes } = cite('Assessment of the proposal');
  expect(boxes).toHaveLength(1);
  expectNear(boxes[0]!, drawnBox(font, PAGES[0]![0]!, 'Assessment of the proposal', page));
});

it('places part of a line where those words were drawn', () => {
  const { page, boxes } = cite('every cost is justified');
  expect(boxes).toHaveLength(1);
  expectNear(boxes[0]!, drawnBox(font, PAGES[0]![1]!, 'every cost is justified', page));
});

it('covers a quote across two lines with a box on each, on the right page', () => {
  const { page, boxes } = cite('the first year and a credible team');
  expect(page).toBe(2);
  expect(boxes).toHaveLength(2);
  expectNear(boxes[0]!, drawnBox(font, PAGES[1]![0]!, 'the first year', 2));
  expectNear(boxes[1]!, drawnBox(font, PAGES[1]![1]!, 'and a credible team', 2));
});

it('places text near the foot of a page from the top left', () => {
  const { boxes } = cite('separate remark');
  expectNear(boxes[0]!, drawnBox(font, PAGES[1]![2]!, 'separate remark', 2));
  expect(boxes[0]!.y).toBeGreaterThan(0.85);
});

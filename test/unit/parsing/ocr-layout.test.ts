/**
 * Layout from OCR words (activities/parsing/ocr/layout.ts) on words with known boxes, as the
 * engine gives them: a page turned 0.6°, table cells in blocks of their own (Tesseract often reads a table's columns
 * as separate blocks), bullets read as `*` and `°`, and the same page turned a quarter. Checked: headings, paragraphs,
 * list items and pipe-table rows in the text, and every word written with exactly the box the engine gave it.
 */
import { boxOnShownPage, type OcrLine, type OcrPage, type OcrWord } from '../../../activities/parsing/ocr/engine';
import { emOfWord, layoutOcrPage } from '../../../activities/parsing/ocr/layout';
import { pageText } from '../../../activities/parsing/ocr/read';

const WIDTH = 1654;
const HEIGHT = 2339;
const SKEW = (0.6 * Math.PI) / 180;

const TALL = /[A-Z0-9bdfhiklt%|]/;
const DEEP = /[gjpqy,|]/;

interface Drawn {
  text: string;
  /** Left edge and baseline on the unturned page, pixels. */
  x: number;
  baseline: number;
  em: number;
}

/** The ink box of a word set at `em` pixels, on the page turned by SKEW about its centre, in fractions. */
function inkBox(word: Drawn) {
  const top = word.baseline - (TALL.test(word.text) ? 0.72 : 0.5) * word.em;
  const bottom = word.baseline + (DEEP.test(word.text) ? 0.21 : 0) * word.em;
  const width = word.text.length * 0.5 * word.em;
  const dx = word.x - WIDTH / 2;
  const dy = top - HEIGHT / 2;
  const x = WIDTH / 2 + dx * Math.cos(SKEW) - dy * Math.sin(SKEW);
  const y = HEIGHT / 2 + dx * Math.sin(SKEW) + dy * Math.cos(SKEW);
  return { x: x / WIDTH, y: y / HEIGHT, w: width / WIDTH, h: (bottom - top) / HEIGHT };
}

/** Words of a line of text from x, a space 0.3 em wide. */
function words(text: string, x: number, baseline: number, em: number): Drawn[] {
  const out: Drawn[] = [];
  let at = x;
  for (const w of text.split(' ')) {
    out.push({ text: w, x: at, baseline, em });
    at += (w.length * 0.5 + 0.3) * em;
  }
  return out;
}

function line(drawn: Drawn[]): OcrLine {
  const ws: OcrWord[] = drawn.map((d) => ({ text: d.text, confidence: 90, box: inkBox(d) }));
  const x0 = Math.min(...ws.map((w) => w.box.x));
  const y0 = Math.min(...ws.map((w) => w.box.y));
  const x1 = Math.max(...ws.map((w) => w.box.x + w.box.w));
  const y1 = Math.max(...ws.map((w) => w.box.y + w.box.h));
  return { text: ws.map((w) => w.text).join(' '), box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, words: ws };
}

const paragraph = (lines: OcrLine[]) => ({ text: lines.map((l) => l.text).join('\n'), box: lines[0]!.box, lines });

const BODY = 31; // 11 pt at 200 dpi
const CELL = 25; // 9 pt
const TABLE = [
  ['Criterion', 'Weight', 'Excellent'],
  ['Clarity of aims', '30%', 'Specific aims'],
  ['Methodology', '25%', 'Fits every aim'],
  ['Budget realism', '20%', 'Costs justified'],
];
const COLUMNS = [160, 500, 840];

/** A rubric page: a title, a paragraph of two lines, a table read column by column, a list with a nested item. */
function rubricPage(): OcrPage {
  const paragraphs = [
    paragraph([line(words('Grant Application Rubric', 160, 220, 55))]),
    paragraph([
      line(words('This rubric guides reviewers of the community research grant.', 160, 320, BODY)),
      line(words('Score every criterion, then add the weighted scores.', 160, 320 + 1.15 * BODY, BODY)),
    ]),
  ];
  // Each column of the table its own block, as Tesseract reads widely spaced columns.
  COLUMNS.forEach((x, c) => {
    paragraphs.push(paragraph(TABLE.map((row, r) => line(words(row[c]!, x, 520 + r * 1.6 * CELL, CELL)))));
  });
  paragraphs.push(
    paragraph([
      line([
        { text: '*', x: 200, baseline: 760, em: BODY },
        ...words('Read the whole application once', 240, 760, BODY),
      ]),
      line([
        { text: '°', x: 260, baseline: 810, em: BODY },
        ...words('Note the requested budget total', 300, 810, BODY),
      ]),
      line([{ text: '*', x: 200, baseline: 860, em: BODY }, ...words('Write a short summary', 240, 860, BODY)]),
    ]),
  );
  return { width: WIDTH, height: HEIGHT, rotation: 0, confidence: 90, paragraphs };
}

/** The same words on the page as shown when it came in turned a quarter clockwise and the engine turned it back. */
function turnedQuarter(page: OcrPage): OcrPage {
  const shown = (b: { x: number; y: number; w: number; h: number }) =>
    boxOnShownPage(
      { x0: b.x * WIDTH, y0: b.y * HEIGHT, x1: (b.x + b.w) * WIDTH, y1: (b.y + b.h) * HEIGHT },
      WIDTH,
      HEIGHT,
      90,
    );
  return {
    ...page,
    width: HEIGHT,
    height: WIDTH,
    rotation: 90,
    paragraphs: page.paragraphs.map((p) => ({
      ...p,
      box: shown(p.box),
      lines: p.lines.map((l) => ({
        ...l,
        box: shown(l.box),
        words: l.words.map((w) => ({ ...w, box: shown(w.box) })),
      })),
    })),
  };
}

/** Every word's written box, by the word's text, from the positions. */
function boxesByWord(text: string, positions: number[]): Map<string, number[][]> {
  const out = new Map<string, number[][]>();
  for (let k = 0; k < positions.length; k += 6) {
    const [s, e, ...box] = positions.slice(k, k + 6) as number[];
    const word = text.slice(s, e);
    out.set(word, [...(out.get(word) ?? []), box]);
  }
  return out;
}

const EXPECTED = [
  '# Grant Application Rubric',
  '',
  'This rubric guides reviewers of the community research grant.',
  'Score every criterion, then add the weighted scores.',
  '',
  '| Criterion | Weight | Excellent |',
  '| --- | --- | --- |',
  '| Clarity of aims | 30% | Specific aims |',
  '| Methodology | 25% | Fits every aim |',
  '| Budget realism | 20% | Costs justified |',
  '',
  '- Read the whole application once',
  '  - Note the requested budget total',
  '- Write a short summary',
].join('\n');

it('lays a turned page out as a heading, a paragraph, a pipe table and a nested list', () => {
  expect(layoutOcrPage(rubricPage()).text).toBe(EXPECTED);
});

it('writes every word with exactly the box the engine read it in', () => {
  const page = rubricPage();
  const { text, positions } = layoutOcrPage(page);
  const written = boxesByWord(text, positions);
  for (const word of page.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words))) {
    if (word.text === '*' || word.text === '°') continue; // bullets become list markers, not words
    const { x, y, w, h } = word.box;
    expect(written.get(word.text)).toContainEqual([x, y, w, h]);
  }
  // Offsets point at the words: each recorded span is a word of the text as written.
  for (let k = 0; k < positions.length; k += 6) expect(text.slice(positions[k], positions[k + 1])).not.toMatch(/\s/);
});

it('lays out a page the engine turned upright as it lays out the upright page, boxes on the page as shown', () => {
  const upright = rubricPage();
  const turned = turnedQuarter(upright);
  const { text, positions } = layoutOcrPage(turned);
  expect(text).toBe(EXPECTED);
  const clarity = boxesByWord(text, positions).get('Clarity')![0]!;
  const shown = turned.paragraphs[2]!.lines[1]!.words[0]!.box;
  expect(clarity).toEqual([shown.x, shown.y, shown.w, shown.h]);
});

it('keeps the count and mean confidence of the words read in the page it hands on', () => {
  const page = rubricPage();
  const read = pageText(3, page, 'tesseract.js test');
  const count = page.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)).length;
  expect(read).toMatchObject({ page: 3, words: count, confidence: 90, engine: 'tesseract.js test' });
  expect(read.text).toBe(EXPECTED);
});

it('estimates a word’s size from its ink and its letters', () => {
  // At one size, "more" (x-height only) is shorter than "Clarity" (capital and descender): one em for both.
  expect(emOfWord('more', 0.5 * 30)).toBeCloseTo(30, 5);
  expect(emOfWord('Clarity', 0.93 * 30)).toBeCloseTo(30, 5);
  expect(emOfWord('-', 10)).toBeNull();
});

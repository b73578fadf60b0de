/**
 * What `assay review` and the console's queue accept as a reviewer's answer (the same spellings in both, refused
 * before the API would refuse them), and how the CLI marks the run's evidence in a document's text. The queue
 * against the real API is in test/integration/sdk-reviews.test.ts and console-reviews.test.ts.
 */
import {
  parseReviewAnswer,
  type DocumentText,
  type ReviewCriterion,
  type RunCitation,
} from '../../clients/typescript/src';
import { evidenceList, markedText } from '../../clients/typescript/src/cli/review';

const criterion = (c: Partial<ReviewCriterion>): ReviewCriterion => ({
  key: 'score',
  kind: 'ordinal',
  min: 1,
  max: 6,
  labels: null,
  ...c,
});

describe('parseReviewAnswer', () => {
  it('reads whole numbers in range for an ordinal, and says the scale otherwise', () => {
    const c = criterion({});
    expect(parseReviewAnswer(c, ' 4 ', false)).toEqual({ value: 4 });
    for (const bad of ['0', '7', '4.5', 'four'])
      expect(parseReviewAnswer(c, bad, false)).toEqual({ error: 'whole number 1–6' });
  });

  it('reads a label in any case or by its number for a categorical', () => {
    const c = criterion({ key: 'tone', kind: 'categorical', min: null, max: null, labels: ['formal', 'casual'] });
    expect(parseReviewAnswer(c, 'Casual', false)).toEqual({ value: 'casual' });
    expect(parseReviewAnswer(c, '1', false)).toEqual({ value: 'formal' });
    expect(parseReviewAnswer(c, '3', false)).toEqual({ error: 'one of formal, casual' });
  });

  it('reads yes/no for a boolean and any finite number in range for a numeric', () => {
    const yes = criterion({ kind: 'boolean', min: null, max: null });
    expect(parseReviewAnswer(yes, 'Y', false)).toEqual({ value: true });
    expect(parseReviewAnswer(yes, 'no', false)).toEqual({ value: false });
    expect(parseReviewAnswer(yes, 'maybe', false)).toEqual({ error: 'answer yes or no' });
    const n = criterion({ kind: 'numeric', min: 0, max: 1 });
    expect(parseReviewAnswer(n, '0.25', false)).toEqual({ value: 0.25 });
    expect(parseReviewAnswer(n, '1.5', false)).toEqual({ error: 'number 0–1' });
  });

  it("keeps the model's value on an empty answer in an open review, and refuses it in a blind one", () => {
    expect(parseReviewAnswer(criterion({}), '  ', false)).toEqual({ keep: true });
    expect(parseReviewAnswer(criterion({}), '', true)).toEqual({
      error: 'a blind review needs a value for every criterion',
    });
  });
});

describe("assay review's evidence", () => {
  const doc: DocumentText = {
    object: 'document_text',
    document_id: 'doc_1',
    page_count: 1,
    text_version: 2,
    sections: [{ kind: 'page', index: 1, label: 'Page 1', text: 'Trees cool streets. Shade is cheap.' }],
  } as DocumentText;
  const cite = (criterion: string, start: number, end: number, documentId = 'doc_1'): RunCitation => ({
    criterion,
    status: 'supported',
    quote: doc.sections[0]!.text.slice(start, end),
    input: { document_id: documentId, location: { kind: 'page', index: 1, label: 'Page 1' }, start, end },
    reference: null,
  });

  it('marks each quote of this document where it stands, numbered as the evidence list numbers it', () => {
    const citations = [cite('tone', 20, 35), cite('score', 0, 19), cite('score', 0, 5, 'doc_2')];
    expect(markedText(doc, citations)).toEqual(['── Page 1 ──', '»Trees cool streets.«[2] »Shade is cheap.«[1]']);
    expect(evidenceList(citations)).toEqual([
      '[1] tone: "Shade is cheap." (Page 1)',
      '[2] score: "Trees cool streets." (Page 1)',
      '[3] score: "Trees" (Page 1)',
    ]);
  });

  it('leaves an overlapping second quote unmarked rather than nesting marks', () => {
    expect(markedText(doc, [cite('a', 0, 19), cite('b', 6, 10)])[1]).toBe('»Trees cool streets.«[1] Shade is cheap.');
  });
});

/**
 * Evidence verification: quotes are found exactly or after folding (whitespace, typographic quotes, dashes, NFKC),
 * spans always index the source so `text.slice(start, end)` is the shown quote, and anything that does not occur
 * in the text the model was sent is dropped and counted. Also the stub's evidence, which must pass the same check,
 * the answer envelope, and how input documents are cut to the token budget.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fold, locateQuote, verifyEvidence, type CitableChunk, type CitableInput } from '../../activities/citations';
import { countTokens } from '../../activities/indexing/tokens';
import { fitInputs, renderInput } from '../../activities/input-fitting';
import { shareTokens } from '../../activities/reference-sources';
import { stubEvidence } from '../../activities/models/stub';
import type { Section } from '../../activities/parsing/types';
import type { RunInput } from '../../activities/run-context';
import { answerSchema, parseAnswer } from '../../activities/prompt';
import { validateAgainstSchema } from '../../domain/json-schema/validate';
import type { StoredSection } from '../../domain/documents/stored-text';
import { turnsDuring } from '../support/event-loop';

const page = (index: number, text: string): Section => ({ kind: 'page', index, label: `Page ${index}`, text });
const whole = (documentId: string, sections: Section[]): CitableInput => ({
  documentId,
  sections: sections.map((section) => ({ section, sent: section.text.length })),
});
const CHUNKS = new Map<string, CitableChunk>([
  ['ref_a:0', { refId: 'ref_a', location: { kind: 'page', index: 1, label: 'Page 1' } }],
]);

describe('locateQuote', () => {
  it('finds an exact quote at its UTF-16 offsets', () => {
    const text = 'Intro. The essay cites three peer-reviewed sources. End.';
    const span = locateQuote(text, 'cites three peer-reviewed sources')!;
    expect(text.slice(span.start, span.end)).toBe('cites three peer-reviewed sources');
  });

  it('maps a whitespace- and quote-normalized match back to the original characters', () => {
    const text = 'He wrote:\n  “the  results\u00A0are — in  fact — robust”.';
    const span = locateQuote(text, '"the results are - in fact - robust"')!;
    expect(span).not.toBeNull();
    expect(text.slice(span.start, span.end)).toBe('“the  results\u00A0are — in  fact — robust”');
  });

  it('folds ligatures and ellipses (NFKC) and ignores invisible characters', () => {
    const text = 'The ﬁnal draft\u00AD was late… again.';
    const span = locateQuote(text, 'The final draft was late... again')!;
    expect(text.slice(span.start, span.end)).toBe('The ﬁnal draft\u00AD was late… again');
  });

  it('keeps offsets right after astral characters', () => {
    const text = '😀😀 Data 𝐛𝐨𝐥𝐝 ends here.';
    const span = locateQuote(text, 'Data bold ends')!;
    expect(text.slice(span.start, span.end)).toBe('Data 𝐛𝐨𝐥𝐝 ends');
  });

  it('refuses quotes that do not occur, paraphrases, and quotes without letters or digits', () => {
    const text = 'The essay cites three sources.';
    expect(locateQuote(text, 'The essay cites four sources.')).toBeNull();
    expect(locateQuote(text, 'the essay cites three sources')).toBeNull(); // case is part of verbatim
    expect(locateQuote(text, '  ...  ')).toBeNull();
    expect(locateQuote(text, '')).toBeNull();
  });

  it('matches a quote that runs across table cells and list items of structured text, at the source span', () => {
    const text = [
      '## Scoring Criteria',
      '',
      '| Criterion | Weight | Excellent |',
      '| --- | --- | --- |',
      '| Clarity of aims | 30% | Specific aims |',
      '| Budget | 20% | Costs \\| fees justified |',
      '',
      '- Read the whole application',
      '  - Note the budget total',
    ].join('\n');
    const across = locateQuote(text, 'Clarity of aims 30% Specific aims')!;
    expect(text.slice(across.start, across.end)).toBe('Clarity of aims | 30% | Specific aims');
    const escaped = locateQuote(text, 'Costs | fees justified')!;
    expect(text.slice(escaped.start, escaped.end)).toBe('Costs \\| fees justified');
    const items = locateQuote(text, 'the whole application Note the budget')!;
    expect(text.slice(items.start, items.end)).toBe('the whole application\n  - Note the budget');
    const heading = locateQuote(text, 'Scoring Criteria Criterion Weight')!;
    expect(text.slice(heading.start, heading.end)).toBe('Scoring Criteria\n\n| Criterion | Weight');
    // Markup folds only as whitespace: the words themselves must still be there, in order.
    expect(locateQuote(text, 'Clarity of aims 20%')).toBeNull();
    expect(locateQuote(text, '30% Clarity of aims')).toBeNull();
  });

  it('fold keeps one start and end per folded code unit', () => {
    const folded = fold('a\u2026 b');
    expect(folded.text).toBe('a... b');
    expect(folded.starts).toHaveLength(folded.text.length);
    expect(folded.ends).toHaveLength(folded.text.length);
  });
});

describe('verifyEvidence', () => {
  const inputs = [
    whole('doc_1', [
      page(1, 'Title page.'),
      page(2, 'My thesis is that cities should tax congestion. I cite three peer-reviewed sources.'),
    ]),
    whole('doc_2', [page(1, 'An appendix with a table of figures.')]),
  ];

  it('cites the page and span of a verified quote, with the reference chunk it names', () => {
    const { citations, unverified } = verifyEvidence(
      [
        {
          criterion: 'Thesis',
          quote: 'cities should tax congestion',
          document_id: 'doc_1',
          reference_chunk_id: 'ref_a:0',
          insufficient_evidence: false,
        },
      ],
      inputs,
      CHUNKS,
    );
    expect(unverified).toBe(0);
    expect(citations).toEqual([
      {
        criterion: 'Thesis',
        status: 'supported',
        quote: 'cities should tax congestion',
        input: { document_id: 'doc_1', location: { kind: 'page', index: 2, label: 'Page 2' }, start: 18, end: 46 },
        reference: {
          reference_document_id: 'ref_a',
          chunk_id: 'ref_a:0',
          location: { kind: 'page', index: 1, label: 'Page 1' },
        },
      },
    ]);
    expect(inputs[0]!.sections[1]!.section.text.slice(18, 46)).toBe('cities should tax congestion');
  });

  it('finds a quote in another document than the one named, and drops a reference the model was not shown', () => {
    const { citations } = verifyEvidence(
      [{ criterion: 'Data', quote: 'a table of figures', document_id: 'doc_1', reference_chunk_id: 'ref_zz:9' }],
      inputs,
      CHUNKS,
    );
    expect(citations[0]).toMatchObject({ status: 'supported', input: { document_id: 'doc_2' }, reference: null });
  });

  it('drops and counts a fabricated quote, and marks a criterion left without evidence insufficient', () => {
    const { citations, unverified } = verifyEvidence(
      [
        {
          criterion: 'Sources',
          quote: 'I cite three peer-reviewed sources.',
          document_id: 'doc_1',
          reference_chunk_id: 'ref_a:0',
        },
        {
          criterion: 'Style',
          quote: 'The prose is elegant and economical.',
          document_id: 'doc_1',
          reference_chunk_id: 'ref_a:0',
        },
        { criterion: 'Formatting', quote: null, insufficient_evidence: true, reference_chunk_id: null },
      ],
      inputs,
      CHUNKS,
    );
    expect(unverified).toBe(1);
    expect(citations.map((c) => [c.criterion, c.status])).toEqual([
      ['Sources', 'supported'],
      ['Formatting', 'insufficient_evidence'],
      ['Style', 'insufficient_evidence'],
    ]);
    expect(citations.find((c) => c.criterion === 'Style')).toMatchObject({
      quote: null,
      input: null,
      reference: { chunk_id: 'ref_a:0' },
    });
    expect(JSON.stringify(citations)).not.toContain('elegant');
  });

  it('only accepts quotes from the part of a section that was sent', () => {
    const cut: CitableInput = {
      documentId: 'doc_3',
      sections: [{ section: page(1, 'Sent part. Unsent part.'), sent: 10 }],
    };
    expect(verifyEvidence([{ criterion: 'A', quote: 'Sent part.' }], [cut], CHUNKS).unverified).toBe(0);
    expect(verifyEvidence([{ criterion: 'A', quote: 'Unsent part.' }], [cut], CHUNKS).unverified).toBe(1);
  });

  it('tolerates malformed evidence: non-arrays, non-objects, missing criteria, overlong quotes', () => {
    expect(verifyEvidence('nope', inputs, CHUNKS)).toEqual({ citations: [], unverified: 0 });
    const { citations, unverified } = verifyEvidence(
      [42, null, { quote: 'Title page.' }, { criterion: 'Long', quote: 'x'.repeat(1001) }],
      inputs,
      CHUNKS,
    );
    expect(citations[0]).toMatchObject({ criterion: 'Overall', status: 'supported', quote: 'Title page.' });
    expect(unverified).toBe(1);
  });
});

describe('stub evidence', () => {
  it('draws real sentences and chunk ids, deterministically, and passes verification', () => {
    const inputs = [
      whole('doc_1', [
        page(1, 'My thesis is that cities should tax congestion. I cite three peer-reviewed sources. Short.'),
      ]),
    ];
    const output = { criteria: [{ name: 'Thesis' }, { name: 'Sources' }] };
    const claims = stubEvidence({ runId: 'run_x', output, inputs, chunkIds: ['ref_a:0'] });
    expect(stubEvidence({ runId: 'run_x', output, inputs, chunkIds: ['ref_a:0'] })).toEqual(claims);
    const { citations, unverified } = verifyEvidence(claims, inputs, CHUNKS);
    expect(unverified).toBe(0);
    expect(citations.map((c) => [c.criterion, c.status, c.reference?.chunk_id])).toEqual([
      ['Thesis', 'supported', 'ref_a:0'],
      ['Sources', 'supported', 'ref_a:0'],
    ]);
    for (const c of citations)
      expect(inputs[0]!.sections[0]!.section.text.slice(c.input!.start, c.input!.end)).toBe(c.quote);
  });

  it('says insufficient evidence when there is no input text', () => {
    const claims = stubEvidence({ runId: 'run_y', output: { markdown: '# R' }, inputs: [], chunkIds: [] });
    expect(verifyEvidence(claims, [], CHUNKS).citations).toEqual([
      { criterion: 'Overall', status: 'insufficient_evidence', quote: null, input: null, reference: null },
    ]);
  });
});

describe('the answer envelope', () => {
  const schema = {
    type: 'object',
    properties: { score: { type: 'integer' }, item: { $ref: '#/$defs/item' } },
    required: ['score'],
    $defs: { item: { type: 'string' } },
  };
  const accepts = (o: Record<string, unknown>) => validateAgainstSchema(schema, o).valid;

  it('embeds the workflow schema as output, with its references rebased', () => {
    const envelope = answerSchema('json', schema);
    const output = (envelope.properties as Record<string, Record<string, unknown>>).output!;
    expect((output.properties as Record<string, unknown>).item).toEqual({ $ref: '#/properties/output/$defs/item' });
    const answer = { output: { score: 3, item: 'x' }, evidence: [] };
    expect(validateAgainstSchema(envelope, answer)).toEqual({ valid: true, errors: [] });
  });

  it('reads an envelope, a bare result, and a bare result whose fields are called output', () => {
    expect(parseAnswer('{"output": {"score": 1}, "evidence": [{"criterion": "a"}]}', 'json', accepts)).toEqual({
      output: { score: 1 },
      evidence: [{ criterion: 'a' }],
    });
    expect(parseAnswer('```json\n{"score": 2}\n```', 'json', accepts)).toEqual({ output: { score: 2 }, evidence: [] });
    const loose = (o: Record<string, unknown>) => typeof o.score === 'number';
    expect(parseAnswer('{"output": {"x": 1}, "score": 3}', 'json', loose).output).toEqual({
      output: { x: 1 },
      score: 3,
    });
    expect(parseAnswer('no json here', 'json', accepts).output).toBeNull();
  });

  it('reads markdown in an envelope or as it stands', () => {
    expect(parseAnswer('{"markdown": "# R\\n\\nok", "evidence": []}', 'markdown', accepts)).toEqual({
      output: { markdown: '# R\n\nok' },
      evidence: [],
    });
    expect(parseAnswer('# Report\n\nGood {essay}.', 'markdown', accepts)).toEqual({
      output: { markdown: '# Report\n\nGood {essay}.' },
      evidence: [],
    });
  });
});

describe('fitInputs', () => {
  const pages = (count: number, words: number) =>
    Array.from({ length: count }, (_, i) => page(i + 1, Array.from({ length: words }, (_, w) => `word${w}`).join(' ')));
  /** An input whose text is made afresh on every read, as the object store would return it. */
  const doc = (id: string, count: number, words: number, reads = { n: 0 }): RunInput => ({
    id,
    filename: `${id}.pdf`,
    load: async () => {
      reads.n += 1;
      return pages(count, words);
    },
  });

  it('sends everything that fits', async () => {
    const [sent] = await fitInputs([doc('a', 3, 10)], 10_000);
    expect(sent).toMatchObject({ pagesTotal: 3, pagesSent: 3 });
    expect(sent!.tokensSent).toBe(sent!.tokensTotal);
    expect(renderInput(sent!).note).toBeUndefined();
  });

  it('cuts a long document by whole pages from the end and says so', async () => {
    const [sent] = await fitInputs([doc('a', 300, 40)], 2_000);
    expect(sent!.pagesSent).toBeGreaterThan(0);
    expect(sent!.pagesSent).toBeLessThan(300);
    expect(sent!.tokensSent).toBeLessThanOrEqual(2_000);
    expect(sent!.sections.every((s) => s.sent === s.section.text.length)).toBe(true);
    expect(sent!.sections.map((s) => s.section.index)).toEqual(
      Array.from({ length: sent!.pagesSent }, (_, i) => i + 1),
    );
    expect(renderInput(sent!).note).toContain(`first ${sent!.pagesSent} of 300`);
  });

  it('sends short documents whole before cutting a long one, and cuts a first page too long for the budget', async () => {
    const [long, short] = await fitInputs([doc('long', 50, 100), doc('short', 1, 20)], 1_000);
    expect(short!.pagesSent).toBe(1);
    expect(long!.tokensSent + short!.tokensSent).toBeLessThanOrEqual(1_000);
    const [huge] = await fitInputs([doc('huge', 1, 5_000)], 100);
    expect(huge!.pagesSent).toBe(0);
    expect(huge!.sections[0]!.sent).toBeGreaterThan(0);
    expect(huge!.tokensSent).toBeLessThanOrEqual(100);
  });

  it('keeps only the text it sends, and reads an input again only to cut a first section longer than the budget', async () => {
    const reads = { n: 0 };
    const hugeReads = { n: 0 };
    const sent = await fitInputs(
      [doc('long', 200, 100, reads), doc('short', 2, 10, reads), doc('huge', 1, 20_000, hugeReads)],
      3_000,
    );
    // One read each for the others; the huge one is read to count it and again to cut its only section.
    expect(reads.n).toBe(2);
    expect(hugeReads.n).toBe(2);
    for (const input of sent) {
      expect(input.sections.reduce((n, s) => n + s.section.text.length, 0)).toBe(
        input.sections.reduce((n, s) => n + s.sent, 0),
      );
    }
    const huge = sent[2]!;
    expect(huge.pagesSent).toBe(0);
    expect(huge.sections[0]!.sent).toBeGreaterThan(0);
    expect(huge.tokensTotal).toBeGreaterThan(3_000);
    expect(renderInput(huge).text).toBe(`[Page 1]\n${pages(1, 20_000)[0]!.text.slice(0, huge.sections[0]!.sent)}`);
  });

  it('uses the token counts stored at extraction, counts the sections without one, and sends no count on a section', async () => {
    const stored = (count: number): RunInput => ({
      id: 'stored',
      filename: 'stored.txt',
      // Pages of about 200 tokens each, the first `count` of them stored as 1 token: what the run reads is what it uses.
      load: async () => pages(10, 200).map((p, i): StoredSection => (i < count ? { ...p, tokens: 1 } : p)),
    });
    const [all] = await fitInputs([stored(10)], 50);
    expect(all).toMatchObject({ pagesTotal: 10, pagesSent: 10, tokensTotal: 10, tokensSent: 10 });
    expect(all!.sections.every(({ section }) => !('tokens' in section))).toBe(true);

    const [half] = await fitInputs([stored(5)], 100_000);
    const counted = pages(10, 200)
      .slice(5)
      .reduce((n, p) => n + countTokens(p.text), 0);
    expect(half!.tokensTotal).toBe(5 + counted);
    expect(half!.pagesSent).toBe(10);
  });

  it("holds one input's text at a time: what an input does not send is unreachable before the next is read", async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const unsent: Array<WeakRef<Section>> = [];
    const alive: number[] = [];
    const input = (id: string): RunInput => ({
      id,
      filename: `${id}.txt`,
      load: async () => {
        await new Promise((r) => setImmediate(r));
        gc();
        alive.push(unsent.filter((w) => w.deref() !== undefined).length);
        const sections = pages(50, 200);
        // 50 pages of about 400 tokens against a budget of 2,000: at most the first 5 pages can be kept.
        for (const section of sections.slice(5)) unsent.push(new WeakRef(section));
        return sections;
      },
    });
    await fitInputs([input('a'), input('b'), input('c'), input('d')], 2_000);
    expect(unsent).toHaveLength(4 * 45);
    expect(alive).toEqual([0, 0, 0, 0]);
  });

  it("lets the worker's other work run while it counts large inputs", async () => {
    // About 3 M characters in 1,000 pages over 3 documents: a few hundred milliseconds of counting.
    const inputs = [doc('a', 400, 500), doc('b', 300, 500), doc('c', 300, 500)];
    const { result: sent, turns } = await turnsDuring(() => fitInputs(inputs, 2_000));
    expect(sent.map((s) => s.pagesTotal)).toEqual([400, 300, 300]);
    // Counted in one go, no other callback could run until it ended.
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});

describe('shareTokens (the full-text window among references)', () => {
  const totals = (entries: Array<[string, number]>) => new Map(entries);

  it('gives every reference its total when all fit', () => {
    expect([
      ...shareTokens(
        ['a', 'b'],
        totals([
          ['a', 300],
          ['b', 500],
        ]),
        1_000,
      ),
    ]).toEqual([
      ['a', 300],
      ['b', 500],
    ]);
  });

  it('sends short references whole before long ones are cut, whatever the order they are named in', () => {
    const shares = shareTokens(
      ['long', 'short', 'mid'],
      totals([
        ['long', 5_000],
        ['short', 100],
        ['mid', 2_000],
      ]),
      3_000,
    );
    expect([...shares.keys()]).toEqual(['long', 'short', 'mid']);
    expect(shares.get('short')).toBe(100);
    // What is left (2,900) is split between the two that do not fit it alone.
    expect(shares.get('mid')).toBe(1_450);
    expect(shares.get('long')).toBe(1_450);
  });

  it('never shares out more than the window, and gives a reference with no chunks nothing', () => {
    const shares = shareTokens(
      ['a', 'b', 'c', 'none'],
      totals([
        ['a', 10_000],
        ['b', 10_000],
        ['c', 10_000],
      ]),
      1_000,
    );
    expect(shares.get('none')).toBe(0);
    expect([...shares.values()].reduce((n, t) => n + t, 0)).toBeLessThanOrEqual(1_000);
    expect(shares.get('a')).toBe(333);
  });
});

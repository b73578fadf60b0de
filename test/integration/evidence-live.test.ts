/**
 * Evidence and the run manifest of live runs against the real stack, with a worker of its own (own namespace, a
 * small FULLTEXT_TOKEN_BUDGET) and a local OpenAI-compatible model server: verified citations at their stated spans,
 * fabricated quotes dropped and counted, unsupported criteria marked, evidence with a Markdown report, and a long
 * input cut with coverage < 1.
 */
import type { TestContext } from '../support/app';
import { BUDGET, type Citation, evidenceHelpers, RESULT, SCHEMA, useEvidenceStack } from '../support/evidence';
import type { ModelServer } from '../support/model-server';
import { makeWorkflow } from '../support/runs';

const stack = useEvidenceStack('evidence-live');
const { rubric, essayPdf, expectVerbatim, run } = evidenceHelpers(stack);
let t: TestContext;
let model: ModelServer;
let key: string;
beforeEach(() => {
  ({ t, model, key } = stack);
});

type RunManifest = Awaited<ReturnType<typeof run>>['manifest'];

/**
 * What the model answers: two quotes from the essay (one with a doubled space), one fabricated, one with no
 * reference clause, and a criterion it finds no evidence for.
 */
function modelEvidence(doc: string, chunk: string) {
  return [
    {
      criterion: 'Thesis',
      quote: 'My thesis is that  cities should tax congestion',
      document_id: doc,
      reference_chunk_id: chunk,
      insufficient_evidence: false,
    },
    {
      criterion: 'Sources',
      quote: 'I cite three peer-reviewed sources on urban transport pricing.',
      document_id: doc,
      reference_chunk_id: chunk,
      insufficient_evidence: false,
    },
    {
      criterion: 'Sources',
      quote: 'I cite forty peer-reviewed journals from Nature.',
      document_id: doc,
      reference_chunk_id: chunk,
      insufficient_evidence: false,
    },
    {
      criterion: 'Style',
      quote: 'The prose is elegant and economical throughout.',
      document_id: doc,
      reference_chunk_id: null,
      insufficient_evidence: false,
    },
    {
      criterion: 'Formatting',
      quote: null,
      document_id: null,
      reference_chunk_id: chunk,
      insufficient_evidence: true,
    },
  ];
}

/** The citations of that answer: the fabricated quote dropped, the others at their spans, pages and boxes. */
async function expectCitations(citations: Citation[], ref: string, chunk: string): Promise<void> {
  expect(citations.map((c) => [c.criterion, c.status])).toEqual([
    ['Thesis', 'supported'],
    ['Sources', 'supported'],
    ['Formatting', 'insufficient_evidence'],
    ['Style', 'insufficient_evidence'],
  ]);
  await expectVerbatim(citations);
  const [thesis, sources, formatting, style] = citations;
  // The model doubled a space; the citation shows the document's own text.
  expect(thesis!.quote).toBe('My thesis is that cities should tax congestion');
  expect(thesis!.input!.location).toEqual({ kind: 'page', index: 1, label: 'Page 1' });
  expect(sources!.input!.location).toEqual({ kind: 'page', index: 2, label: 'Page 2' });
  expect(sources!.reference).toEqual({
    reference_document_id: ref,
    chunk_id: chunk,
    location: { kind: 'section', index: 1, label: 'Part 1' },
  });
  expect(formatting).toMatchObject({ quote: null, input: null, reference: { chunk_id: chunk } });
  expect(style).toMatchObject({ quote: null, input: null, reference: null });
  expect(JSON.stringify(citations)).not.toMatch(/forty|elegant/);
  // A quote on a PDF page comes with where it is on that page (test/unit/parsing/positions.test.ts measures the
  // boxes against where the words were drawn).
  for (const c of [thesis!, sources!]) {
    expect(c.input!.boxes!.length).toBeGreaterThan(0);
    for (const box of c.input!.boxes!) {
      expect(box.page).toBe(c.input!.location.index);
      for (const v of [box.x, box.y, box.w, box.h]) expect(v).toBeGreaterThanOrEqual(0);
      expect(box.x + box.w).toBeLessThanOrEqual(1);
      expect(box.y + box.h).toBeLessThanOrEqual(1);
      expect(box.w).toBeGreaterThan(0);
    }
  }
}

/** The manifest names what was sent: the model, strategy, template, reference chunks, budget, pages and tokens. */
function expectManifest(manifest: RunManifest, ref: string, doc: string, chunk: string): void {
  expect(manifest).toMatchObject({
    model: 'test-model-1',
    provider: 'openai',
    policy: 'auto',
    strategy: 'fulltext',
    prompt_template: { id: 'tpl_rubric_scoring', version: 1 },
    reference_index_versions: [{ reference_document_id: ref, index_version: 1 }],
    chunk_ids: [chunk],
    token_budget: BUDGET,
    inputs: [{ document_id: doc, pages_total: 2, pages_sent: 2 }],
    coverage: { input_pages: 1, input_tokens: 1, reference_tokens: 1 },
  });
  const { tokens } = manifest;
  expect(tokens.references).toBeGreaterThan(0);
  expect(tokens.inputs).toBeGreaterThan(0);
  expect(tokens.instructions).toBeGreaterThan(0);
  expect(tokens.instructions + tokens.references + tokens.inputs).toBe(tokens.total);
}

function expectModelAsked(chunk: string): void {
  // What the model was asked: reference passages carry their chunk id; the structured-output schema wraps the
  // workflow's schema in the evidence envelope.
  const [system, user] = model.received[0]!.body.messages;
  expect(user!.content).toContain(`chunk="${chunk}"`);
  expect(system!.content).toMatch(/"insufficient_evidence": true when the documents do not support/);
  const envelope = model.received[0]!.body.response_format!.json_schema!.schema as {
    properties: Record<string, unknown>;
    required: string[];
  };
  expect(envelope.properties.output).toEqual(SCHEMA);
  expect(envelope.required).toEqual(['output', 'evidence']);
}

describe('live evidence', () => {
  it('keeps verified quotes at their spans with the reference clause, drops and counts fabricated ones, marks unsupported criteria', async () => {
    const ref = await rubric();
    const doc = await essayPdf();
    const chunk = `${ref}:0`; // the rubric is one short section: one chunk
    const wf = await makeWorkflow(t, key, {
      default_model_policy: 'auto',
      reference_document_ids: [ref],
      output_schema: SCHEMA,
      prompt_template_id: 'tpl_rubric_scoring',
      user_prompt: 'Score the essay against the rubric.',
    });
    const evidence = modelEvidence(doc, chunk);
    model.enqueue({
      content: JSON.stringify({ output: RESULT, evidence }),
      usage: { prompt_tokens: 900, completion_tokens: 120 },
    });
    const done = await run(wf, [doc]);
    expect(done.status).toBe('succeeded');
    expect(done.output).toEqual(RESULT);
    expect(done.usage).toEqual({
      input_tokens: 900,
      output_tokens: 120,
      model: 'test-model-1',
      rag_strategy: 'fulltext',
      unverified_citations: 2,
    });

    const citations = done.citations as Citation[];
    await expectCitations(citations, ref, chunk);

    const manifest = done.manifest;
    expectManifest(manifest, ref, doc, chunk);

    expectModelAsked(chunk);
  });

  it('carries evidence with a Markdown report', async () => {
    const doc = await essayPdf();
    const wf = await makeWorkflow(t, key, {
      output_format: 'markdown',
      default_model_policy: 'provider-a-file-search',
    });
    const quote = 'Stockholm and London show that such charges reduce traffic.';
    model.enqueue({
      content: JSON.stringify({
        markdown: '# Report\n\nPersuasive.',
        evidence: [
          { criterion: 'Argument', quote, document_id: doc, reference_chunk_id: null, insufficient_evidence: false },
        ],
      }),
    });
    const done = await run(wf, [doc]);
    expect(done.status).toBe('succeeded');
    expect(done.output).toEqual({ markdown: '# Report\n\nPersuasive.' });
    expect(done.citations).toEqual([
      expect.objectContaining({ criterion: 'Argument', status: 'supported', quote, reference: null }),
    ]);
    await expectVerbatim(done.citations);
    expect(done.manifest).toMatchObject({
      strategy: 'file_search',
      chunk_ids: [],
      reference_index_versions: [],
      coverage: { reference_tokens: null },
    });
  });

  it('cuts a 300-page input to the budget by whole pages, shows coverage < 1 and names the strategy', async () => {
    const ref = await rubric();
    const sentences = Array.from(
      { length: 300 },
      (_, i) => `Page ${i + 1} argues point ${i + 1} about congestion pricing with evidence from study ${i + 1}.`,
    );
    const doc = await essayPdf(sentences, 300);
    const wf = await makeWorkflow(t, key, {
      default_model_policy: 'auto',
      reference_document_ids: [ref],
      output_schema: SCHEMA,
      user_prompt: 'Score the thesis, the sources and the formatting against the rubric.',
    });
    model.enqueue({
      content: JSON.stringify({
        output: RESULT,
        evidence: [
          {
            criterion: 'Late point',
            quote: 'Page 300 argues point 300 about congestion pricing',
            document_id: doc,
            reference_chunk_id: null,
            insufficient_evidence: false,
          },
        ],
      }),
    });
    const done = await run(wf, [doc]);
    expect(done.status).toBe('succeeded');
    expect(done.usage.rag_strategy).toBe('file_search');
    const { manifest } = done;
    expect(manifest.strategy).toBe('file_search');
    expect(manifest.policy).toBe('auto');
    const [sent] = manifest.inputs;
    expect(sent).toMatchObject({ document_id: doc, pages_total: 300 });
    expect(sent.pages_sent).toBeGreaterThan(0);
    expect(sent.pages_sent).toBeLessThan(300);
    expect(sent.tokens_sent).toBeLessThanOrEqual(BUDGET);
    expect(sent.tokens_total).toBeGreaterThan(BUDGET);
    expect(manifest.coverage.input_pages).toBeGreaterThan(0);
    expect(manifest.coverage.input_pages).toBeLessThan(1);
    expect(manifest.coverage.input_pages).toBe(Math.floor((sent.pages_sent / 300) * 10_000) / 10_000);
    expect(manifest.coverage.input_tokens).toBeLessThan(1);
    expect(manifest.chunk_ids).toEqual([`${ref}:0`]);

    // The model got the first pages, whole, was told the rest was left out, and did not get the last page; a quote
    // of a page it never saw is not evidence.
    const user = model.received[0]!.body.messages[1]!.content;
    expect(user).toContain(sentences[0]);
    expect(user).toContain(`[Page ${sent.pages_sent}]`);
    expect(user).not.toContain(sentences[299]);
    expect(user).toContain(
      `note="only the first ${sent.pages_sent} of 300 pages or sections are included (context budget)"`,
    );
    expect(done.usage.unverified_citations).toBe(1);
    expect(done.citations).toEqual([
      { criterion: 'Late point', status: 'insufficient_evidence', quote: null, input: null, reference: null },
    ]);
  }, 180_000);
});

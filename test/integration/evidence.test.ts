/**
 * Evidence and the run manifest against the real stack, with a worker of its own (own namespace, a small
 * FULLTEXT_TOKEN_BUDGET) and a local OpenAI-compatible model server: verified citations at their stated spans,
 * fabricated quotes dropped and counted, unsupported criteria marked, a long input cut with coverage < 1, and
 * test-mode stub citations that verify the same way.
 */
import { countTokens } from '../../activities/indexing/tokens';
import { textKeys, type StoredSection } from '../../domain/documents/stored-text';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { deleteObject, getObjectBytes } from '../../domain/platform/storage';
import { COLLECTIONS } from '../../domain/platform/db';
import { createTestContext, type TestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { ModelServer } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { makeWorkflow, waitForRun } from '../support/runs';
import { uploadDocument, uploadReference, waitForReference } from '../support/uploads';

const NAMESPACE = `${testNamespaces().main}-evidence`;
/** Small enough that 300 pages cannot fit, large enough for a rubric and a two-page essay. */
const BUDGET = 3000;
/** The full-text window for references: the rubric fits whole, 600 rules do not. */
const REFERENCE_LIMIT = 4000;

let t: TestContext;
let model: ModelServer;
let worker: Spawned;
let a: TestAccount;
let key: string;
let testKey: string;
const auth = (token = key) => ({ Authorization: `Bearer ${token}` });

const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'integer', minimum: 0, maximum: 10 }, verdict: { type: 'string' } },
  required: ['score', 'verdict'],
  additionalProperties: false,
};
const RESULT = { score: 7, verdict: 'A clear thesis with adequate sources.' };

const RUBRIC = [
  'Thesis: a clear and arguable thesis earns up to ten points.',
  'Sources: citing at least three peer-reviewed sources earns fifteen points.',
  'Formatting: the bibliography follows APA style with hanging indents.',
];
const ESSAY = [
  'My thesis is that cities should tax congestion at peak hours.',
  'Stockholm and London show that such charges reduce traffic.',
  'I cite three peer-reviewed sources on urban transport pricing.',
  'The revenue should fund buses and safer cycling lanes.',
];
/** More sentences than the stub has criteria (at most five), so each criterion gets its own quote. */
const LONG_ESSAY = [
  ...ESSAY,
  'Critics worry that the charge burdens commuters on low incomes.',
  'A rebate for those commuters answers that worry.',
];

beforeAll(async () => {
  model = new ModelServer();
  const url = await model.start();
  t = await createTestContext({
    TEMPORAL_NAMESPACE: NAMESPACE,
    FULLTEXT_REFERENCE_TOKEN_LIMIT: String(REFERENCE_LIMIT),
  });
  await ensureNamespace(t.config.temporalAddress, NAMESPACE);
  worker = await startWorker({
    TEMPORAL_NAMESPACE: NAMESPACE,
    FULLTEXT_TOKEN_BUDGET: String(BUDGET),
    FULLTEXT_REFERENCE_TOKEN_LIMIT: String(REFERENCE_LIMIT),
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: url,
    MODEL_A_API_KEY: 'test-key',
    MODEL_A_MODEL: 'test-model-1',
    MODEL_MAX_RETRIES: '1',
    MODEL_RETRY_BASE_MS: '50',
  });
  a = await newAccount(t);
  key = await a.key({ mode: 'live' });
  testKey = await a.key({ mode: 'test' });
});
beforeEach(() => model.reset());
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await model?.stop();
});

async function rubric(): Promise<string> {
  const id = await uploadReference(t, key, await makeDocument('docx', { sentences: RUBRIC }), 'Essay rubric');
  expect((await waitForReference(t, key, id)).status).toBe('ready');
  return id;
}

async function essayPdf(sentences = ESSAY, pages = 2): Promise<string> {
  const res = await uploadDocument(t, key, {
    ...(await makeDocument('pdf', { sentences, pages })),
    filename: 'essay.pdf',
  });
  expect(res.body.extracted).toBe(true);
  return res.body.id as string;
}

async function textOf(docId: string, token = key) {
  const res = await t.api.get(`/v1/documents/${docId}/text`).set(auth(token));
  expect(res.status).toBe(200);
  return res.body as { sections: Array<{ kind: string; index: number; label: string; text: string }> };
}

interface Citation {
  criterion: string;
  status: string;
  quote: string | null;
  input: {
    document_id: string;
    location: { kind: string; index: number; label: string };
    start: number;
    end: number;
    boxes?: Array<{ page: number; x: number; y: number; w: number; h: number }>;
  } | null;
  reference: {
    reference_document_id: string;
    chunk_id: string;
    location: { kind: string; index: number; label: string };
  } | null;
}

/** Every supported citation's quote is exactly the document text at its stated span. */
async function expectVerbatim(citations: Citation[], token = key): Promise<void> {
  for (const c of citations.filter((x) => x.status === 'supported')) {
    const { sections } = await textOf(c.input!.document_id, token);
    const section = sections.find((s) => s.kind === c.input!.location.kind && s.index === c.input!.location.index)!;
    expect(section.label).toBe(c.input!.location.label);
    expect(section.text.slice(c.input!.start, c.input!.end)).toBe(c.quote);
  }
}

async function run(workflowId: string, inputs: string[], token = key) {
  const created = await t.api
    .post(`/v1/workflows/${workflowId}/runs`)
    .set(auth(token))
    .send({ input_documents: inputs });
  expect(created.status).toBe(202);
  expect(created.body).toMatchObject({ citations: null, manifest: null, usage: { unverified_citations: null } });
  return waitForRun(t, token, created.body.id);
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
    const evidence = [
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

    const manifest = done.manifest;
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

describe('test mode', () => {
  it('carries stub citations drawn from the real documents, which verify, and a stub manifest', async () => {
    const ref = await rubric();
    const doc = await essayPdf(LONG_ESSAY);
    const wf = await makeWorkflow(t, testKey, {
      default_model_policy: 'provider-a-file-search',
      reference_document_ids: [ref],
      output_format: 'json',
      user_prompt: 'Score the thesis, the sources and the formatting against the rubric.',
    });
    const done = await run(wf, [doc], testKey);
    expect(done.status).toBe('succeeded');
    expect(done.usage).toMatchObject({ model: 'stub', unverified_citations: 0, rag_strategy: 'file_search' });
    const citations = done.citations as Citation[];
    const names = (done.output.criteria as Array<{ name: string }>).map((c) => c.name);
    expect(citations.map((c) => c.criterion)).toEqual(names);
    expect(citations.every((c) => c.status === 'supported' && c.reference?.chunk_id === `${ref}:0`)).toBe(true);
    for (const c of citations) expect(LONG_ESSAY.some((s) => s.includes(c.quote!))).toBe(true);
    await expectVerbatim(citations, testKey);
    expect(done.manifest).toMatchObject({
      model: 'stub',
      provider: 'stub',
      strategy: 'file_search',
      chunk_ids: [`${ref}:0`],
    });
    expect(model.received).toHaveLength(0);

    // The same run read twice is the same evidence (seeded by the run id).
    const again = await t.api.get(`/v1/runs/${done.id}`).set(auth(testKey));
    expect(again.body.citations).toEqual(citations);

    // A Markdown report cites the criteria it was rendered from.
    const md = await run(
      await makeWorkflow(t, testKey, { output_format: 'markdown', reference_document_ids: [ref] }),
      [doc],
      testKey,
    );
    expect(md.status).toBe('succeeded');
    expect(md.citations.length).toBeGreaterThanOrEqual(3);
    for (const c of md.citations as Citation[]) expect(md.output.markdown).toContain(c.criterion);
    await expectVerbatim(md.citations, testKey);
  });

  /** 600 numbered rules: about 4 times the budget in chunk tokens, 3 times the full-text window. */
  async function rules(): Promise<string> {
    const lines = Array.from(
      { length: 600 },
      (_, i) => `Rule ${i + 1}: an essay that cites source ${i + 1} earns ${i % 7} points.`,
    );
    const ref = await uploadReference(t, testKey, {
      bytes: Buffer.from(lines.join('\n')),
      filename: 'rules.txt',
      mimeType: 'text/plain',
    });
    expect((await waitForReference(t, testKey, ref)).status).toBe('ready');
    return ref;
  }

  it('sends full text up to the window: a short reference whole, a long one cut after the chunks that fit, priced as sent', async () => {
    const long = await rules();
    const short = await uploadReference(t, testKey, await makeDocument('docx', { sentences: RUBRIC }), 'Essay rubric');
    expect((await waitForReference(t, testKey, short)).status).toBe('ready');
    const chunkRecords = await t.database.db
      .collection<{ _id: string; ref_id: string; ordinal: number; tokens: number }>(COLLECTIONS.referenceChunks)
      .find({ ref_id: { $in: [long, short] } })
      .toArray();
    const tokensOf = (ref: string) => chunkRecords.filter((c) => c.ref_id === ref).reduce((n, c) => n + c.tokens, 0);
    expect(tokensOf(long)).toBeGreaterThan(2 * REFERENCE_LIMIT);

    // The long one named first: the window is shared by size, not by order.
    const wf = await makeWorkflow(t, testKey, {
      default_model_policy: 'provider-b-1m-fulltext',
      reference_document_ids: [long, short],
    });
    const product = (await t.api.get('/v1/products/general_evaluation').set(auth(testKey))).body as {
      pricing: { credits_per_run: number; credits_per_1k_reference_tokens: number };
    };
    const quoted = await t.api.post(`/v1/workflows/${wf}/runs/quote`).set(auth(testKey)).send({});
    expect(quoted.status).toBe(200);
    // Priced at the window, not at everything stored (in milli-credits, as billing counts).
    const milli = (credits: number) => Math.round(credits * 1000);
    const windowMilli = Math.ceil((REFERENCE_LIMIT / 1000) * milli(product.pricing.credits_per_1k_reference_tokens));
    expect(windowMilli).toBeGreaterThan(0);
    expect(milli(quoted.body.quoted_credits)).toBe(milli(product.pricing.credits_per_run) + windowMilli);
    // An index record written before records carried their token total is counted from its chunks, to the same quote.
    await t.database.db
      .collection(COLLECTIONS.referenceIndexes)
      .updateOne({ _id: long as never }, { $unset: { token_total: '' } });
    const again = await t.api.post(`/v1/workflows/${wf}/runs/quote`).set(auth(testKey)).send({});
    expect(again.body.quoted_credits).toBe(quoted.body.quoted_credits);

    const done = await run(wf, [await essayPdf()], testKey);
    expect(done.status).toBe('succeeded');
    const manifest = done.manifest as {
      strategy: string;
      chunk_ids: string[];
      tokens: { references: number };
      coverage: { reference_tokens: number };
    };
    expect(manifest.strategy).toBe('fulltext');
    const sent = (ref: string) => manifest.chunk_ids.filter((id) => id.startsWith(`${ref}:`));
    // The short reference whole, then the long one's leading chunks, in order, until the window was spent.
    expect(sent(short)).toEqual(chunkRecords.filter((c) => c.ref_id === short).map((c) => c._id));
    const longSent = sent(long);
    expect(longSent.length).toBeGreaterThan(0);
    expect(longSent).toEqual(longSent.map((_, i) => `${long}:${i}`));
    const longChunks = chunkRecords.filter((c) => c.ref_id === long).sort((x, y) => x.ordinal - y.ordinal);
    expect(longSent.length).toBeLessThan(longChunks.length);
    const stored = (n: number) => longChunks.slice(0, n).reduce((m, c) => m + c.tokens, 0);
    // As many as fit what the short one left, by the stored counts: one more would not have.
    expect(stored(longSent.length)).toBeLessThanOrEqual(REFERENCE_LIMIT - tokensOf(short));
    expect(stored(longSent.length + 1)).toBeGreaterThan(REFERENCE_LIMIT - tokensOf(short));
    expect(manifest.tokens.references).toBeLessThanOrEqual(REFERENCE_LIMIT);
    expect(manifest.coverage.reference_tokens).toBeLessThan(1);
    expect(manifest.coverage.reference_tokens).toBeGreaterThan(0);
  });

  it('sends references far over the budget by retrieval, from their chunks, without reading their whole text', async () => {
    const ref = await rules();
    const chunks = await t.database.db
      .collection<{ tokens: number }>(COLLECTIONS.referenceChunks)
      .find({ ref_id: ref })
      .toArray();
    expect(chunks.reduce((n, c) => n + c.tokens, 0)).toBeGreaterThan(2 * BUDGET);
    // Its stored text gone: a run that read it to count it would fail; one that decides from the chunks succeeds.
    await deleteObject(t.deps.storage, textKeys.reference(a.accountId, ref));
    const wf = await makeWorkflow(t, testKey, {
      default_model_policy: 'auto',
      reference_document_ids: [ref],
      user_prompt: 'Which rule covers citing source 42?',
    });
    const done = await run(wf, [await essayPdf()], testKey);
    expect(done.status).toBe('succeeded');
    expect(done.manifest).toMatchObject({ policy: 'auto', strategy: 'file_search' });
    expect(done.manifest.chunk_ids.length).toBeGreaterThan(0);
    expect(done.manifest.coverage.reference_tokens).toBeLessThan(1);
  });

  it('sends a long input by the token counts stored at its extraction, the same counts a run would make', async () => {
    // 40 sections of about 3,000 characters: counted at extraction, cut to the budget by the run.
    const sections = Array.from({ length: 40 }, (_, i) =>
      [
        `# Part ${i + 1}`,
        ...Array.from(
          { length: 50 },
          (_, l) => `Point ${i + 1}.${l + 1}: congestion pricing cuts traffic by ${l + 7} percent.`,
        ),
      ].join('\n'),
    );
    const uploaded = await uploadDocument(t, testKey, {
      bytes: Buffer.from(sections.join('\n\n')),
      filename: 'long.md',
      mimeType: 'text/markdown',
    });
    expect(uploaded.body).toMatchObject({ extracted: true });
    const doc = uploaded.body.id as string;
    const stored = JSON.parse(
      Buffer.from(await getObjectBytes(t.deps.storage, textKeys.document(a.accountId, doc))).toString('utf8'),
    ) as { sections: StoredSection[] };
    expect(stored.sections).toHaveLength(40);
    for (const section of stored.sections) expect(section.tokens).toBe(countTokens(section.text));
    // The API returns the text without them.
    const { sections: shown } = await textOf(doc, testKey);
    expect(shown.map((section) => Object.keys(section).sort())).toEqual(
      shown.map(() => ['index', 'kind', 'label', 'text']),
    );

    const wf = await makeWorkflow(t, testKey, { default_model_policy: 'auto', user_prompt: 'Score the argument.' });
    const done = await run(wf, [doc], testKey);
    expect(done.status).toBe('succeeded');
    const [sent] = done.manifest.inputs;
    expect(sent).toMatchObject({
      document_id: doc,
      pages_total: 40,
      tokens_total: shown.reduce((n, s) => n + countTokens(s.text), 0),
    });
    expect(sent.pages_sent).toBeGreaterThan(0);
    expect(sent.pages_sent).toBeLessThan(40);
    expect(sent.tokens_sent).toBe(shown.slice(0, sent.pages_sent).reduce((n, s) => n + countTokens(s.text), 0));
  });
});

describe('document text', () => {
  it('answers the extracted pages, and 409 before extraction', async () => {
    const doc = await essayPdf();
    const { sections } = await textOf(doc);
    expect(sections.map((s) => [s.kind, s.index, s.label])).toEqual([
      ['page', 1, 'Page 1'],
      ['page', 2, 'Page 2'],
    ]);
    expect(sections[0]!.text).toContain(ESSAY[0]);
    const pending = await t.api.post('/v1/documents').set(auth()).send({ filename: 'later.pdf' });
    const res = await t.api.get(`/v1/documents/${pending.body.id}/text`).set(auth());
    expect([res.status, res.body.error.code]).toEqual([409, 'document_not_extracted']);
  });
});

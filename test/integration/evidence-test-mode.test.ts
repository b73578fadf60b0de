/**
 * Evidence in test mode against the real stack, with a worker of its own (own namespace, a small
 * FULLTEXT_TOKEN_BUDGET): stub citations that verify the same way as live ones, what a run sends of references and
 * long inputs (full text up to the window, retrieval beyond it, stored token counts), and the document text the
 * citations are checked against.
 */
import { countTokens } from '../../activities/indexing/tokens';
import { textKeys, type StoredSection } from '../../domain/documents/stored-text';
import { deleteObject, getObjectBytes } from '../../domain/platform/storage';
import { COLLECTIONS } from '../../domain/platform/db';
import type { TestContext } from '../support/app';
import {
  BUDGET,
  type Citation,
  ESSAY,
  evidenceHelpers,
  LONG_ESSAY,
  REFERENCE_LIMIT,
  RUBRIC,
  useEvidenceStack,
} from '../support/evidence';
import { makeDocument } from '../support/files';
import type { TestAccount } from '../support/identity';
import type { ModelServer } from '../support/model-server';
import { makeWorkflow } from '../support/runs';
import { uploadDocument, uploadReference, waitForReference } from '../support/uploads';

const stack = useEvidenceStack('evidence-test-mode');
const { auth, rubric, essayPdf, textOf, expectVerbatim, run } = evidenceHelpers(stack);
let t: TestContext;
let model: ModelServer;
let a: TestAccount;
let testKey: string;
beforeEach(() => {
  ({ t, model, a, testKey } = stack);
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

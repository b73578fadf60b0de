/**
 * What the evidence test files share: a worker of the file's own (its own namespace, a small FULLTEXT_TOKEN_BUDGET)
 * over a local OpenAI-compatible model server, one account with a live and a test key, the rubric and essays they
 * evaluate, and the helpers that upload them, run a workflow and check citations against the document text.
 */
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { createTestContext, type TestContext } from './app';
import { testNamespaces } from './env';
import { makeDocument } from './files';
import { newAccount, type TestAccount } from './identity';
import { ModelServer } from './model-server';
import { startWorker, type Spawned } from './processes';
import { waitForRun } from './runs';
import { uploadDocument, uploadReference, waitForReference } from './uploads';

/** Small enough that 300 pages cannot fit, large enough for a rubric and a two-page essay. */
export const BUDGET = 3000;
/** The full-text window for references: the rubric fits whole, 600 rules do not. */
export const REFERENCE_LIMIT = 4000;

export const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'integer', minimum: 0, maximum: 10 }, verdict: { type: 'string' } },
  required: ['score', 'verdict'],
  additionalProperties: false,
};
export const RESULT = { score: 7, verdict: 'A clear thesis with adequate sources.' };

export const RUBRIC = [
  'Thesis: a clear and arguable thesis earns up to ten points.',
  'Sources: citing at least three peer-reviewed sources earns fifteen points.',
  'Formatting: the bibliography follows APA style with hanging indents.',
];
export const ESSAY = [
  'My thesis is that cities should tax congestion at peak hours.',
  'Stockholm and London show that such charges reduce traffic.',
  'I cite three peer-reviewed sources on urban transport pricing.',
  'The revenue should fund buses and safer cycling lanes.',
];
/** More sentences than the stub has criteria (at most five), so each criterion gets its own quote. */
export const LONG_ESSAY = [
  ...ESSAY,
  'Critics worry that the charge burdens commuters on low incomes.',
  'A rebate for those commuters answers that worry.',
];

export interface Citation {
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

/** The file's context, model server and account with its live `key` and `testKey`, set by the jest hooks. */
export interface EvidenceStack {
  t: TestContext;
  model: ModelServer;
  a: TestAccount;
  key: string;
  testKey: string;
}

/** `name` keeps each file's worker, and the model server it calls, on a namespace of its own. */
export function useEvidenceStack(name: string): EvidenceStack {
  const namespace = `${testNamespaces().main}-${name}`;
  const stack = {} as EvidenceStack;
  let worker: Spawned | undefined;
  beforeAll(async () => {
    stack.model = new ModelServer();
    const url = await stack.model.start();
    stack.t = await createTestContext({
      TEMPORAL_NAMESPACE: namespace,
      FULLTEXT_REFERENCE_TOKEN_LIMIT: String(REFERENCE_LIMIT),
    });
    await ensureNamespace(stack.t.config.temporalAddress, namespace);
    worker = await startWorker({
      TEMPORAL_NAMESPACE: namespace,
      FULLTEXT_TOKEN_BUDGET: String(BUDGET),
      FULLTEXT_REFERENCE_TOKEN_LIMIT: String(REFERENCE_LIMIT),
      MODEL_A_PROVIDER: 'openai',
      MODEL_A_BASE_URL: url,
      MODEL_A_API_KEY: 'test-key',
      MODEL_A_MODEL: 'test-model-1',
      MODEL_MAX_RETRIES: '1',
      MODEL_RETRY_BASE_MS: '50',
    });
    stack.a = await newAccount(stack.t);
    stack.key = await stack.a.key({ mode: 'live' });
    stack.testKey = await stack.a.key({ mode: 'test' });
  });
  beforeEach(() => stack.model.reset());
  afterAll(async () => {
    await worker?.stop();
    await stack.t?.close();
    await stack.model?.stop();
  });
  return stack;
}

/** The helpers, acting for the stack's account, with its live key unless told another. */
export function evidenceHelpers(stack: EvidenceStack) {
  const auth = (token = stack.key) => ({ Authorization: `Bearer ${token}` });

  async function rubric(): Promise<string> {
    const { t, key } = stack;
    const id = await uploadReference(t, key, await makeDocument('docx', { sentences: RUBRIC }), 'Essay rubric');
    expect((await waitForReference(t, key, id)).status).toBe('ready');
    return id;
  }

  async function essayPdf(sentences = ESSAY, pages = 2): Promise<string> {
    const res = await uploadDocument(stack.t, stack.key, {
      ...(await makeDocument('pdf', { sentences, pages })),
      filename: 'essay.pdf',
    });
    expect(res.body.extracted).toBe(true);
    return res.body.id as string;
  }

  async function textOf(docId: string, token = stack.key) {
    const res = await stack.t.api.get(`/v1/documents/${docId}/text`).set(auth(token));
    expect(res.status).toBe(200);
    return res.body as { sections: Array<{ kind: string; index: number; label: string; text: string }> };
  }

  /** Every supported citation's quote is exactly the document text at its stated span. */
  async function expectVerbatim(citations: Citation[], token = stack.key): Promise<void> {
    for (const c of citations.filter((x) => x.status === 'supported')) {
      const { sections } = await textOf(c.input!.document_id, token);
      const section = sections.find((s) => s.kind === c.input!.location.kind && s.index === c.input!.location.index)!;
      expect(section.label).toBe(c.input!.location.label);
      expect(section.text.slice(c.input!.start, c.input!.end)).toBe(c.quote);
    }
  }

  async function run(workflowId: string, inputs: string[], token = stack.key) {
    const created = await stack.t.api
      .post(`/v1/workflows/${workflowId}/runs`)
      .set(auth(token))
      .send({ input_documents: inputs });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ citations: null, manifest: null, usage: { unverified_citations: null } });
    return waitForRun(stack.t, token, created.body.id);
  }

  return { auth, rubric, essayPdf, textOf, expectVerbatim, run };
}

/**
 * The stack of a live economy batch's tests (issue 58): an API and a worker of their own namespace and database, the
 * slot's model server played by the provider-batch server (test/support/provider-batch-server.ts), polls shortened
 * to 200 ms, and the readers every such test needs: the batch, its runs, the ledger's exactness. Call
 * `useEconomyStack` at the top of a test file; it registers its own set-up and tear-down.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { grant, toMilli } from '../../domain/billing/credits';
import { reconcileAccount } from '../../domain/operations/operations';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { parseConfig } from '../../domain/platform/config';
import { testNamespaces } from './env';
import { createTestContext, ownDatabase, type TestContext } from './app';
import { makeDocument } from './files';
import { newAccount, type TestAccount } from './identity';
import { ProviderBatchServer } from './provider-batch-server';
import { startWorker, type Spawned } from './processes';
import { makeWorkflow } from './runs';
import { uploadDocument } from './uploads';

export type Protocol = 'openai' | 'anthropic';

export const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
const FINAL_BATCH = ['succeeded', 'completed_with_failures', 'canceled'];
const defaultAnswer = new ProviderBatchServer().answer;

export async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface EconomyStack {
  /** The Temporal namespace of the file's API and worker. */
  ns: string;
  t: TestContext;
  server: ProviderBatchServer;
  worker: Spawned | undefined;
  origin: string;
  store: { MONGODB_DB: string };
}

/** `name` tells the namespace and database apart from other files'; the worker starts on `protocol`. */
export function useEconomyStack(name: string, protocol: Protocol = 'openai') {
  const NS = `${testNamespaces().main}-${name}`;
  const s = { ns: NS } as EconomyStack;

  const slotEnv = (p: Protocol): NodeJS.ProcessEnv => ({
    MODEL_A_PROVIDER: p,
    MODEL_A_BASE_URL: p === 'openai' ? `${s.origin}/v1` : s.origin,
    MODEL_A_API_KEY: 'test-key',
    MODEL_A_MODEL: p === 'openai' ? 'test-gpt' : 'test-claude',
  });

  /** Replaces the worker by one on `p`'s protocol. */
  async function useWorker(p: Protocol): Promise<void> {
    await s.worker?.stop();
    s.worker = await startWorker({
      TEMPORAL_NAMESPACE: NS,
      ...s.store,
      ECONOMY_POLL_MS: '200',
      MODEL_RETRY_BASE_MS: '20',
      ...slotEnv(p),
    });
  }

  beforeAll(async () => {
    await ensureNamespace(parseConfig(process.env).temporalAddress, NS);
    // Its own database: hundreds of economy runs would slow every later query of the lane's.
    s.store = await ownDatabase(name);
    s.server = new ProviderBatchServer();
    s.origin = await s.server.start();
    s.t = await createTestContext({ TEMPORAL_NAMESPACE: NS, ...s.store, ...slotEnv(protocol) });
    await useWorker(protocol);
  }, 120_000);
  afterAll(async () => {
    await s.worker?.stop();
    await s.t?.close();
    await s.server?.stop();
  });
  beforeEach(() => {
    s.server.plans.length = 0;
    s.server.defaultPlan = {};
    s.server.answer = (customId, body) => defaultAnswer(customId, body);
    s.server.ordinary = (body) => defaultAnswer('ordinary', body);
  });

  /** A new account with a live key, credits, one document and a plain workflow. */
  async function account(): Promise<EconomyAccount> {
    const a = await newAccount(s.t);
    const key = await a.key({ mode: 'live' });
    await grant(s.t.database.db, a.accountId, `grant_economy_${a.accountId}`, toMilli(10_000), 'regular');
    const doc = await makeDocument('md', { sentences: ['An essay.', 'Its point.'] });
    const uploaded = await uploadDocument(s.t, key, doc);
    expect(uploaded.status).toBe(200);
    const wf = await makeWorkflow(s.t, key);
    return { a, key, doc: uploaded.body.id as string, wf };
  }

  return { stack: s, slotEnv, useWorker, account, ...readersOf(s) };
}

/** A test's account: a live key, credits, one document and a workflow. */
export interface EconomyAccount {
  a: TestAccount;
  key: string;
  doc: string;
  wf: string;
}

/** What the tests read and count of the stack's batches, runs, ledger and provider-batch server. */
function readersOf(s: EconomyStack) {
  type Account = EconomyAccount;

  async function createBatch(acc: Account, n: number, economy: boolean) {
    const created = await s.t.api
      .post(`/v1/workflows/${acc.wf}/batches`)
      .set(auth(acc.key))
      .send({
        items: Array.from({ length: n }, (_, i) => ({ input_documents: [acc.doc], external_id: `e${i}` })),
        max_concurrency: 50,
        ...(economy ? { economy: true } : {}),
      });
    expect(created.status).toBe(202);
    return created.body as { id: string; quoted_credits: number };
  }

  async function readBatch(acc: Account, id: string) {
    const res = await s.t.api.get(`/v1/batches/${id}`).set(auth(acc.key));
    expect(res.status).toBe(200);
    return res.body as {
      status: string;
      charged_credits: number;
      counts: Record<string, number>;
      provider_batches: Array<{ id: string; provider: string; status: string; requests: number }>;
      reviews?: { pending: number; completed: number };
    };
  }

  const finalBatch = (acc: Account, id: string) =>
    until(`batch ${id} final`, async () => {
      const b = await readBatch(acc, id);
      return FINAL_BATCH.includes(b.status) ? b : undefined;
    });

  const runsOf = (accountId: string, batchId: string) =>
    s.t.database.db
      .collection(COLLECTIONS.runs)
      .find({ account_id: accountId, batch_id: batchId })
      .sort({ batch_position: 1 })
      .toArray();

  /** Every item's run charged at most once and refunded at most once; the account's ledger has no drift. */
  async function expectLedgerExact(accountId: string, batchId: string) {
    const db = s.t.database.db;
    const runs = await runsOf(accountId, batchId);
    const entries = await db.collection(COLLECTIONS.ledger).find({ account_id: accountId }).toArray();
    for (const run of runs) {
      const mine = entries.filter((e) => e.subject === run._id);
      expect(mine.filter((e) => e.kind === 'charge').length).toBeLessThanOrEqual(1);
      expect(mine.filter((e) => e.kind === 'refund').length).toBeLessThanOrEqual(1);
    }
    const report = (await reconcileAccount(db, accountId))!;
    expect({ drift: report.drift_milli, pending: report.pending }).toEqual({ drift: 0, pending: 0 });
    return runs;
  }

  const batchCreates = (p: Protocol) =>
    p === 'openai' ? s.server.count('POST', '/v1/batches') : s.server.count('POST', '/v1/messages/batches');
  const ordinaryCalls = (p: Protocol) =>
    s.server.count('POST', p === 'openai' ? '/v1/chat/completions' : '/v1/messages');

  return { createBatch, readBatch, finalBatch, runsOf, expectLedgerExact, batchCreates, ordinaryCalls };
}

/**
 * Fault injection against the real local stack: live runs (model answers from the local test server, slowed so
 * the runs are mid-flight), a reference document being indexed and webhook deliveries to a local receiver are under
 * way when one part is killed — the worker (SIGKILL, then a new one), or the Temporal server, the database or the
 * object store (stopped, then started again on the same data). While a dependency is down the API is probed: every
 * answer must be a 2xx or a 503 within the probe's deadline — never a 500, never a hang.
 *
 * Afterwards: every run is terminal, the account's balance reconciles with its ledger with zero drift, every
 * terminal run has its event, and no (run, event type) ever reached the receiver under two different event ids.
 * Used by test/integration/chaos.test.ts (one round of the essential faults) and `npm run chaos` (test/chaos/run.ts,
 * more rounds). Needs the local services started by this project (it stops and starts them through their pid files).
 */
import { parseConfig } from '../../domain/config';
import { reconcileAccount } from '../../domain/operations';
import { ensureNamespace } from '../../scripts/stack/namespaces';
import { stackStatus, startStack, stopStack, type ServiceName } from '../../scripts/stack/services';
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { ModelServer } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { TERMINAL, waitForRun } from '../support/runs';
import { uploadReference, waitForReference } from '../support/uploads';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

export type Fault = 'worker' | ServiceName;

export interface ChaosOptions {
  namespace: string;
  faults: Fault[];
  rounds: number;
  runsPerRound: number;
  /** How long a stopped service stays down while the API is probed. */
  downMs: number;
  say?: (line: string) => void;
}

export interface Probe {
  fault: Fault;
  route: string;
  status: number | 'timeout' | 'network';
  ms: number;
}

export interface ChaosReport {
  runs: Array<{ id: string; status: string }>;
  probes: Probe[];
  drift: { milli: number; pending: number };
  /** Terminal runs whose `run.*` event was never recorded. */
  missingEvents: string[];
  /** `(run, type)` pairs the receiver saw under more than one event id. */
  duplicatedEvents: string[];
  deliveriesReceived: number;
  reference: string;
}

const PROBE_TIMEOUT_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withDeadline<T>(ms: number, work: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([work, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), ms)))]);
  clearTimeout(timer);
  return result;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const say = options.say ?? (() => undefined);
  const model = new ModelServer();
  const modelUrl = await model.start();
  // Slow answers keep runs in flight when the fault lands.
  model.fallback = { content: '## Verdict\n\nThe essay argues its thesis and cites its sources.', delayMs: 1500 };
  const receiver: WebhookReceiver = await startWebhookReceiver();
  const workerEnv: NodeJS.ProcessEnv = {
    TEMPORAL_NAMESPACE: options.namespace,
    MODEL_A_PROVIDER: 'openai',
    MODEL_A_BASE_URL: modelUrl,
    MODEL_A_API_KEY: 'test-key',
    MODEL_A_MODEL: 'chaos-model',
    MODEL_RETRY_BASE_MS: '200',
    WEBHOOK_RETRY_SCHEDULE_S: '1,2,3',
  };
  const base = parseConfig({ ...process.env, TEMPORAL_NAMESPACE: options.namespace });
  const local: Record<Fault, boolean> = { worker: true, temporal: base.localServices.temporal, mongodb: base.localServices.mongodb, minio: base.localServices.s3 };
  const external = options.faults.filter((f) => !local[f]);
  if (external.length) throw new Error(`${external.join(', ')} external (set by env): chaos stops and starts only the local services`);
  await ensureNamespace(base.temporalAddress, options.namespace);
  let worker: Spawned = await startWorker(workerEnv);
  const t: TestContext = await createTestContext({ TEMPORAL_NAMESPACE: options.namespace });
  const probes: Probe[] = [];
  const runIds: string[] = [];
  let account: TestAccount | undefined;
  let reference = '';
  let workflowId = '';
  let probeAuth: Record<string, string> = {};

  try {
    account = await newAccount(t);
    const key = await account.key({ mode: 'live' });
    const auth = { Authorization: `Bearer ${key}` };
    probeAuth = auth;
    const endpoint = await t.api.post('/v1/webhook-endpoints').set(auth).send({ url: receiver.url() });
    if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${endpoint.text}`);
    const wf = await t.api
      .post('/v1/workflows')
      .set(auth)
      .send({ product_code: 'general_evaluation', name: 'chaos', output_format: 'markdown', webhook_endpoint_id: endpoint.body.id });
    if (wf.status !== 201) throw new Error(`workflow: ${wf.status} ${wf.text}`);
    workflowId = wf.body.id as string;

    for (let round = 0; round < options.rounds; round++) {
      for (const fault of options.faults) {
        say(`round ${round + 1}: ${options.runsPerRound} runs in flight, then ${fault} fails`);
        model.reset();
        for (let i = 0; i < options.runsPerRound; i++) {
          const created = await t.api.post(`/v1/workflows/${wf.body.id}/runs`).set(auth).send({});
          if (created.status !== 202) throw new Error(`run: ${created.status} ${created.text}`);
          runIds.push(created.body.id as string);
        }
        if (round === 0 && fault === options.faults[0]) {
          // An indexing job under way through the first fault too.
          const file = await makeDocument('docx', { sentences: Array.from({ length: 60 }, (_, i) => `Criterion ${i + 1}: the essay must cite a source for claim ${i + 1}.`) });
          reference = await uploadReference(t, key, file, 'Chaos rubric');
        }
        // The first model call of the new batch: the runs are mid-flight. After a restart the worker's pollers can
        // take a while to find the server again, so this waits generously (and reports how long it took).
        const waited = Date.now();
        await model.waitForRequests(1, 180_000);
        if (Date.now() - waited > 20_000) say(`  (the batch took ${Math.round((Date.now() - waited) / 1000)} s to reach the model)`);
        await inject(fault);
      }
    }

    say('waiting for every run to finish');
    const deadline = Date.now() + 300_000;
    const finals: Array<{ id: string; status: string }> = [];
    for (const id of runIds) {
      const run = await waitForRun(t, key, id, Math.max(1, deadline - Date.now()));
      const status = TERMINAL.includes(run.status) ? (run.status as string) : 'not terminal';
      finals.push({ id, status: run.error ? `${status} (${run.error.code}: ${run.error.message})` : status });
    }
    const ref = reference ? await waitForReference(t, key, reference, 120_000) : null;
    const refStatus = !ref ? 'none' : ref.status === 'failed' ? `failed (${String(ref.failure_reason)})` : (ref.status as string);

    // Deliveries retry every few seconds; give the last ones a moment to land.
    // A run shows its final status a moment before its settlement step records the event: give that step time.
    const eventsOf = async () =>
      (await t.database.db.collection<{ _id: string; type: string; data_json: string }>('events').find({ account_id: account!.accountId }).toArray())
        .filter((e) => e.type.startsWith('run.'));
    let runEvents = await eventsOf();
    for (const until = Date.now() + 30_000; runEvents.length < finals.length && Date.now() < until; runEvents = await eventsOf()) await sleep(250);
    await waitUntil(() => new Set(receiver.received.map((r) => JSON.parse(r.rawBody.toString()).id)).size >= runEvents.length, 60_000);
    const missingEvents = finals
      .filter((r) => !runEvents.some((e) => e.type === `run.${r.status.split(' ')[0]}` && (JSON.parse(e.data_json) as { run?: { id?: string } }).run?.id === r.id))
      .map((r) => `${r.id} (${r.status})`);
    const idsByRunType = new Map<string, Set<string>>();
    for (const req of receiver.received) {
      const body = JSON.parse(req.rawBody.toString()) as { id: string; type: string; data: { run?: { id: string } } };
      const k = `${body.data.run?.id}:${body.type}`;
      idsByRunType.set(k, (idsByRunType.get(k) ?? new Set()).add(body.id));
    }
    const duplicatedEvents = [...idsByRunType].filter(([, ids]) => ids.size > 1).map(([k]) => k);
    const reconciled = await reconcileAccount(t.database.db, account.accountId);
    return {
      runs: finals,
      probes,
      drift: { milli: reconciled?.drift_milli ?? Number.NaN, pending: reconciled?.pending ?? 0 },
      missingEvents,
      duplicatedEvents,
      deliveriesReceived: receiver.received.length,
      reference: refStatus,
    };
  } finally {
    await worker.stop();
    await t.close();
    await receiver.close();
    await model.stop();
  }

  async function inject(fault: Fault): Promise<void> {
    if (fault === 'worker') {
      worker.child.kill('SIGKILL');
      await worker.stop();
      await sleep(500);
      worker = await startWorker(workerEnv);
      return;
    }
    await stopStack(base, () => undefined, [fault]);
    // stopStack finds services through this checkout's pid files (under DATA_DIR); one started elsewhere keeps
    // running, and the scenario would probe a healthy stack and prove nothing.
    if ((await stackStatus(base))[fault].startsWith('up')) {
      throw new Error(`${fault} is still up: it was not started from this checkout's DATA_DIR, so chaos cannot stop it`);
    }
    try {
      const until = Date.now() + options.downMs;
      while (Date.now() < until) {
        await probe(fault);
        await sleep(250);
      }
    } finally {
      await startStack(base, () => undefined, [fault]);
    }
  }

  async function probe(fault: Fault): Promise<void> {
    const someRun = runIds[runIds.length - 1]!;
    const checks: Array<[string, () => PromiseLike<{ status: number; body: { id?: string } }>]> = [
      ['GET /v1/health', () => t.api.get('/v1/health')],
      ['GET /v1/runs/{id}', () => t.api.get(`/v1/runs/${someRun}`).set(probeAuth)],
      ['GET /v1/runs', () => t.api.get('/v1/runs?limit=5').set(probeAuth)],
      ['POST /v1/workflows/{id}/runs', () => t.api.post(`/v1/workflows/${workflowId}/runs`).set(probeAuth).send({})],
    ];
    for (const [route, call] of checks) {
      const started = Date.now();
      const outcome = await withDeadline(
        PROBE_TIMEOUT_MS,
        Promise.resolve(call()).then(
          (res) => {
            // A run accepted while something was down must finish like any other.
            if (route.startsWith('POST') && res.status === 202 && res.body.id) runIds.push(res.body.id);
            return res.status;
          },
          () => 'network' as const,
        ),
      );
      probes.push({ fault, route, status: outcome, ms: Date.now() - started });
    }
  }
}

async function waitUntil(ok: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok() && Date.now() < deadline) await sleep(250);
}

/** Everything the report shows that must not happen, one line each (empty: the system held). */
export function violations(report: ChaosReport): string[] {
  const out: string[] = [];
  for (const r of report.runs) if (r.status !== 'succeeded') out.push(`run ${r.id} ended ${r.status}`);
  if (report.drift.milli !== 0 || report.drift.pending !== 0) out.push(`ledger drift ${report.drift.milli}, ${report.drift.pending} pending`);
  for (const e of report.missingEvents) out.push(`no event for ${e}`);
  for (const d of report.duplicatedEvents) out.push(`${d} delivered under several event ids`);
  for (const p of report.probes) {
    const ok = typeof p.status === 'number' && (p.status < 300 || p.status === 503);
    if (!ok) out.push(`${p.route} answered ${p.status} after ${p.ms} ms while ${p.fault} was down`);
  }
  if (report.reference !== 'ready' && report.reference !== 'none') out.push(`reference document ended ${report.reference}`);
  return out;
}

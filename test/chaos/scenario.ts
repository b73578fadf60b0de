/**
 * Fault injection against the real local stack: live runs (model answers from the local test server, slowed so
 * the runs are mid-flight), a reference document being indexed and webhook deliveries to a local receiver are under
 * way when one part is killed — the worker (SIGKILL, then a new one), or the Temporal server, the database or the
 * object store (stopped, then started again on the same data). While a dependency is down the API is probed: every
 * answer must be a 2xx or a 503 within the probe's deadline — never a 500, never a hang.
 *
 * The `terminate` fault is an operator's: the executions of the batch's running runs are terminated with the
 * Temporal CLI (`temporal workflow terminate`); each must settle `failed`, refunded, with `run.failed` delivered,
 * within two minutes (the reconciler's Schedule settles executions that ended unsettled).
 *
 * Afterwards, checked per run: every run ends as expected (succeeded; failed for a terminated one); a succeeded live
 * run was charged exactly its `charged_credits`, once, and never refunded; a failed or canceled one was refunded
 * what it was charged; its `run.*` event was recorded and delivered to the receiver (waited for: a missing delivery
 * is a violation), never under two event ids; the account reconciles with zero drift. While the object store is
 * down, upload (POST /documents, then the PUT to the store), complete and output are probed too.
 * Used by test/integration/chaos.test.ts (one round of the essential faults) and `npm run chaos` (test/chaos/run.ts,
 * more rounds). Needs the local services started by this project (it stops and starts them through their pid files).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseConfig } from '../../domain/platform/config';
import { reconcileAccount } from '../../domain/operations/operations';
import { ensureNamespace } from '../../domain/jobs/namespaces';
import { temporalCliEnv } from '../../domain/jobs';
import { stackStatus, startStack, stopStack, type ServiceName } from '../../scripts/stack/services';
import { toolPath } from '../../scripts/stack/tools';
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { ModelServer } from '../support/model-server';
import { startWorker, type Spawned } from '../support/processes';
import { ledgerOf, TERMINAL, waitForRun } from '../support/runs';
import { putToUploadUrl, uploadReference, waitForReference } from '../support/uploads';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/** `terminate`: an operator terminates the running runs' executions from the Temporal CLI. */
export type Fault = 'worker' | ServiceName | 'terminate';

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

export interface RunOutcome {
  id: string;
  /** The batch (fault) it was created in, or during. */
  fault: Fault;
  expected: 'succeeded' | 'failed';
  status: string;
  /** What is wrong with its credits (empty: charged exactly `charged_credits` once, or refunded in full). */
  ledger: string[];
  /** Its `run.<status>` webhook reached the receiver. */
  delivered: boolean;
  /** For a terminated run: ms from the termination to its `finished_at` (failed and refunded). */
  settledMs?: number;
  /** From `finished_at` to its `run.*` event's `created_at` (undefined: no event). */
  eventLagMs?: number;
}

export interface ChaosReport {
  runs: RunOutcome[];
  probes: Probe[];
  drift: { milli: number; pending: number };
  /** Terminal runs whose `run.*` event was never recorded. */
  missingEvents: string[];
  /** `(run, type)` pairs the receiver saw under more than one event id. */
  duplicatedEvents: string[];
  deliveriesReceived: number;
  reference: string;
  /** The reference's `reference_document.ready` reached the receiver (when it became ready). */
  referenceDelivered: boolean;
  /** Documents completed while a dependency was down that did not complete once it returned. */
  stuckDocuments: string[];
}

/**
 * How long after the last run is seen terminal each run's event may still be missing: a settlement step cut off
 * between the status and the event is retried after its heartbeat timeout (30 s) and the retry's backoff.
 */
const EVENT_SETTLE_MS = 60_000;

/** How long a terminated run may take to settle (failed, refunded, `run.failed` delivered). */
export const TERMINATED_SETTLE_MS = 120_000;
const exec = promisify(execFile);

const PROBE_TIMEOUT_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withDeadline<T>(ms: number, work: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    work,
    new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), ms))),
  ]);
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
  const local: Record<Fault, boolean> = {
    worker: true,
    terminate: base.localServices.temporal,
    temporal: base.localServices.temporal,
    mongodb: base.localServices.mongodb,
    minio: base.localServices.s3,
  };
  const external = options.faults.filter((f) => !local[f]);
  if (external.length)
    throw new Error(`${external.join(', ')} external (set by env): chaos stops and starts only the local services`);
  await ensureNamespace(base.temporalAddress, options.namespace);
  let worker: Spawned = await startWorker(workerEnv);
  const t: TestContext = await createTestContext({ TEMPORAL_NAMESPACE: options.namespace });
  const probes: Probe[] = [];
  const runIds: string[] = [];
  const faultOf = new Map<string, Fault>();
  const terminatedAt = new Map<string, number>();
  const stuckDocuments: string[] = [];
  let probeKey = '';
  let succeededRun = '';
  let currentFault: Fault = options.faults[0]!;
  let account: TestAccount | undefined;
  let reference = '';
  let workflowId = '';
  let probeAuth: Record<string, string> = {};

  try {
    account = await newAccount(t);
    const key = await account.key({ mode: 'live' });
    const auth = { Authorization: `Bearer ${key}` };
    probeAuth = auth;
    probeKey = key;
    const endpoint = await t.api.post('/v1/webhook-endpoints').set(auth).send({ url: receiver.url() });
    if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${endpoint.text}`);
    const wf = await t.api.post('/v1/workflows').set(auth).send({
      product_code: 'general_evaluation',
      name: 'chaos',
      output_format: 'markdown',
      webhook_endpoint_id: endpoint.body.id,
    });
    if (wf.status !== 201) throw new Error(`workflow: ${wf.status} ${wf.text}`);
    workflowId = wf.body.id as string;

    for (let round = 0; round < options.rounds; round++) {
      for (const fault of options.faults) {
        say(`round ${round + 1}: ${options.runsPerRound} runs in flight, then ${fault} fails`);
        model.reset();
        currentFault = fault;
        for (let i = 0; i < options.runsPerRound; i++) {
          const created = await t.api.post(`/v1/workflows/${wf.body.id}/runs`).set(auth).send({});
          if (created.status !== 202) throw new Error(`run: ${created.status} ${created.text}`);
          track(created.body.id as string);
        }
        if (round === 0 && fault === options.faults[0]) {
          // An indexing job under way through the first fault too.
          const file = await makeDocument('docx', {
            sentences: Array.from(
              { length: 60 },
              (_, i) => `Criterion ${i + 1}: the essay must cite a source for claim ${i + 1}.`,
            ),
          });
          reference = await uploadReference(t, key, file, 'Chaos rubric');
        }
        // The first model call of the new batch: the runs are mid-flight. After a restart the worker's pollers can
        // take a while to find the server again, so this waits generously (and reports how long it took).
        const waited = Date.now();
        await model.waitForRequests(1, 180_000);
        if (Date.now() - waited > 20_000)
          say(`  (the batch took ${Math.round((Date.now() - waited) / 1000)} s to reach the model)`);
        if (!succeededRun) succeededRun = (await firstSucceeded()) ?? '';
        await inject(fault);
      }
    }

    say('waiting for every run to finish');
    const deadline = Date.now() + 300_000;
    const finals: RunOutcome[] = [];
    const charged = new Map<string, number | null>();
    const finishedAt = new Map<string, number>();
    for (const id of runIds) {
      const terminated = terminatedAt.get(id);
      const until = terminated ? Math.max(deadline, terminated + TERMINATED_SETTLE_MS) : deadline;
      const run = await waitForRun(t, key, id, Math.max(1, until - Date.now()));
      const seen = Date.now();
      if (typeof run.finished_at === 'string') finishedAt.set(id, Date.parse(run.finished_at));
      const status = TERMINAL.includes(run.status) ? (run.status as string) : 'not terminal';
      charged.set(id, run.charged_credits as number | null);
      finals.push({
        id,
        fault: faultOf.get(id)!,
        expected: terminated ? 'failed' : 'succeeded',
        status: run.error ? `${status} (${run.error.code}: ${run.error.message})` : status,
        ledger: [],
        delivered: false,
        // From the run's own `finished_at` (this machine's clock, like the termination's): the loop reads the runs one
        // after another, so the moment it sees one includes the wait for every run before it.
        ...(terminated ? { settledMs: (finishedAt.get(id) ?? seen) - terminated } : {}),
      });
    }
    const ref = reference ? await waitForReference(t, key, reference, 120_000) : null;
    const refStatus = !ref
      ? 'none'
      : ref.status === 'failed'
        ? `failed (${String(ref.failure_reason)})`
        : (ref.status as string);

    // A run shows its final status a moment before its settlement step records the event, and a step interrupted
    // between the two (its worker killed, the database stopped) finishes on its retry, up to a heartbeat timeout
    // later: wait for each run's own event, not a count (a count is met early by any extra event).
    const eventsOf = async () =>
      (
        await t.database.db
          .collection<{ _id: string; type: string; data_json: string; created_at: Date }>('events')
          .find({ account_id: account!.accountId })
          .toArray()
      ).filter((e) => e.type.startsWith('run.'));
    const eventOf = (events: Awaited<ReturnType<typeof eventsOf>>, r: RunOutcome) =>
      events.find(
        (e) =>
          e.type === `run.${r.status.split(' ')[0]}` &&
          (JSON.parse(e.data_json) as { run?: { id?: string } }).run?.id === r.id,
      );
    let runEvents = await eventsOf();
    for (
      const until = Date.now() + EVENT_SETTLE_MS;
      finals.some((r) => !eventOf(runEvents, r)) && Date.now() < until;
      runEvents = await eventsOf()
    )
      await sleep(250);
    const missingEvents = finals.filter((r) => !eventOf(runEvents, r)).map((r) => `${r.id} (${r.fault}, ${r.status})`);
    for (const r of finals) {
      const event = eventOf(runEvents, r);
      const finished = finishedAt.get(r.id);
      if (event && finished !== undefined) r.eventLagMs = event.created_at.getTime() - finished;
    }

    // Every terminal run's event must reach the receiver (deliveries retry every few seconds): wait for each one,
    // and a delivery still missing at the end is a violation, not a shrug.
    const deliveredKeys = () => {
      const keys = new Set<string>();
      for (const req of receiver.received) {
        const body = JSON.parse(req.rawBody.toString()) as {
          type: string;
          data: { run?: { id: string }; reference_document?: { id: string } };
        };
        keys.add(`${body.data.run?.id ?? body.data.reference_document?.id ?? JSON.stringify(body.data)}:${body.type}`);
      }
      return keys;
    };
    const expectedKeys = finals.map((r) => `${r.id}:run.${r.status.split(' ')[0]}`);
    const refKey = ref?.status === 'ready' ? `${reference}:reference_document.ready` : undefined;
    const allExpected = refKey ? [...expectedKeys, refKey] : expectedKeys;
    await waitUntil(() => {
      const got = deliveredKeys();
      return allExpected.every((k) => got.has(k));
    }, 90_000);
    const got = deliveredKeys();
    finals.forEach((r, i) => (r.delivered = got.has(expectedKeys[i]!)));
    const referenceDelivered = refKey
      ? got.has(refKey) || [...got].some((k) => k.includes(reference) && k.endsWith(':reference_document.ready'))
      : true;

    const idsByRunType = new Map<string, Set<string>>();
    for (const req of receiver.received) {
      const body = JSON.parse(req.rawBody.toString()) as { id: string; type: string; data: { run?: { id: string } } };
      const k = `${body.data.run?.id}:${body.type}`;
      idsByRunType.set(k, (idsByRunType.get(k) ?? new Set()).add(body.id));
    }
    const duplicatedEvents = [...idsByRunType].filter(([, ids]) => ids.size > 1).map(([k]) => k);

    // Credits, run by run against the ledger: a sum that balances can hide a run never charged next to one
    // charged twice.
    for (const r of finals)
      r.ledger = await ledgerProblems(t, r.id, r.status.split(' ')[0]!, charged.get(r.id) ?? null);
    const reconciled = await reconcileAccount(t.database.db, account.accountId);
    return {
      runs: finals,
      probes,
      drift: { milli: reconciled?.drift_milli ?? Number.NaN, pending: reconciled?.pending ?? 0 },
      missingEvents,
      duplicatedEvents,
      deliveriesReceived: receiver.received.length,
      reference: refStatus,
      referenceDelivered,
      stuckDocuments,
    };
  } finally {
    await worker.stop();
    await t.close();
    await receiver.close();
    await model.stop();
  }

  function track(id: string): void {
    runIds.push(id);
    faultOf.set(id, currentFault);
  }

  async function firstSucceeded(): Promise<string | undefined> {
    for (const id of runIds) {
      const res = await t.api.get(`/v1/runs/${id}`).set(probeAuth);
      if (res.status === 200 && res.body.status === 'succeeded') return id;
    }
    return undefined;
  }

  async function inject(fault: Fault): Promise<void> {
    if (fault === 'terminate') {
      // As an operator would from a terminal: the batch's running executions are terminated. Runs accepted during
      // an earlier outage may still be ahead of the batch, so wait until some of it runs.
      const batch = runIds.filter((r) => faultOf.get(r) === 'terminate');
      const statuses = async () =>
        Promise.all(
          batch.map(
            async (id) => [id, (await t.api.get(`/v1/runs/${id}`).set(probeAuth)).body.status as string] as const,
          ),
        );
      let seen = await statuses();
      for (
        const until = Date.now() + 120_000;
        !seen.some(([, s]) => s === 'running') && seen.some(([, s]) => s === 'queued') && Date.now() < until;
      ) {
        await sleep(100);
        seen = await statuses();
      }
      for (const [id, status] of seen) {
        if (status !== 'running') continue;
        try {
          await exec(
            toolPath('temporal'),
            ['workflow', 'terminate', '--workflow-id', id, '--reason', 'chaos: terminated by an operator'],
            {
              env: temporalCliEnv(base),
            },
          );
          terminatedAt.set(id, Date.now());
        } catch {
          // It finished between the read and the terminate: it is expected to succeed like any other.
        }
      }
      say(`  terminated ${terminatedAt.size} running executions`);
      return;
    }
    if (fault === 'worker') {
      worker.child.kill('SIGKILL');
      await worker.stop();
      await sleep(500);
      worker = await startWorker(workerEnv);
      return;
    }
    // A document whose bytes are in the store, completed while the service is down (and again once it is back).
    const pendingDoc = await uploadedDocument();
    await stopStack(base, () => undefined, [fault]);
    // stopStack finds services through this checkout's pid files (under DATA_DIR); one started elsewhere keeps
    // running, and the scenario would probe a healthy stack and prove nothing.
    if ((await stackStatus(base))[fault].startsWith('up')) {
      throw new Error(
        `${fault} is still up: it was not started from this checkout's DATA_DIR, so chaos cannot stop it`,
      );
    }
    try {
      const until = Date.now() + options.downMs;
      while (Date.now() < until) {
        await probe(fault, pendingDoc);
        await sleep(250);
      }
    } finally {
      await startStack(base, () => undefined, [fault]);
    }
    if (pendingDoc) {
      // Once the service is back, completing it again works (a 202 while extraction finishes is fine).
      let status = 0;
      for (const until = Date.now() + 60_000; status !== 200 && Date.now() < until; await sleep(1000)) {
        status = (await t.api.post(`/v1/documents/${pendingDoc}/complete`).set(probeAuth)).status;
      }
      if (status !== 200) stuckDocuments.push(`${pendingDoc} (after ${fault}: ${status})`);
    }
  }

  async function uploadedDocument(): Promise<string> {
    const bytes = Buffer.from('The essay cites three peer-reviewed sources and states its thesis.');
    const created = await t.api
      .post('/v1/documents')
      .set(probeAuth)
      .send({ filename: 'essay.txt', mime_type: 'text/plain', size_bytes: bytes.length });
    if (created.status !== 200) throw new Error(`document: ${created.status}`);
    const put = await putToUploadUrl(
      created.body.upload_url as string,
      created.body.upload_headers as Record<string, string>,
      bytes,
    );
    if (!put.ok) throw new Error(`PUT: ${put.status}`);
    return created.body.id as string;
  }

  async function probe(fault: Fault, pendingDoc: string | undefined): Promise<void> {
    const someRun = runIds[runIds.length - 1]!;
    type Check = [string, () => PromiseLike<{ status: number; body: { id?: string } }>];
    const checks: Check[] = [
      ['GET /v1/health', () => t.api.get('/v1/health')],
      ['GET /v1/runs/{id}', () => t.api.get(`/v1/runs/${someRun}`).set(probeAuth)],
      ['GET /v1/runs', () => t.api.get('/v1/runs?limit=5').set(probeAuth)],
      ['POST /v1/workflows/{id}/runs', () => t.api.post(`/v1/workflows/${workflowId}/runs`).set(probeAuth).send({})],
      // The routes that touch the object store: upload, complete, output.
      ['POST /v1/documents + PUT', () => uploadProbe()],
      ...(pendingDoc
        ? [
            [
              'POST /v1/documents/{id}/complete',
              () => t.api.post(`/v1/documents/${pendingDoc}/complete`).set(probeAuth),
            ] as Check,
          ]
        : []),
      ...(succeededRun
        ? [['GET /v1/runs/{id}/output', () => t.api.get(`/v1/runs/${succeededRun}/output`).set(probeAuth)] as Check]
        : []),
    ];
    await Promise.all(
      checks.map(async ([route, call]) => {
        const started = Date.now();
        const outcome = await withDeadline(
          PROBE_TIMEOUT_MS,
          Promise.resolve(call()).then(
            (res) => {
              // A run accepted while something was down must finish like any other.
              if (route.startsWith('POST /v1/workflows') && res.status === 202 && res.body.id) track(res.body.id);
              return res.status;
            },
            () => 'network' as const,
          ),
        );
        probes.push({ fault, route, status: outcome, ms: Date.now() - started });
      }),
    );
  }

  /**
   * The upload as a client does it: the API signs the URL (it needs the database, not the store), then the PUT
   * goes to the store itself. A PUT the stopped store cannot take is the client's to retry (it sees the connection
   * refused); what counts is that the API never answered 500. The probe's status is the API's, or the PUT's if that
   * answered an HTTP error.
   */
  async function uploadProbe(): Promise<{ status: number; body: { id?: string } }> {
    const bytes = Buffer.from('An essay.');
    const created = await t.api
      .post('/v1/documents')
      .set(probeAuth)
      .send({ filename: 'probe.txt', mime_type: 'text/plain', size_bytes: bytes.length });
    if (created.status !== 200) return created;
    const put = await putToUploadUrl(
      created.body.upload_url as string,
      created.body.upload_headers as Record<string, string>,
      bytes,
    ).catch(() => undefined);
    return { status: put && !put.ok ? put.status : created.status, body: {} };
  }
}

/** What is wrong with one run's credits; `charged` is the run's `charged_credits`. */
async function ledgerProblems(
  t: TestContext,
  runId: string,
  status: string,
  charged: number | null,
): Promise<string[]> {
  const entries = (await ledgerOf(t, runId)) as unknown as Array<{ kind: string; state: string; amount_milli: number }>;
  const applied = entries.filter((e) => e.state === 'applied');
  const charges = applied.filter((e) => e.kind === 'charge');
  const refunds = applied.filter((e) => e.kind === 'refund');
  const milli = (es: typeof applied) => es.reduce((n, e) => n + e.amount_milli, 0);
  const out: string[] = [];
  if (entries.some((e) => e.state === 'pending')) out.push('a ledger entry still pending');
  if (charges.length !== 1) out.push(`${charges.length} applied charges`);
  if (status === 'succeeded') {
    if (charged === null || Math.round(charged * 1000) !== milli(charges))
      out.push(`charged ${milli(charges)} milli, but charged_credits is ${String(charged)}`);
    if (refunds.length) out.push(`a succeeded run refunded ${milli(refunds)} milli`);
  } else if (status === 'failed' || status === 'canceled' || status === 'refunded') {
    // A refund entry is negative (credits returning); a zero charge has nothing to refund.
    const owed = milli(charges) === 0 ? 0 : 1;
    if (refunds.length !== owed || milli(refunds) !== -milli(charges))
      out.push(`charged ${milli(charges)} milli, refunded ${-milli(refunds)} in ${refunds.length} entries`);
  } else {
    out.push(`run ${status}: not settled`);
  }
  return out;
}

async function waitUntil(ok: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok() && Date.now() < deadline) await sleep(250);
}

/** Everything the report shows that must not happen, one line each (empty: the system held). */
export function violations(report: ChaosReport): string[] {
  const out: string[] = [];
  for (const r of report.runs) {
    if (r.status.split(' ')[0] !== r.expected)
      out.push(`run ${r.id} (${r.fault}) ended ${r.status}, expected ${r.expected}`);
    for (const problem of r.ledger) out.push(`run ${r.id} (${r.fault}) credits: ${problem}`);
    if (!r.delivered) out.push(`run ${r.id} (${r.fault}): its run.${r.status.split(' ')[0]} webhook never arrived`);
    if (r.settledMs !== undefined && r.settledMs > TERMINATED_SETTLE_MS)
      out.push(`terminated run ${r.id} settled only after ${r.settledMs} ms`);
  }
  if (!report.referenceDelivered) out.push('reference_document.ready never arrived');
  for (const d of report.stuckDocuments) out.push(`document ${d} did not complete once the dependency returned`);
  if (report.drift.milli !== 0 || report.drift.pending !== 0)
    out.push(`ledger drift ${report.drift.milli}, ${report.drift.pending} pending`);
  for (const e of report.missingEvents) out.push(`no event for ${e}`);
  for (const d of report.duplicatedEvents) out.push(`${d} delivered under several event ids`);
  for (const p of report.probes) {
    // The upload probe's PUT goes to the store itself: a stopped store refuses the connection (the client retries),
    // so 'network' there is the truth, not a fault of the API.
    const ok =
      (typeof p.status === 'number' && (p.status < 300 || p.status === 503)) ||
      (p.route === 'POST /v1/documents + PUT' && p.status === 'network');
    if (!ok) out.push(`${p.route} answered ${p.status} after ${p.ms} ms while ${p.fault} was down`);
  }
  if (report.reference !== 'ready' && report.reference !== 'none')
    out.push(`reference document ended ${report.reference}`);
  return out;
}

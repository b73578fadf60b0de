/**
 * Runs: creation (validation, quote, admission), reads, cancel, output. Execution is the `evaluateRun` workflow.
 *
 * Creation never leaves credits taken without a run, or a run that nothing will finish:
 *   1. the run document is inserted hidden (`admission: 'pending'`): nothing can see it yet;
 *   2. the `evaluateRun` workflow is started (id = run id), so from here on something durable owns the run;
 *   3. `admitRun` debits the quote through the ledger and makes the run visible — or, when credits are short,
 *      marks it rejected (it stays invisible, and the API answers 402).
 * The workflow's first step is the same idempotent `admitRun`, so a crash of the API after step 2 still ends in a
 * visible, charged, executing run or a rejected one. A crash before step 2 leaves a hidden document and no charge.
 */
import type { Db } from 'mongodb';
import { findProduct, findTemplate, type ModelPolicy, type OutputFormat } from './catalog';
import type { Config } from './config';
import { charge, refund, toCredits, toMilli } from './credits';
import { COLLECTIONS } from './db';
import type { DocumentDoc } from './documents';
import { ApiError, errors } from './errors';
import { getBalance } from './balance';
import type { EventType } from './events';
import { publishEvent, type EventPublisher } from './publish-event';
import type { ReferenceDocumentDoc } from './reference-documents';
import type { CreateRunRequest, RunCitation, RunManifest, RunStatus } from './schemas/runs';
import { paginate, type Cursors, type PageQuery } from './pagination';
import { signRunOutputFile, type RunOutputFileView } from './run-output-file';
import type { Storage } from './storage';
import { resultWithin, startOrAttach, type TemporalHandle } from './temporal';
import type { TenantDb } from './tenant';
import { SEARCH_ATTRIBUTES, TASK_QUEUES, WORKFLOW_TYPES, type RunJobInput } from './workflow-contract';
import { countRunUsage } from './usage-rollup';
import type { WorkflowDoc } from './workflows';

export interface RunDoc {
  _id: string;
  account_id: string;
  workflow_id: string;
  workflow_name: string;
  product_code: string;
  admission: 'pending' | 'admitted' | 'rejected';
  status: RunStatus;
  mode: 'async' | 'sync';
  livemode: boolean;
  key_id: string;
  model_policy: ModelPolicy;
  output_format: OutputFormat;
  quoted_milli: number;
  charged_milli: number | null;
  input_documents: string[];
  reference_document_ids: string[];
  metadata_json: string;
  output_json: string | null;
  output_file: { key: string; mime_type: string; extension: string } | null;
  usage: {
    input_tokens: number | null;
    output_tokens: number | null;
    model: string | null;
    rag_strategy: string | null;
    /** Absent on runs from before evidence existed. */
    unverified_citations?: number | null;
  };
  /** RunCitation[] and RunManifest as JSON text, written with the output (absent on older runs). */
  citations_json?: string | null;
  manifest_json?: string | null;
  error: { code: string; message: string } | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  refunded_at: Date | null;
}

const runs = (tenant: TenantDb) => tenant.collection<RunDoc>(COLLECTIONS.runs);
const rawRuns = (db: Db) => db.collection<RunDoc>(COLLECTIONS.runs);

/** `outputFile`: signed by the caller for this answer (domain/run-output-file.ts), or null when there is none. */
export function runView(doc: RunDoc, baseUrl: string, outputFile: RunOutputFileView | null) {
  const output = doc.status === 'succeeded' && doc.output_json ? (JSON.parse(doc.output_json) as Record<string, unknown>) : undefined;
  return {
    id: doc._id,
    object: 'run' as const,
    workflow_id: doc.workflow_id,
    status: doc.status,
    mode: doc.mode,
    livemode: doc.livemode,
    quoted_credits: toCredits(doc.quoted_milli),
    charged_credits: doc.charged_milli === null ? null : toCredits(doc.charged_milli),
    input_documents: doc.input_documents,
    metadata: JSON.parse(doc.metadata_json) as Record<string, unknown>,
    result_url: `${baseUrl}/v1/runs/${doc._id}`,
    output_format: doc.output_format,
    ...(output ? { output } : {}),
    output_file: doc.status === 'succeeded' ? outputFile : null,
    usage: { ...doc.usage, unverified_citations: output ? (doc.usage.unverified_citations ?? null) : null },
    citations: output && doc.citations_json ? (JSON.parse(doc.citations_json) as RunCitation[]) : null,
    manifest: output && doc.manifest_json ? (JSON.parse(doc.manifest_json) as RunManifest) : null,
    error: doc.error,
    created_at: doc.created_at.toISOString(),
    started_at: doc.started_at?.toISOString() ?? null,
    finished_at: doc.finished_at?.toISOString() ?? null,
  };
}

export type RunView = ReturnType<typeof runView>;

/**
 * The run as webhook events carry it: without `manifest`, which can list thousands of chunk ids and is diagnostic
 * rather than a result; the event record would otherwise hold a second copy of it.
 */
export function eventRunView(doc: RunDoc, baseUrl: string) {
  // No URL in the record: it is signed when the payload is sent or read (domain/run-output-file.ts).
  const { manifest: _manifest, ...view } = runView(doc, baseUrl, null);
  return view;
}

export interface Caller {
  keyId: string;
  livemode: boolean;
}

/** What a run on `workflow` with `inputDocs` would cost, in milli-credits (DESIGN.md decision 12). */
export async function quoteRun(db: Db, tenant: TenantDb, workflow: WorkflowDoc, inputDocs: DocumentDoc[], config: Config) {
  const product = await findProduct(db, workflow.product_code);
  if (!product) throw new Error(`product ${workflow.product_code} missing from the catalog`);
  const pages = inputDocs.reduce((sum, d) => sum + Math.max(1, d.page_count ?? 1), 0);
  let milli = toMilli(product.pricing.credits_per_run) + toMilli(product.pricing.credits_per_page) * pages;
  const policy = workflow.default_model_policy;
  if (policy === 'provider-b-1m-fulltext' || policy === 'auto') {
    const refTokens = await referenceTokens(tenant, workflow.reference_document_ids);
    if (policy === 'provider-b-1m-fulltext' || refTokens <= config.FULLTEXT_TOKEN_BUDGET) {
      milli += Math.ceil((refTokens / 1000) * toMilli(product.pricing.credits_per_1k_reference_tokens));
    }
  }
  return milli;
}

async function referenceTokens(tenant: TenantDb, refIds: string[]): Promise<number> {
  if (refIds.length === 0) return 0;
  const rows = await tenant
    .collection<{ ref_id: string; tokens: number }>(COLLECTIONS.referenceChunks)
    .aggregate<{ total: number }>([{ $match: { ref_id: { $in: refIds } } }, { $group: { _id: null, total: { $sum: '$tokens' } } }])
    .toArray();
  return rows[0]?.total ?? 0;
}

/** The workflow a run would use: 404 unless it exists, 409 unless it is active. */
export async function runnableWorkflow(tenant: TenantDb, workflowId: string): Promise<WorkflowDoc> {
  const workflow = await tenant.collection<WorkflowDoc>(COLLECTIONS.workflows).findOne({ _id: workflowId, deleted_at: null });
  if (!workflow) throw errors.notFound('workflow');
  if (workflow.status !== 'active') {
    throw errors.conflict('workflow_not_active', `The workflow is ${workflow.status}; runs need an active workflow.`);
  }
  return workflow;
}

/** Everything that must hold before a run is quoted; each refusal is a clear 4xx and nothing is written. */
async function validate(tenant: TenantDb, workflowId: string, input: CreateRunRequest) {
  const workflow = await runnableWorkflow(tenant, workflowId);
  const ids = [...new Set(input.input_documents ?? [])];
  const docs = ids.length
    ? await tenant.collection<DocumentDoc>(COLLECTIONS.documents).find({ _id: { $in: ids } }).toArray()
    : [];
  const missing = ids.filter((id) => !docs.some((d) => d._id === id));
  if (missing.length) {
    throw errors.invalidRequest(`input_documents: no document ${missing.join(', ')}`, [
      { path: 'body.input_documents', message: `no document ${missing.join(', ')}` },
    ]);
  }
  const unextracted = docs.filter((d) => !d.extracted);
  if (unextracted.length) {
    throw errors.conflict(
      'document_not_extracted',
      `No text could be extracted from ${unextracted.map((d) => d._id).join(', ')} (complete the upload; scanned files need OCR, unavailable in v1).`,
    );
  }
  if (workflow.reference_document_ids.length) {
    const refs = await tenant
      .collection<ReferenceDocumentDoc>(COLLECTIONS.referenceDocuments)
      .find({ _id: { $in: workflow.reference_document_ids } })
      .toArray();
    const unavailable = workflow.reference_document_ids.filter((id) => {
      const r = refs.find((x) => x._id === id);
      return !r || r.deleted_at || r.status === 'failed';
    });
    if (unavailable.length) {
      throw errors.conflict('reference_document_unavailable', `Reference document(s) ${unavailable.join(', ')} were deleted or failed to index.`);
    }
    const processing = refs.filter((r) => r.status === 'processing');
    if (processing.length) {
      throw errors.conflict('reference_document_not_ready', `Reference document(s) ${processing.map((r) => r._id).join(', ')} are still being indexed.`);
    }
  }
  if (workflow.prompt_template_id && !(await findTemplate(tenant.rawDb(), workflow.prompt_template_id))) {
    throw new ApiError(409, 'prompt_template_unavailable', 'The workflow names a prompt template that no longer exists.');
  }
  return { workflow, docs: ids.map((id) => docs.find((d) => d._id === id)!) };
}

export interface CreateRunDeps {
  db: Db;
  config: Config;
  temporal: TemporalHandle;
}

/**
 * Everything creation decides before it writes: the refusals (each a 4xx), the mode and the quote. Creation and
 * the quote endpoint share it, so a quote refuses exactly what creation would and prices exactly what it charges.
 */
async function prepareRun(deps: CreateRunDeps, tenant: TenantDb, workflowId: string, input: CreateRunRequest) {
  const { workflow, docs } = await validate(tenant, workflowId, input);
  const mode = input.mode ?? workflow.default_mode;
  if (mode === 'sync' && deps.config.SYNC_RUNS === 'disabled') {
    throw errors.conflict('use_async', 'Synchronous runs are disabled; create the run with mode "async".');
  }
  const quotedMilli = await quoteRun(deps.db, tenant, workflow, docs, deps.config);
  return { workflow, docs, mode, quotedMilli };
}

/**
 * What creating a run with `input` would cost, and whether the balance covers it; nothing is written or charged.
 * Test keys are quoted as live (DESIGN.md decision 12), but creation would debit them nothing (`credits_due: 0`).
 * The balance itself is shown only to a caller that may read usage (`usage:read`, DESIGN.md decision 25).
 */
export async function runQuote(
  deps: CreateRunDeps,
  tenant: TenantDb,
  caller: Pick<Caller, 'livemode'> & { readsBalance: boolean },
  workflowId: string,
  input: CreateRunRequest,
) {
  const { workflow, quotedMilli } = await prepareRun(deps, tenant, workflowId, input);
  const balance = await getBalance(tenant);
  const dueMilli = caller.livemode ? quotedMilli : 0;
  return {
    object: 'run_quote' as const,
    workflow_id: workflow._id,
    livemode: caller.livemode,
    quoted_credits: toCredits(quotedMilli),
    credits_due: toCredits(dueMilli),
    sufficient_credits: toMilli(balance.pro_credits) >= dueMilli,
    ...(caller.readsBalance ? { balance } : {}),
  };
}

/** Creates, admits and (for sync runs) waits for a run. `runId` comes from the idempotency layer or is fresh. */
export async function createRun(
  deps: CreateRunDeps,
  tenant: TenantDb,
  caller: Caller,
  workflowId: string,
  input: CreateRunRequest,
  runId: string,
): Promise<{ run: RunDoc; finished: boolean }> {
  const existing = await runs(tenant).findOne({ _id: runId });
  if (!existing) {
    const { workflow, docs, mode, quotedMilli: quoted } = await prepareRun(deps, tenant, workflowId, input);
    await runs(tenant).insertOne({
      _id: runId,
      workflow_id: workflow._id,
      workflow_name: workflow.name,
      product_code: workflow.product_code,
      admission: 'pending',
      status: 'queued',
      mode,
      livemode: caller.livemode,
      key_id: caller.keyId,
      model_policy: workflow.default_model_policy,
      output_format: workflow.output_format,
      quoted_milli: quoted,
      charged_milli: null,
      input_documents: docs.map((d) => d._id),
      reference_document_ids: workflow.reference_document_ids,
      metadata_json: JSON.stringify(input.metadata ?? {}),
      output_json: null,
      output_file: null,
      usage: { input_tokens: null, output_tokens: null, model: null, rag_strategy: null },
      error: null,
      created_at: new Date(),
      started_at: null,
      finished_at: null,
      refunded_at: null,
    });
  }
  const run = existing ?? (await runs(tenant).findOne({ _id: runId }))!;
  const workflow = await startOrAttach(deps.temporal, WORKFLOW_TYPES.evaluateRun, {
    workflowId: runId,
    taskQueue: TASK_QUEUES.runs,
    args: [{ accountId: tenant.accountId, runId } satisfies RunJobInput],
    memo: { workflow_name: run.workflow_name },
    searchAttributes: [
      { key: SEARCH_ATTRIBUTES.accountId, value: tenant.accountId },
      { key: SEARCH_ATTRIBUTES.runStatus, value: 'queued' },
      { key: SEARCH_ATTRIBUTES.workflowId, value: run.workflow_id },
      { key: SEARCH_ATTRIBUTES.productCode, value: run.product_code },
    ],
    // A backstop: the workflow bounds its own work well inside this, so it always settles the run itself.
    workflowExecutionTimeout: '35 minutes',
  });
  const admission = await admitRun(deps.db, tenant.accountId, runId);
  if (admission === 'rejected') {
    throw new ApiError(402, 'insufficient_credits', `This run costs ${toCredits(run.quoted_milli)} credits; the balance is lower.`);
  }
  let finished = false;
  if (run.mode === 'sync') {
    finished = (await resultWithin(deps.temporal, workflow, deps.config.SYNC_RUN_TIMEOUT_S * 1000)) !== undefined;
  }
  return { run: (await runs(tenant).findOne({ _id: runId }))!, finished };
}

/**
 * Idempotent admission, run by the API and again as the workflow's first step: debit the quote (live mode) and make
 * the run visible, or mark it rejected. Whichever caller settles `admission` first decides; a charge that lost to a
 * rejection is refunded, so credits never leave without a visible run.
 */
export async function admitRun(db: Db, accountId: string, runId: string): Promise<'admitted' | 'rejected'> {
  const run = await rawRuns(db).findOne({ _id: runId, account_id: accountId });
  if (!run) throw new Error(`run ${runId} not found`);
  if (run.admission !== 'pending') return run.admission;
  if (run.livemode && run.quoted_milli > 0) {
    const result = await charge(db, accountId, runId, run.quoted_milli);
    if (!result.ok) {
      await rawRuns(db).updateOne({ _id: runId, admission: 'pending' }, { $set: { admission: 'rejected' } });
      const settled = await rawRuns(db).findOne({ _id: runId });
      return settled!.admission === 'admitted' ? 'admitted' : 'rejected';
    }
  }
  await rawRuns(db).updateOne({ _id: runId, admission: 'pending' }, { $set: { admission: 'admitted' } });
  const settled = (await rawRuns(db).findOne({ _id: runId }))!;
  if (settled.admission === 'rejected') await refund(db, accountId, runId, 'run rejected');
  return settled.admission === 'admitted' ? 'admitted' : 'rejected';
}

const visible = { admission: 'admitted' as const };

export async function getRun(tenant: TenantDb, runId: string): Promise<RunDoc> {
  const run = await runs(tenant).findOne({ _id: runId, ...visible });
  if (!run) throw errors.notFound('run');
  return run;
}

export async function listRuns(
  tenant: TenantDb,
  page: PageQuery & { workflow_id?: string; status?: RunStatus },
  cursors: Cursors,
) {
  const filter = {
    ...visible,
    ...(page.workflow_id ? { workflow_id: page.workflow_id } : {}),
    ...(page.status ? { status: page.status } : {}),
  };
  const scope = `runs:${page.workflow_id ?? ''}:${page.status ?? ''}`;
  return paginate(runs(tenant), filter, page, cursors, scope);
}

/**
 * Cancels a queued run: one atomic `queued → canceled` update, so a race with execution start has one winner;
 * then the full refund and the `run.canceled` event, both exactly once. Any other status: 409.
 */
export async function cancelRun(publisher: EventPublisher, tenant: TenantDb, runId: string): Promise<RunDoc> {
  const canceled = await runs(tenant).findOneAndUpdate(
    { _id: runId, ...visible, status: 'queued' },
    { $set: { status: 'canceled', finished_at: new Date(), charged_milli: 0 } },
  );
  if (!canceled) {
    const run = await getRun(tenant, runId);
    if (run.status !== 'canceled') {
      throw errors.conflict('run_not_cancelable', `Only queued runs can be canceled; this run is ${run.status}.`);
    }
    return run; // canceling twice answers the canceled run
  }
  await settleCanceled(publisher, tenant.accountId, canceled);
  return canceled;
}

/** Refund and event for a canceled run; idempotent (the API and the workflow both call it). */
export async function settleCanceled(publisher: EventPublisher, accountId: string, run: RunDoc): Promise<void> {
  await refund(publisher.db, accountId, run._id, 'run canceled');
  await emitRunEvent(publisher, accountId, 'run.canceled', run);
}

/** Records and delivers a run event; the run's workflow may name its own webhook endpoint (even once deleted). */
export async function emitRunEvent(publisher: EventPublisher, accountId: string, type: EventType, run: RunDoc) {
  const workflow = await publisher.db
    .collection<WorkflowDoc>(COLLECTIONS.workflows)
    .findOne({ _id: run.workflow_id, account_id: accountId }, { projection: { webhook_endpoint_id: 1 } });
  return publishEvent(publisher, {
    accountId,
    type,
    dedupeKey: `${type}:${run._id}`,
    data: { run: eventRunView(run, publisher.config.publicBaseUrl) },
    workflowEndpointId: workflow?.webhook_endpoint_id ?? null,
  });
}

/** A freshly signed download URL for a succeeded run's output file; 409 output_not_ready otherwise. */
export async function runOutputFile(tenant: TenantDb, storage: Storage, config: Config, runId: string) {
  const run = await getRun(tenant, runId);
  const file = await signRunOutputFile({ storage, ttlS: config.OUTPUT_URL_TTL_S }, run);
  if (!file) throw errors.conflict('output_not_ready', `The run is ${run.status}; its output exists once it has succeeded.`);
  return file;
}

/**
 * Operator refund of a succeeded run (DESIGN.md decision 9): `succeeded → refunded`, credits returned and
 * `charged_credits: 0`, exactly once however often it is called. `run.refunded` is published on every call, so
 * running the command again after a fan-out failed (Temporal away) sends what is missing, and nothing twice.
 */
export async function operatorRefundRun(publisher: EventPublisher, runId: string) {
  const { db } = publisher;
  const refunded = await rawRuns(db).findOneAndUpdate(
    { _id: runId, status: 'succeeded' },
    { $set: { status: 'refunded', charged_milli: 0, refunded_at: new Date() } },
    { returnDocument: 'after' },
  );
  const run = refunded ?? (await rawRuns(db).findOne({ _id: runId }));
  if (!run) return { outcome: 'not_found' as const };
  if (run.status !== 'refunded') return { outcome: 'not_refundable' as const, status: run.status };
  const entry = await refund(db, run.account_id, runId, 'operator refund');
  await countRunUsage(db, run.account_id, runId);
  await emitRunEvent(publisher, run.account_id, 'run.refunded', run);
  return { outcome: refunded ? ('refunded' as const) : ('already_refunded' as const), credits: entry ? toCredits(-entry.amount_milli) : 0, run };
}

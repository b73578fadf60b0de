/**
 * Runs: the stored document, its views, reads, the quote and what creation validates. Creation is ./create.ts,
 * every status change ./lifecycle.ts (the only writer of the runs collection, with this directory's other files),
 * the failure vocabulary ./failures.ts. Execution is the `evaluateRun` workflow.
 */
import type { Db } from 'mongodb';
import {
  DEFAULT_CREDITS_PER_OCR_PAGE,
  DEFAULT_ECONOMY_DISCOUNT,
  economyQuoteMilli,
  findProduct,
  findTemplate,
  type ModelPolicy,
  type OutputFormat,
} from '../catalog/catalog';
import type { Config } from '../platform/config';
import { toCredits, toMilli } from '../billing/credits';
import { COLLECTIONS } from '../platform/db';
import { requireInputDocuments, type DocumentDoc } from '../documents/documents';
import { ApiError, errors } from '../http/errors';
import { getBalance } from '../billing/balance';
import type { ReferenceDocumentDoc } from '../documents/reference-documents';
import { referenceTokenTotal } from '../documents/reference-index';
import {
  FINAL_RUN_STATUSES,
  type CreateRunRequest,
  type RunCitation,
  type RunCriterionConfidence,
  type RunManifest,
  type RunStatus,
} from './schemas';
export { listRuns } from './list';
import { signRunOutputFile, type RunOutputFileView } from './output-file';
import { pagesToQuote } from './quote-bound';
import type { Storage } from '../platform/storage';
import type { TemporalHandle } from '../jobs';
import type { TenantDb } from '../store';
import { confidenceSamples, type EvaluationWorkflowDoc } from '../evaluation-workflows/evaluation-workflows';

export type { RunDoc } from './run-doc';
import type { RunDoc } from './run-doc';
import { findByIds } from '../store';

const runs = (tenant: TenantDb) => tenant.collection<RunDoc>(COLLECTIONS.runs);

/**
 * Views of final runs, by the document they were made from. A final run's document never changes in place (every
 * change is a write and a fresh read), and list pages hand out the same document object to every request that
 * shows it (domain/store/): its view — three JSON documents parsed — is then made once, not per page.
 */
const finalViews = new WeakMap<RunDoc, { baseUrl: string; view: ReturnType<typeof viewOf> }>();

/** `outputFile`: signed by the caller for this answer (domain/runs/output-file.ts), or null when there is none. */
export function runView(doc: RunDoc, baseUrl: string, outputFile: RunOutputFileView | null) {
  if (!FINAL_RUN_STATUSES.has(doc.status)) return viewOf(doc, baseUrl, outputFile);
  let known = finalViews.get(doc);
  if (known?.baseUrl !== baseUrl) {
    known = { baseUrl, view: viewOf(doc, baseUrl, null) };
    finalViews.set(doc, known);
  }
  // The URL is signed per answer; the rest is shared (views are serialized, never changed).
  return { ...known.view, output_file: doc.status === 'succeeded' ? outputFile : null };
}

function viewOf(doc: RunDoc, baseUrl: string, outputFile: RunOutputFileView | null) {
  const output =
    doc.status === 'succeeded' && doc.output_json
      ? (JSON.parse(doc.output_json) as Record<string, unknown>)
      : undefined;
  return {
    id: doc._id,
    object: 'run' as const,
    workflow_id: doc.workflow_id,
    batch_id: doc.batch_id ?? null,
    external_id: doc.external_id ?? null,
    status: doc.status,
    mode: doc.mode,
    livemode: doc.livemode,
    // A run created waiting for its input shows the quote it was given then (`quoted_milli` is 0 until it is read).
    quoted_credits: toCredits(doc.waiting_quote_milli ?? doc.quoted_milli),
    charged_credits: doc.charged_milli === null ? null : toCredits(doc.charged_milli),
    input_documents: doc.input_documents,
    metadata: JSON.parse(doc.metadata_json) as Record<string, unknown>,
    result_url: `${baseUrl}/v1/runs/${doc._id}`,
    output_format: doc.output_format,
    ...(output ? { output } : {}),
    output_file: doc.status === 'succeeded' ? outputFile : null,
    usage: { ...doc.usage, unverified_citations: output ? (doc.usage.unverified_citations ?? null) : null },
    citations: output && doc.citations_json ? (JSON.parse(doc.citations_json) as RunCitation[]) : null,
    // An economy item waiting for its provider batch shows what was sent, and where.
    manifest:
      (output || (doc.status === 'queued' && doc.economy?.provider_batch_id)) && doc.manifest_json
        ? (JSON.parse(doc.manifest_json) as RunManifest)
        : null,
    // Null unless the run was judged k ≥ 2 times: one judgment has nothing to agree with.
    confidence:
      output && doc.confidence_json
        ? (JSON.parse(doc.confidence_json) as Record<string, RunCriterionConfidence>)
        : null,
    confidence_min: output ? (doc.confidence_min ?? null) : null,
    ...(doc.review
      ? {
          review: {
            id: doc.review.id,
            status: doc.review.status,
            ...(doc.review.status === 'completed'
              ? {
                  reviewer: doc.review.reviewer ?? null,
                  values: doc.review.values ?? null,
                  completed_at: doc.review.completed_at?.toISOString() ?? null,
                }
              : {}),
          },
        }
      : {}),
    ...(output && doc.reviewed_output_json
      ? { reviewed_output: JSON.parse(doc.reviewed_output_json) as Record<string, unknown> }
      : {}),
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
  // No URL in the record: it is signed when the payload is sent or read (domain/runs/output-file.ts).
  const { manifest: _manifest, ...view } = runView(doc, baseUrl, null);
  return view;
}

export interface Caller {
  keyId: string;
  livemode: boolean;
}

/** The document fields a quote reads: a caller that projects documents before quoting them projects these. */
export const QUOTED_DOCUMENT_FIELDS = { page_count: 1, ocr_pages: 1 } as const;

/**
 * The quote of runs on `workflow` as a function of their input documents: the product and the references are read
 * once, so a batch of 10,000 items is quoted with two reads, by the same formula as a single run.
 */
export async function runQuoter(
  db: Db,
  tenant: TenantDb,
  workflow: EvaluationWorkflowDoc,
  config: Config,
): Promise<(inputDocs: ReadonlyArray<Pick<DocumentDoc, 'page_count' | 'ocr_pages'>>) => number> {
  const product = await findProduct(db, workflow.product_code);
  if (!product) throw new Error(`product ${workflow.product_code} missing from the catalog`);
  let base = toMilli(product.pricing.credits_per_run);
  const policy = workflow.default_model_policy;
  if (policy === 'provider-b-1m-fulltext' || policy === 'auto') {
    const refTokens = await referenceTokenTotal(tenant, workflow.reference_document_ids);
    if (policy === 'provider-b-1m-fulltext' || refTokens <= config.FULLTEXT_TOKEN_BUDGET) {
      // Priced by what can be sent: references past the model's window are cut (activities/model-context.ts).
      const sent = Math.min(refTokens, config.FULLTEXT_REFERENCE_TOKEN_LIMIT);
      base += Math.ceil((sent / 1000) * toMilli(product.pricing.credits_per_1k_reference_tokens));
    }
  }
  const perPage = toMilli(product.pricing.credits_per_page);
  // Each input page read by OCR adds its own price (test keys are quoted alike and charged 0).
  const perOcrPage = toMilli(product.pricing.credits_per_ocr_page ?? DEFAULT_CREDITS_PER_OCR_PAGE);
  // Each of the k model calls reads the whole context, so the model part is paid k times; OCR reads a page once
  // whatever k is.
  const samples = confidenceSamples(workflow);
  return (inputDocs) =>
    samples * (base + inputDocs.reduce((sum, d) => sum + perPage * Math.max(1, d.page_count ?? 1), 0)) +
    inputDocs.reduce((sum, d) => sum + perOcrPage * (d.ocr_pages ?? 0), 0);
}

/** The workflow a run would use: 404 unless it exists, 409 unless it is active. */
export async function runnableWorkflow(tenant: TenantDb, workflowId: string): Promise<EvaluationWorkflowDoc> {
  const workflow = await tenant
    .collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows)
    .findOne({ _id: workflowId, deleted_at: null });
  if (!workflow) throw errors.notFound('workflow');
  if (workflow.status !== 'active') {
    throw errors.conflict('workflow_not_active', `The workflow is ${workflow.status}; runs need an active workflow.`);
  }
  return workflow;
}

/** Everything that must hold before a run is quoted; each refusal is a clear 4xx and nothing is written. */
async function validate(tenant: TenantDb, workflowId: string, input: CreateRunRequest, reading: 'wait' | 'refuse') {
  const workflow = await runnableWorkflow(tenant, workflowId);
  const docs = await requireInputDocuments(tenant, input.input_documents ?? [], undefined, reading);
  if (workflow.reference_document_ids.length) {
    const refs = await findByIds(
      tenant.collection<ReferenceDocumentDoc>(COLLECTIONS.referenceDocuments),
      workflow.reference_document_ids,
    );
    const unavailable = workflow.reference_document_ids.filter((id) => {
      const r = refs.find((x) => x._id === id);
      return !r || r.deleted_at || r.status === 'failed';
    });
    if (unavailable.length) {
      throw errors.conflict(
        'reference_document_unavailable',
        `Reference document(s) ${unavailable.join(', ')} were deleted or failed to index.`,
      );
    }
    const processing = refs.filter((r) => r.status === 'processing');
    if (processing.length) {
      throw errors.conflict(
        'reference_document_not_ready',
        `Reference document(s) ${processing.map((r) => r._id).join(', ')} are still being indexed.`,
      );
    }
  }
  if (workflow.prompt_template_id && !(await findTemplate(tenant.rawDb(), workflow.prompt_template_id))) {
    throw new ApiError(
      409,
      'prompt_template_unavailable',
      'The workflow names a prompt template that no longer exists.',
    );
  }
  return { workflow, docs };
}

export interface CreateRunDeps {
  db: Db;
  config: Config;
  temporal: TemporalHandle;
}

/**
 * Everything creation decides before it writes: the refusals (each a 4xx), the mode and the quote. Creation and
 * the quote endpoint share it, so a quote refuses exactly what creation would and prices exactly what it quotes. An
 * input document still being read (`reading: 'wait'`; listed in `reading`) makes a run that waits for it in `queued`
 * (debiting a guess would charge for pages not read yet), quoted at the most its pages can cost and charged what
 * they turn out to cost, never more.
 */
export async function prepareRun(
  deps: CreateRunDeps,
  tenant: TenantDb,
  workflowId: string,
  input: CreateRunRequest,
  reading: 'wait' | 'refuse' = 'refuse',
) {
  const { workflow, docs } = await validate(tenant, workflowId, input, reading);
  const mode = input.mode ?? workflow.default_mode;
  if (mode === 'sync' && deps.config.SYNC_RUNS === 'disabled') {
    throw errors.conflict('use_async', 'Synchronous runs are disabled; create the run with mode "async".');
  }
  const stillReading = docs.filter((d) => !d.extracted).map((d) => d._id);
  // A document still being read is priced at the most it can cost (./quote-bound.ts).
  const priced = docs.map((d) => pagesToQuote(d, deps.config.OCR_MAX_PAGES));
  const quotedMilli = await (await runQuoter(deps.db, tenant, workflow, deps.config))(priced);
  return { workflow, docs, mode, quotedMilli, reading: stillReading };
}

/**
 * What creating a run with `input` would cost, and whether the balance covers it; nothing is written or charged.
 * Test keys are quoted as live, so a quote shows what live mode would cost, but creation would debit them nothing
 * (`credits_due: 0`). The balance itself is shown only to a caller that may read usage (`usage:read`).
 */
export async function runQuote(
  deps: CreateRunDeps,
  tenant: TenantDb,
  caller: Pick<Caller, 'livemode'> & { readsBalance: boolean },
  workflowId: string,
  input: CreateRunRequest,
) {
  // Prices what creation would quote, a document still being read included.
  const { workflow, quotedMilli } = await prepareRun(deps, tenant, workflowId, input, 'wait');
  const balance = await getBalance(tenant);
  const dueMilli = caller.livemode ? quotedMilli : 0;
  const discount = (await findProduct(deps.db, workflow.product_code))?.pricing.economy_discount;
  return {
    object: 'run_quote' as const,
    workflow_id: workflow._id,
    livemode: caller.livemode,
    quoted_credits: toCredits(quotedMilli),
    credits_due: toCredits(dueMilli),
    economy_credits: toCredits(economyQuoteMilli(quotedMilli, discount ?? DEFAULT_ECONOMY_DISCOUNT)),
    sufficient_credits: toMilli(balance.pro_credits) >= dueMilli,
    ...(caller.readsBalance ? { balance } : {}),
  };
}

const visible = { admission: 'admitted' as const };

export async function getRun(tenant: TenantDb, runId: string): Promise<RunDoc> {
  const run = await runs(tenant).findOne({ _id: runId, ...visible });
  if (!run) throw errors.notFound('run');
  return run;
}

/** A freshly signed download URL for a succeeded run's output file; 409 output_not_ready otherwise. */
export async function runOutputFile(tenant: TenantDb, storage: Storage, config: Config, runId: string) {
  const run = await getRun(tenant, runId);
  const file = await signRunOutputFile({ storage, ttlS: config.OUTPUT_URL_TTL_S }, run);
  if (!file)
    throw errors.conflict('output_not_ready', `The run is ${run.status}; its output exists once it has succeeded.`);
  return file;
}

/** A run as its job reads it (activities/evaluation.ts): the account's own, in any status; null when it is gone. */
export function findRunForJob(db: Db, accountId: string, runId: string): Promise<RunDoc | null> {
  return db.collection<RunDoc>(COLLECTIONS.runs).findOne({ _id: runId, account_id: accountId });
}

/**
 * Run creation, ordered so that no answer — success, 4xx or 5xx — leaves credits taken for a run that nothing will
 * finish or settle:
 *   1. the run document is inserted hidden (`admission: 'pending'`): nothing can see it, nothing is charged;
 *   2. admission debits the quote through the ledger and makes the run visible — or marks it rejected (402).
 *      A run that costs nothing (test mode, a zero quote) has nothing to debit: it is inserted admitted, which is
 *      where a crash after step 2 would have left it anyway;
 *   3. the `evaluateRun` job is started (id = run id). If the start fails or times out, the run is settled `failed`
 *      `creation_failed` with a full refund before the error answers 5xx; a start that timed out on the client but
 *      succeeded on the server runs a job that finds the run already failed and ends without touching it.
 * A crash between the steps leaves a hidden uncharged run (1) or an admitted queued run with no job (2): the
 * reconciler settles either after a grace period, through the same lifecycle transitions.
 */
import { ApiError, errors } from '../http/errors';
import { newId } from '../platform/ids';
import { startRunJob, waitForRun } from '../jobs';
import { FINAL_RUN_STATUSES, type CreateRunRequest } from './schemas';
import type { TenantDb } from '../store';
import { toCredits } from '../billing/credits';
import { admitRunDoc, chargedOnAdmission, failRun } from './lifecycle';
import { prepareRun, type Caller, type CreateRunDeps, type RunDoc } from './index';
import { confidenceSamples } from '../evaluation-workflows/evaluation-workflows';
import { reviewsOn } from '../reviews/reviews';
import { RUNS } from './run-doc';

/** The run id an Idempotency-Key reserved, and how to reserve a fresh one under the key. */
export interface RunReservation {
  id: string;
  renew(): Promise<string>;
}

/**
 * Creates, admits, starts and (for sync runs) waits for a run. `reservation` comes from the idempotency layer (a
 * retry resumes the creation it names; one whose hidden run the reconciler abandoned starts over under a fresh id);
 * without one the run gets a fresh id, which no earlier attempt can have used.
 *
 * Round trips of an async creation without a retry to resume: the workflow read, the
 * list entry's two, the insert, the admission when the run is charged (one update answering the admitted run, after
 * the ledger's), the job start. The document inserted is the one answered and admitted: nothing is read back that
 * this request has just written.
 */
export async function createRun(
  deps: CreateRunDeps,
  tenant: TenantDb,
  caller: Caller,
  workflowId: string,
  input: CreateRunRequest,
  reservation: RunReservation | undefined,
): Promise<{ run: RunDoc; finished: boolean }> {
  const runs = RUNS.in(tenant);
  let runId = reservation?.id ?? newId('run');
  let run = reservation ? await runs.findOne({ _id: runId }) : null;
  if (run?.abandoned_at && reservation) {
    // The first attempt died before admission and its run was rejected, refunded and hidden for good: nothing of it
    // can finish, so the retry is a creation of its own, under a fresh id the key now names.
    runId = await reservation.renew();
    run = await runs.findOne({ _id: runId });
  }
  if (!run) {
    const {
      workflow,
      docs,
      mode,
      quotedMilli: quoted,
      reading,
    } = await prepareRun(deps, tenant, workflowId, input, 'wait');
    // A run that waits is debited nothing until its input is read, then what it cost, at most its quote: debiting a
    // guess would charge for pages not read yet.
    const debited = reading.length ? 0 : quoted;
    const doc: Omit<RunDoc, 'account_id'> = {
      _id: runId,
      workflow_id: workflow._id,
      workflow_name: workflow.name,
      product_code: workflow.product_code,
      admission: chargedOnAdmission({ livemode: caller.livemode, quoted_milli: debited }) ? 'pending' : 'admitted',
      status: 'queued',
      mode,
      livemode: caller.livemode,
      key_id: caller.keyId,
      model_policy: workflow.default_model_policy,
      output_format: workflow.output_format,
      quoted_milli: debited,
      ...(reading.length ? { waiting_quote_milli: quoted } : {}),
      charged_milli: null,
      input_documents: docs.map((d) => d._id),
      reference_document_ids: workflow.reference_document_ids,
      // Judged as the workflow says now, whatever it says later.
      ...(workflow.criteria?.length ? { criteria: workflow.criteria } : {}),
      confidence_samples: confidenceSamples(workflow),
      // Reviewed as the workflow says now, whatever it says later.
      ...(reviewsOn(workflow.review) ? { review_policy: workflow.review } : {}),
      metadata_json: JSON.stringify(input.metadata ?? {}),
      output_json: null,
      output_file: null,
      usage: { input_tokens: null, output_tokens: null, model: null, rag_strategy: null },
      error: null,
      job_namespace: deps.temporal.namespace,
      created_at: new Date(),
      started_at: null,
      finished_at: null,
      refunded_at: null,
      // Waits in `queued` for the documents still being read.
      ...(reading.length ? { awaiting_input: reading } : {}),
    };
    // Watched and listed before it exists (RUNS.insert): a crash between never leaves a run the reconciler cannot
    // find or a list that hides it.
    run = await RUNS.insert(tenant, doc, { namespace: deps.temporal.namespace, since: doc.created_at });
  }
  const admitted = await admitRunDoc(deps.db, tenant.accountId, runId, run);
  if (admitted.admission === 'rejected') {
    if (admitted.abandoned_at) {
      // This request outlived the reconciler's grace period before its admission: the run was abandoned meanwhile
      // (any charge refunded). A retry, with the same Idempotency-Key, creates the run afresh.
      throw errors.serviceUnavailable(
        'The run’s creation took too long and was abandoned; nothing was charged. Retry the request.',
      );
    }
    throw new ApiError(
      402,
      'insufficient_credits',
      `This run costs ${toCredits(run.quoted_milli)} credits; the balance is lower.`,
    );
  }
  run = admitted;
  // A retried request finds a run already settled (a creation that failed, a run that finished): it is the answer.
  if (FINAL_RUN_STATUSES.has(run.status)) return { run, finished: true };
  let job;
  try {
    job = await startRunJob(deps.temporal, {
      accountId: tenant.accountId,
      runId,
      workflowId: run.workflow_id,
      workflowName: run.workflow_name,
      productCode: run.product_code,
      livemode: run.livemode,
      awaitsInput: (run.awaiting_input?.length ?? 0) > 0,
    });
  } catch (err) {
    // Settled before the error answers: no 5xx leaves a charged run behind. If this too fails (the database away
    // as well), the reconciler settles the run once the grace period has passed. Its `run.failed` deliveries are
    // recorded now and started by the reconciler: Temporal has just failed this request once already.
    await failRun({ ...deps, deferJobs: true }, { accountId: tenant.accountId, runId, code: 'creation_failed' }).catch(
      () => undefined,
    );
    throw err;
  }
  // An async run is answered as admitted (queued): what its job does next is what GET /runs/{id} is for.
  if (run.mode !== 'sync') return { run, finished: false };
  const finished = (await waitForRun(deps.temporal, job, deps.config.SYNC_RUN_TIMEOUT_S * 1000)).state === 'done';
  return { run: (await runs.findOne({ _id: runId })) ?? run, finished };
}

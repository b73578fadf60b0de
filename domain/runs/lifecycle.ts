/**
 * The run lifecycle: the state table and every transition, each a guarded update (the expected state in the filter,
 * so a retry, a race or a second caller changes nothing twice) → ledger → usage → event. This directory is the only
 * code that writes the runs collection (test/unit/structure.test.ts); activities/runs.ts binds these to the
 * `evaluateRun` workflow, the API calls creation and cancel, the reconciler calls `settleEndedRun`.
 *
 *   admission   pending ──admit──▶ admitted | rejected            (rejected runs stay invisible)
 *   status      queued ──start──▶ running ──complete──▶ succeeded ──refund (operator)──▶ refunded
 *               queued ──cancel──▶ canceled
 *               queued | running ──fail──▶ failed               (creation_failed, execution_ended, timeout, …;
 *                                                               claimed, refunded, then final: docs/decisions.md 304)
 */
import type { Db } from 'mongodb';
import { charge, refund, toCredits } from '../billing/credits';
import { COLLECTIONS } from '../platform/db';
import { errors } from '../http/errors';
import type { EventType } from '../webhooks/events';
import { publishEvent, type EventPublisher } from '../webhooks/publish-event';
import { markRunEventRefunded } from '../webhooks/events';
import type { RunStatus } from './schemas';
import { TenantDb } from '../store';
import { countRunUsage, countRunUsageOf } from './usage-count';
import type { RunJobInput } from '../jobs/contract';
import type { EvaluationWorkflowDoc } from '../evaluation-workflows/evaluation-workflows';
import { isRunFailureCode, RUN_FAILURES, type RunFailureCode } from './failures';
import { eventRunView, getRun, type RunDoc } from './index';
import { rememberOutputFile } from './output-file';
import { RUNS } from './run-doc';
import { cancelRunReview, canceledReviewOf, cancelUnusedReview, reviewBeforeSuccess } from '../reviews/reviews';

/** From which statuses each transition may move a run. */
export const RUN_TRANSITIONS = {
  start: { from: ['queued'], to: 'running' },
  complete: { from: ['running'], to: 'succeeded' },
  fail: { from: ['queued', 'running'], to: 'failed' },
  cancel: { from: ['queued'], to: 'canceled' },
  refund: { from: ['succeeded'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly RunStatus[]; to: RunStatus }>;

const rawRuns = (db: Db) => RUNS.across(db);
const from = (t: keyof typeof RUN_TRANSITIONS) => ({ $in: [...RUN_TRANSITIONS[t].from] as RunStatus[] });

async function load(db: Db, { accountId, runId }: RunJobInput): Promise<RunDoc | null> {
  return rawRuns(db).findOne({ _id: runId, account_id: accountId });
}

/** True when admitting the run debits credits: a live run with a quote. Any other run is inserted admitted. */
export const chargedOnAdmission = (run: Pick<RunDoc, 'livemode' | 'quoted_milli'>): boolean =>
  run.livemode && run.quoted_milli > 0;

/**
 * Idempotent admission: debit the quote (live mode) and make the run visible, or mark it rejected. Whichever caller
 * settles `admission` first decides; a charge that lost to a rejection is refunded, so credits never leave without
 * a visible run. Answers the run as settled; `known`: the run as this caller last read or wrote it (run creation
 * has just inserted it), which saves the first read; the guarded update decides either way.
 */
export async function admitRunDoc(db: Db, accountId: string, runId: string, known?: RunDoc): Promise<RunDoc> {
  const run = known ?? (await rawRuns(db).findOne({ _id: runId, account_id: accountId }));
  if (!run) throw new Error(`run ${runId} not found`);
  // A rejected run keeps no charge, whoever took it: a charge that landed after the rejection (an abandonment before
  // the charge entry existed) is refunded by the attempt that lost, or by any later one if that attempt died first.
  if (run.admission === 'rejected') await refund(db, accountId, runId, 'run rejected');
  if (run.admission !== 'pending') return run;
  const settle = async (admission: 'admitted' | 'rejected') =>
    (await rawRuns(db).findOneAndUpdate(
      { _id: runId, account_id: accountId, admission: 'pending' },
      { $set: { admission } },
      { returnDocument: 'after' },
    )) ?? (await rawRuns(db).findOne({ _id: runId, account_id: accountId }))!;
  if (chargedOnAdmission(run)) {
    const result = await charge(db, accountId, runId, run.quoted_milli);
    if (!result.ok) return settle('rejected');
  }
  const settled = await settle('admitted');
  if (settled.admission === 'rejected') await refund(db, accountId, runId, 'run rejected');
  return settled;
}

/**
 * A hidden run whose creation died before its admission settled (the reconciler, after a grace period): it stays
 * invisible as rejected, so no late admission can charge it, and a charge taken just before the crash is refunded.
 */
export async function abandonPendingRun(db: Db, accountId: string, runId: string): Promise<boolean> {
  const res = await rawRuns(db).updateOne(
    { _id: runId, account_id: accountId, admission: 'pending' },
    { $set: { admission: 'rejected', abandoned_at: new Date() } },
  );
  await refund(db, accountId, runId, 'run creation abandoned');
  await RUNS.release(db, { _id: runId, account_id: accountId });
  return res.modifiedCount === 1;
}

/** `queued → running`, or the status that won instead (a cancel, or a failure settled before the job ran). */
export async function markRunStarted(db: Db, input: RunJobInput): Promise<{ started: boolean; status: RunStatus }> {
  const started = await rawRuns(db).findOneAndUpdate(
    { _id: input.runId, account_id: input.accountId, status: from('start'), admission: 'admitted' },
    { $set: { status: RUN_TRANSITIONS.start.to, started_at: new Date() } },
    { returnDocument: 'after' },
  );
  if (started) return { started: true, status: 'running' };
  const run = await load(db, input);
  if (!run) return { started: false, status: 'failed' };
  // A retry after our own successful update finds the run running: that is a start, not a loss.
  return { started: run.status === 'running', status: run.status };
}

/**
 * The job's first step: admission (settled on the request path already, so normally nothing to do), the run's
 * usage count, then `queued → running`. The start's update requires an admitted run, so the common case is that
 * one update; anything else (admission unsettled, a cancel or failure that won, a retry after the start landed)
 * takes the full path, each transition guarded as on its own.
 */
export async function beginRun(
  db: Db,
  input: RunJobInput,
): Promise<{ started: boolean; status: RunStatus | 'rejected'; livemode?: boolean; run?: RunDoc }> {
  const started = await rawRuns(db).findOneAndUpdate(
    { _id: input.runId, account_id: input.accountId, status: from('start'), admission: 'admitted' },
    { $set: { status: RUN_TRANSITIONS.start.to, started_at: new Date() } },
    { returnDocument: 'after' },
  );
  if (started) {
    await countRunUsageOf(db, started);
    // The mode, fixed at creation, lets the workflow run a test-mode run's work in place (the stub takes
    // milliseconds, so it needs no activity task of its own).
    // `run`: the document as started, for a caller in the same process (a test-mode run's work reads it once).
    return { started: true, status: 'running', livemode: started.livemode, run: started };
  }
  // A job whose run does not exist (its database was dropped or restored under it) has nothing to begin, charge or
  // settle: it ends at once rather than retrying for ever, its history growing with every retry.
  const run = await load(db, input);
  if (!run) return { started: false, status: 'failed' };
  if ((await admitRunDoc(db, input.accountId, input.runId, run)).admission === 'rejected')
    return { started: false, status: 'rejected' };
  await countRunUsage(db, input.accountId, input.runId);
  return markRunStarted(db, input);
}

export type RunOutput = Pick<RunDoc, 'output_json' | 'output_file' | 'citations_json' | 'manifest_json' | 'usage'> &
  Partial<Pick<RunDoc, 'confidence_json' | 'confidence_min' | 'criteria' | 'review_policy'>>;

/** `running → succeeded`, charging the quote (live mode); usage and `run.succeeded` once. */
export async function completeRun(publisher: EventPublisher, input: RunJobInput): Promise<RunStatus | null> {
  const run = await load(publisher.db, input);
  if (!run) return null;
  return succeed(publisher, run, {});
}

/**
 * The evaluation's result and `running → succeeded` in one guarded update (the work activity's last step, so the
 * workflow has nothing left to do on success), then usage and `run.succeeded` once. `run` is the run as the work
 * loaded it: the charge depends only on what creation fixed (`livemode`, `quoted_milli`). A retry after the update
 * finds the run succeeded and finishes the rest, so a completion interrupted after its update is completed, not
 * redone.
 */
export async function completeRunWithOutput(
  publisher: EventPublisher,
  run: RunDoc,
  output: RunOutput,
  known?: { workflowEndpointId: string | null },
): Promise<RunStatus | null> {
  return succeed(publisher, run, output, known);
}

/**
 * Answers the run's status afterwards: `succeeded`, or the status that won instead (null: no such run). `known`:
 * the workflow's endpoint as the caller has just read it, which saves `emitRunEvent` reading the workflow again.
 */
async function succeed(
  publisher: EventPublisher,
  run: RunDoc,
  output: Partial<RunOutput>,
  known?: { workflowEndpointId: string | null },
): Promise<RunStatus | null> {
  const { db } = publisher;
  const input = { accountId: run.account_id, runId: run._id };
  // Decided with the output and named in this write: `run.succeeded` already names it.
  const review = await reviewBeforeSuccess(db, { ...run, ...output });
  const done = await RUNS.transition(
    new TenantDb(db, run.account_id),
    { _id: run._id, status: from('complete'), failing: { $exists: false } },
    {
      $set: {
        ...output,
        ...review,
        status: RUN_TRANSITIONS.complete.to,
        finished_at: new Date(),
        charged_milli: run.livemode ? run.quoted_milli : 0,
      },
    },
    // A success is settled in this write: no refund or event can be left half-way by a crash after it.
    { settles: true },
  );
  const final = done ?? (await load(db, input));
  if (review.review && (final?.failing || final?.status !== 'succeeded')) await cancelUnusedReview(db, run);
  // A failure claimed first wins: the run is on its way to `failed`.
  if (final?.failing) return 'failed';
  if (final?.status !== 'succeeded') return final?.status ?? null;
  await RUNS.release(db, run, { inWrite: true });
  rememberOutputFile(final);
  await countRunUsageOf(db, final);
  await emitRunEvent(publisher, run.account_id, 'run.succeeded', final, known);
  return 'succeeded';
}

/**
 * The end of a run whose work activity failed for good. The work completes the run as its last step, so a run
 * found succeeded failed only after that update (its usage count or event): those are finished, and the run
 * stays succeeded. Any other run fails with `code`.
 */
export async function settleAfterWork(
  publisher: EventPublisher,
  input: RunJobInput & { code: RunFailureCode; message?: string },
): Promise<RunStatus> {
  const run = await load(publisher.db, input);
  if (run?.status === 'succeeded') {
    await succeed(publisher, run, {});
    return 'succeeded';
  }
  await failRun(publisher, input);
  return (await load(publisher.db, input))?.status ?? 'failed';
}

/**
 * Any non-final status → failed, with a full refund, usage and `run.failed`, once — whoever calls it: the workflow,
 * run creation whose job did not start, or the reconciler for a job that ended without settling. On a run already
 * failed it finishes what an interrupted settlement left (the refund, the watch entry, the event).
 */
export async function failRun(
  publisher: EventPublisher,
  input: RunJobInput & { code: RunFailureCode; message?: string },
): Promise<void> {
  const { db } = publisher;
  const message = input.message ?? RUN_FAILURES[input.code].message;
  // Three steps, so that nobody sees `failed` before the credits are back and nothing else wins the run meanwhile:
  // the failure is claimed (a field the completion and the cancel guard on; the visible status is unchanged), the
  // refund lands, then the status becomes `failed`. Refunding before any claim let a completion win afterwards;
  // claiming `failed` first let a client see a failed run whose refund had not landed. The watch entry goes only at
  // the end, so the reconciler finishes a settlement interrupted anywhere in between.
  const claimed = await rawRuns(db).findOneAndUpdate(
    { _id: input.runId, account_id: input.accountId, status: from('fail'), failing: { $exists: false } },
    { $set: { failing: { code: input.code, message } } },
    { returnDocument: 'after' },
  );
  const current = claimed ?? (await load(db, input));
  if (!current || (current.status !== 'failed' && !current.failing)) return;
  const failure = current.failing ?? current.error ?? { code: input.code, message };
  await refund(db, input.accountId, input.runId, `run failed: ${failure.code}`);
  const failed =
    current.status === 'failed'
      ? current
      : ((await rawRuns(db).findOneAndUpdate(
          { _id: input.runId, account_id: input.accountId, status: from('fail'), failing: { $exists: true } },
          {
            $set: { status: RUN_TRANSITIONS.fail.to, finished_at: new Date(), charged_milli: 0, error: failure },
            $unset: { failing: '' },
          },
          { returnDocument: 'after' },
        )) ?? (await load(db, input)));
  if (failed?.status !== 'failed') return;
  await RUNS.release(db, failed);
  // Nothing new to count, but an admission whose count was interrupted is finished here.
  await countRunUsageOf(db, failed);
  // Hidden runs (never admitted) were never shown to anyone: nothing to announce.
  if (failed.admission === 'admitted') await emitRunEvent(publisher, input.accountId, 'run.failed', failed);
}

/**
 * A canceled run's settlement after its status (cancelRun's, or the reconciler's for a cancel interrupted after
 * the status changed): the refund, the watch entry, `run.canceled`. Idempotent.
 */
async function finishCancel(publisher: EventPublisher, run: RunDoc): Promise<void> {
  await refund(publisher.db, run.account_id, run._id, 'run canceled');
  await RUNS.release(publisher.db, run);
  await emitRunEvent(publisher, run.account_id, 'run.canceled', run);
}

/**
 * The reconciler's finishing of a run whose settlement was interrupted: a failure claimed but not yet final, or a
 * run final but still watched (the watch entry goes last). Answers whether there was anything to finish.
 */
export async function finishSettlement(publisher: EventPublisher, run: RunDoc): Promise<boolean> {
  const input = { accountId: run.account_id, runId: run._id };
  const claimed = run.failing?.code ?? run.error?.code;
  const code = isRunFailureCode(claimed) ? claimed : 'execution_ended';
  if (run.status === 'failed' || run.failing)
    await failRun(publisher, { ...input, code, message: run.failing?.message });
  else if (run.status === 'canceled') await finishCancel(publisher, run);
  else return false;
  return true;
}

/** The reconciler's settlement of a run whose job closed (or never started): the same path as any failure. */
export async function settleEndedRun(
  publisher: EventPublisher,
  input: RunJobInput,
  code: 'execution_ended' | 'timeout' | 'creation_failed',
): Promise<void> {
  await failRun(publisher, { ...input, code });
}

/**
 * Cancels a queued run: one atomic `queued → canceled` update, so a race with execution start has one winner;
 * then the full refund and the `run.canceled` event. The cancel is the only settlement (the workflow that later
 * finds the run canceled just ends); canceling again re-runs the idempotent settlement, so a request that died
 * between the update and the refund is finished by the client's retry. Any other status: 409.
 */
export async function cancelRun(
  publisher: EventPublisher,
  tenant: TenantDb,
  runId: string,
  /** Why, when the cancel is not the run's own (its batch's: `batch_canceled`); null otherwise. */
  reason?: { code: RunFailureCode; message: string },
): Promise<RunDoc> {
  const canceled = await RUNS.in(tenant).findOneAndUpdate(
    { _id: runId, admission: 'admitted', status: from('cancel'), failing: { $exists: false } },
    {
      $set: {
        status: RUN_TRANSITIONS.cancel.to,
        finished_at: new Date(),
        charged_milli: 0,
        ...(reason ? { error: reason } : {}),
      },
    },
  );
  const run = canceled ?? (await getRun(tenant, runId));
  if (run.status !== 'canceled') {
    const now = run.failing ? 'failing' : run.status;
    throw errors.conflict('run_not_cancelable', `Only queued runs can be canceled; this run is ${now}.`);
  }
  await finishCancel(publisher, run);
  return run;
}

/**
 * Operator refund of a succeeded run: `succeeded → refunded`, credits returned and
 * `charged_credits: 0`, exactly once however often it is called. `run.refunded` is published on every call, so
 * running the command again after a fan-out failed (Temporal away) sends what is missing, and nothing twice.
 */
export async function operatorRefundRun(publisher: EventPublisher, runId: string) {
  const { db } = publisher;
  const current = await rawRuns(db).findOne({ _id: runId });
  const tenant = current && new TenantDb(db, current.account_id);
  const refundSet = { status: RUN_TRANSITIONS.refund.to, charged_milli: 0, ...canceledReviewOf(current) };
  // Its success's event first: no reader trusting the event signs the output from here on.
  if (current?.status === 'succeeded') await markRunEventRefunded(db, current.account_id, runId);
  const refunded = tenant
    ? await RUNS.transition(
        tenant,
        { _id: runId, status: from('refund') },
        { $set: { ...refundSet, refunded_at: new Date() } },
        // A succeeded run's list may hold a copy of it.
        { current: current.status === 'succeeded' ? current : null },
      )
    : null;
  const run = refunded ?? (await rawRuns(db).findOne({ _id: runId }));
  if (!run) return { outcome: 'not_found' as const };
  if (run.status !== 'refunded') return { outcome: 'not_refundable' as const, status: run.status };
  rememberOutputFile(run);
  if (run.review && tenant) await cancelRunReview(tenant, run.review.id);
  const entry = await refund(db, run.account_id, runId, 'operator refund');
  await countRunUsage(db, run.account_id, runId);
  await emitRunEvent(publisher, run.account_id, 'run.refunded', run);
  return {
    outcome: refunded ? ('refunded' as const) : ('already_refunded' as const),
    credits: entry ? toCredits(-entry.amount_milli) : 0,
    run,
  };
}

/** Records and delivers a run event; the run's workflow may name its own webhook endpoint (even once deleted). */
export async function emitRunEvent(
  publisher: EventPublisher,
  accountId: string,
  type: EventType,
  run: RunDoc,
  known?: { workflowEndpointId: string | null },
) {
  const workflowEndpointId = known
    ? known.workflowEndpointId
    : ((
        await publisher.db
          .collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows)
          .findOne({ _id: run.workflow_id, account_id: accountId }, { projection: { webhook_endpoint_id: 1 } })
      )?.webhook_endpoint_id ?? null);
  return publishEvent(publisher, {
    accountId,
    type,
    dedupeKey: `${type}:${run._id}`,
    data: { run: eventRunView(run, publisher.config.publicBaseUrl) },
    workflowEndpointId,
    // The file its URL is signed from, so that a reader of the event needs no read of the run.
    stored: type === 'run.succeeded' && run.status === 'succeeded' ? { run_file: run.output_file ?? null } : {},
  });
}

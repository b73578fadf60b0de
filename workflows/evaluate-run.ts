/**
 * `run_…`: one run, queued → running → succeeded | failed (or canceled while queued). Every step is an idempotent
 * activity; the status changes are guarded updates; a failure of any kind ends in `failed` with a full refund.
 * The search attribute AssayRunStatus follows the run, so operators can filter runs by status in the Temporal UI.
 *
 * The shape is lean: the short database steps around the work are local activities (a marker each, no activity
 * task and no workflow task of their own), the work is the one activity with a task of its own and completes the
 * run as its last step, and the time bound is that activity's schedule-to-close timeout — no timer per run. A
 * test-mode run is one local activity from admission to completion: one workflow task and one marker, its
 * AssayRunStatus going from `queued` (set at start) to the final status.
 * The shape is the input's `shape` (docs/decisions.md 254). The shapes before it (four activity tasks and a timer,
 * then the lean shape under the patches `lean-run-v1` and `local-test-work-v1`) are retired: an execution of one
 * fails its workflow task (workflows/job-shape.ts) rather than replaying on code it did not run.
 * A run created while an input was still being read (`awaitsInput` in its input, so no other run's history changes)
 * first waits for the reading in looks between durable timers, the last of which quotes and admits it; every other
 * run's commands are as above.
 */
import {
  ActivityFailure,
  CancellationScope,
  isCancellation,
  proxyActivities,
  proxyLocalActivities,
  sleep,
  TimeoutFailure,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { ActivitiesOf } from '../activities';
import { clientFailure, RUN_FAILURES, type RunFailureCode } from '../domain/runs/failures';
import { SEARCH_ATTRIBUTES, type RunJobInput } from '../domain/jobs/contract';
import { assertCurrentShape } from './job-shape';
import { JOB_WORK_RETRY } from './retry-policies';

/** A run's own time bound, from `started_at` (no execution timeout kills a run silently; the reconciler settles it). */
const RUN_TIME_LIMIT = '25 minutes';

export const bookkeepingOptions = {
  startToCloseTimeout: '30 seconds',
  // No attempt limit: bookkeeping must eventually land (each step is idempotent).
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
} as const;

/** The database steps, run by the worker that holds the workflow task (a marker in the history, nothing more). */
const local = proxyLocalActivities<ActivitiesOf<'evaluateRun'>>(bookkeepingOptions);

export const workOptions = {
  // The time bound: the run's work, every attempt and the waits between them included, gets 25 minutes from being
  // scheduled — right after `started_at` is set — and then fails with a schedule-to-close timeout, settled below.
  scheduleToCloseTimeout: RUN_TIME_LIMIT,
  startToCloseTimeout: '20 minutes',
  heartbeatTimeout: '30 seconds',
  // An attempt lost after its model call pays for that call again, so the count stays small.
  retry: JOB_WORK_RETRY,
} as const;

const work = proxyActivities<ActivitiesOf<'evaluateRun'>>(workOptions);

/**
 * A test-mode run (the deterministic stub: milliseconds, no model call) as a local activity, run by the worker
 * holding the workflow task: the run is then one workflow task, with no activity
 * task and no second workflow task. Same time bound and retries as the work activity; a lost worker is noticed by
 * the workflow task's timeout instead of a heartbeat. Live runs keep the activity: a model call may take minutes.
 */
export const localWorkOptions = {
  scheduleToCloseTimeout: RUN_TIME_LIMIT,
  startToCloseTimeout: '20 minutes',
  retry: JOB_WORK_RETRY,
} as const;

const localWork = proxyLocalActivities<ActivitiesOf<'evaluateRun'>>(localWorkOptions);

function status(value: string): void {
  upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.runStatus, value }]);
}

const failure = (code: RunFailureCode) => ({ code, message: RUN_FAILURES[code].message });

/**
 * The run's failure as the client reads it (domain/runs/failures.ts): the work outliving its time bound is
 * `timeout`; an execution canceled from outside (an operator, in the Temporal UI) is `execution_ended`.
 */
export function failureOf(err: unknown): { code: RunFailureCode; message: string } {
  if (
    err instanceof ActivityFailure &&
    err.cause instanceof TimeoutFailure &&
    err.cause.timeoutType === 'SCHEDULE_TO_CLOSE'
  )
    return failure('timeout');
  if (isCancellation(err)) return failure('execution_ended');
  return clientFailure(err);
}

/** The steps a run's job takes, bound by the job to the proxies of its own queue (evaluateRun, evaluateBatchItem). */
export interface RunSteps {
  beginRun: ActivitiesOf<'evaluateRun'>['beginRun'];
  settleAfterWork: ActivitiesOf<'evaluateRun'>['settleAfterWork'];
  produceOutput: ActivitiesOf<'evaluateRun'>['produceOutput'];
  testRun: ActivitiesOf<'evaluateRun'>['testRun'];
}

/**
 * How long a run created while an input was still being read waits for the reading: the
 * same 25 minutes as the run's own bound, counted from the job's start, before and apart from the work's.
 */
const INPUT_WAIT_LIMIT = '25 minutes';

export const inputWaitOptions = {
  scheduleToCloseTimeout: INPUT_WAIT_LIMIT,
  startToCloseTimeout: INPUT_WAIT_LIMIT,
  heartbeatTimeout: '30 seconds',
  // No attempt limit: the bound is the schedule-to-close timeout; each attempt takes up the wait where it stood.
  retry: { initialInterval: '2 seconds', maximumInterval: '30 seconds' },
} as const;

const inputs = proxyActivities<ActivitiesOf<'evaluateRun'>>(inputWaitOptions);

/** The wait of a run on its inputs in looks: the first pause, and the longest. */
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 10_000;
const INPUT_WAIT_MS = 25 * 60_000;
/** One look: a database read and at most a second on the extraction job, run by the worker holding the task. */
const lookOptions = {
  startToCloseTimeout: '30 seconds',
  // No attempt limit within the wait's bound (given per look as its schedule-to-close): a database or Temporal
  // outage is waited out, and the run settled when the bound passes.
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds' },
} as const;

const INPUT_WAIT_TIMEOUT = {
  code: 'timeout',
  message: 'An input document was still being read 25 minutes after the run was created; nothing was charged.',
} as const;

export async function evaluateRun(input: RunJobInput): Promise<{ status: string }> {
  if (input.awaitsInput) {
    assertCurrentShape(input);
    const waited = input.awaitsInput === 'checks' ? await lookForInput(input) : await awaitInput(input);
    if (waited !== 'ready') return { status: waited };
  }
  return runWith(
    {
      beginRun: local.beginRun,
      settleAfterWork: local.settleAfterWork,
      produceOutput: work.produceOutput,
      testRun: localWork.testRun,
    },
    input,
  );
}

/**
 * A run created while an input document was still being read: a look at its inputs
 * (a local activity: quoted and admitted once they are read), then a durable timer, growing from 1 to 10 seconds,
 * and again — so nothing holds an activity slot while a long scan is read. `ready`, or the status the run ended in;
 * the bound, 25 minutes from the job's start, passing or a look failing for good fails the run (refunded: nothing
 * was charged, or the charge is returned).
 */
async function lookForInput(input: RunJobInput): Promise<string> {
  const deadline = workflowInfo().runStartTime.getTime() + INPUT_WAIT_MS;
  const finished: string[] = [];
  let pause = FIRST_PAUSE_MS;
  let failed: { code: RunFailureCode; message: string } = INPUT_WAIT_TIMEOUT;
  try {
    for (let left = deadline - Date.now(); left > 0; left = deadline - Date.now()) {
      // The look's own bound is what is left of the wait, so an outage it retries through cannot outlast it.
      const looks = proxyLocalActivities<ActivitiesOf<'evaluateRun'>>({ ...lookOptions, scheduleToCloseTimeout: left });
      const seen = await looks.checkRunInputs({ ...input, finished });
      if (seen.status !== 'waiting') {
        if (seen.status !== 'ready') status(seen.status);
        return seen.status;
      }
      if ('finished' in seen && seen.finished && !finished.includes(seen.finished)) finished.push(seen.finished);
      await sleep(Math.max(1, Math.min(pause, deadline - Date.now())));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  } catch (err) {
    const why = failureOf(err);
    if (why.code !== 'timeout') failed = why;
  }
  const settled = await CancellationScope.nonCancellable(() => local.settleAfterWork({ ...input, ...failed }));
  status(settled);
  return settled;
}

/**
 * The earlier shape of the wait (`awaitsInput: true`, kept until no execution of it is open): one activity waits on the
 * documents' extraction jobs, then quotes and admits the run; `ready`, or the status the run ended in. The wait's
 * bound passing, or the activity failing for good, fails the run (refunded: nothing was charged, or the charge is
 * returned), as the work's failures do.
 */
async function awaitInput(input: RunJobInput): Promise<string> {
  try {
    const { status: waited } = await inputs.awaitRunInputs(input);
    if (waited !== 'ready') status(waited);
    return waited;
  } catch (err) {
    const failed = failureOf(err);
    const { code, message } = failed.code === 'timeout' ? INPUT_WAIT_TIMEOUT : failed;
    const settled = await CancellationScope.nonCancellable(() => local.settleAfterWork({ ...input, code, message }));
    status(settled);
    return settled;
  }
}

/** A run from admission to its final status, through `steps` (the same shape on every queue). */
export async function runWith(steps: RunSteps, input: RunJobInput): Promise<{ status: string }> {
  assertCurrentShape(input);
  // A test-mode run whole — admission, usage, `queued → running`, the work and the completion — as one local
  // activity: one workflow task, one marker, the status set at start and here at the end.
  if (input.livemode === false) return finish(steps, input, async () => (await steps.testRun(input)).status);
  return beginThenWork(steps, input, () => steps.produceOutput(input));
}

type Produce = () => Promise<{ status: string | null }>;

/** A live run: the bookkeeping step, `running` for the operators, then the work. */
async function beginThenWork(steps: RunSteps, input: RunJobInput, produce: Produce): Promise<{ status: string }> {
  // Admission (a no-op after the request path's), the usage count and `queued → running` in one step.
  const begun = await steps.beginRun(input);
  if (!begun.started) {
    // Rejected, canceled (the cancel settled it) or already failed (its creation failed; the job started anyway).
    status(begun.status);
    return { status: begun.status };
  }
  status('running');
  return finish(steps, input, async () => (await produce()).status);
}

/** The work's outcome as the run's final status; a failure of any kind settles the run (failed and refunded). */
async function finish(
  steps: RunSteps,
  input: RunJobInput,
  produce: () => Promise<string | null>,
): Promise<{ status: string }> {
  try {
    // The work completes the run itself, as its last step: nothing is left to do on success.
    const done = (await produce()) ?? 'failed';
    status(done);
    return { status: done };
  } catch (err) {
    const { code, message } = failureOf(err);
    // Fails the run — or, if the work failed after completing it, finishes that completion.
    const settled = await CancellationScope.nonCancellable(() => steps.settleAfterWork({ ...input, code, message }));
    status(settled);
    return { status: settled };
  }
}

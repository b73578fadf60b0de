/**
 * How the lean `evaluateRun` names the end of a run's work: its time bound is the work
 * activity's schedule-to-close timeout, so only that timeout is `timeout`; a lost attempt's own timeouts are not,
 * and a cancellation from outside is `execution_ended`. The 25-minute bound itself is Temporal's to enforce.
 */
import { ActivityFailure, ApplicationFailure, CancelledFailure, TimeoutFailure } from '@temporalio/common';
import { failureOf } from '../../workflows/evaluate-run';

const activityFailed = (cause: Error) =>
  new ActivityFailure('activity failed', 'produceOutput', '3', 'TIMEOUT', 'worker', cause);

it('names the work outliving its schedule-to-close bound `timeout`, with the client message', () => {
  expect(
    failureOf(activityFailed(new TimeoutFailure('activity ScheduleToClose timeout', undefined, 'SCHEDULE_TO_CLOSE'))),
  ).toEqual({
    code: 'timeout',
    message: 'The run did not finish within its time limit; it was refunded.',
  });
});

it('does not call an attempt that timed out on its own (heartbeat, start-to-close) the run’s time bound', () => {
  for (const type of ['HEARTBEAT', 'START_TO_CLOSE'] as const) {
    expect(failureOf(activityFailed(new TimeoutFailure(`activity ${type} timeout`, undefined, type))).code).toBe(
      'internal_error',
    );
  }
});

it('names an execution canceled from outside `execution_ended`', () => {
  expect(failureOf(activityFailed(new CancelledFailure('canceled'))).code).toBe('execution_ended');
});

it('keeps a run failure’s own code and client message', () => {
  const refused = ApplicationFailure.nonRetryable('The model said no.', 'model_refused');
  expect(failureOf(activityFailed(refused))).toEqual({ code: 'model_refused', message: 'The model said no.' });
});

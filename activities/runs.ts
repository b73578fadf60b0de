/**
 * The activities of `evaluateRun` around its work: thin bindings of the run lifecycle (domain/runs/lifecycle.ts),
 * which owns every transition and its guarded update, ledger entry, usage count and event. The retired shapes'
 * steps (`admitRun`, `startRun`, `completeRun`, `failRun` as activity tasks) are gone: no open execution replays them.
 */
import { beginRun, settleAfterWork } from '../domain/runs/lifecycle';
import type { RunFailureCode } from '../domain/runs/failures';
import type { RunJobInput } from '../domain/jobs/contract';
import type { ActivityDeps } from './deps';

export function runActivities({ db, config, temporal }: ActivityDeps) {
  const publisher = { db, config, temporal };
  return {
    /** Admission, usage count and `queued → running` as one step: the lean shape's first local activity. */
    async beginRun(input: RunJobInput) {
      // The workflow gets the outcome, not the document: a local activity's result is recorded in the history.
      const { run: _started, ...begun } = await beginRun(db, input);
      return begun;
    },
    /** The lean shape's end after a failed work activity: fail the run, or finish a completion it had made. */
    settleAfterWork: (input: RunJobInput & { code: RunFailureCode; message: string }) =>
      settleAfterWork(publisher, input),
  };
}

/**
 * The activities of `evaluateRun`: thin bindings of the run lifecycle (domain/runs/lifecycle.ts), which owns every
 * transition and its guarded update, ledger entry, usage count and event.
 */
import { admitRun, beginRun, completeRun, failRun, settleAfterWork, startRun } from '../domain/runs/lifecycle';
import type { RunFailureCode } from '../domain/runs/failures';
import { countRunUsage } from '../domain/runs/usage-count';
import type { RunJobInput } from '../domain/jobs/contract';
import type { ActivityDeps } from './deps';

export function runActivities({ db, config, temporal }: ActivityDeps) {
  const publisher = { db, config, temporal };
  return {
    /**
     * The workflow's first step (admission itself happened on the request path; this is a no-op then). The run is
     * counted into usage here rather than on the request path, which keeps those writes off it: every admitted
     * run's workflow passes this step.
     */
    async admitRun({ accountId, runId }: RunJobInput): Promise<'admitted' | 'rejected'> {
      const admission = await admitRun(db, accountId, runId);
      if (admission === 'admitted') await countRunUsage(db, accountId, runId);
      return admission;
    },
    startRun: (input: RunJobInput) => startRun(db, input),
    /** Admission, usage count and `queued → running` as one step: the lean shape's first local activity. */
    async beginRun(input: RunJobInput) {
      // The workflow gets the outcome, not the document: a local activity's result is recorded in the history.
      const { run: _started, ...begun } = await beginRun(db, input);
      return begun;
    },
    completeRun: async (input: RunJobInput): Promise<void> => {
      await completeRun(publisher, input);
    },
    failRun: (input: RunJobInput & { code: RunFailureCode; message: string }) => failRun(publisher, input),
    /** The lean shape's end after a failed work activity: fail the run, or finish a completion it had made. */
    settleAfterWork: (input: RunJobInput & { code: RunFailureCode; message: string }) =>
      settleAfterWork(publisher, input),
  };
}

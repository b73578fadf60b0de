/**
 * The activities of `evaluateRun`: admission, the guarded status changes (each one atomic update with the expected
 * status in its filter, so a retry or a race changes nothing twice), refunds and run events. The evaluation itself
 * is activities/evaluation.ts.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { COLLECTIONS } from '../domain/db';
import { refund } from '../domain/credits';
import { admitRun, emitRunEvent, settleCanceled, type RunDoc } from '../domain/runs';
import { countRunUsage } from '../domain/usage-rollup';
import type { RunJobInput } from '../domain/workflow-contract';
import type { ActivityDeps } from './index';

export function runActivities({ db, config, temporal }: ActivityDeps) {
  const runs = db.collection<RunDoc>(COLLECTIONS.runs);
  const publisher = { db, config, temporal };

  async function load({ accountId, runId }: RunJobInput): Promise<RunDoc> {
    const run = await runs.findOne({ _id: runId, account_id: accountId });
    if (!run) throw ApplicationFailure.nonRetryable(`run ${runId} not found`, 'run_missing');
    return run;
  }

  return {
    /**
     * The workflow's first step. The run is counted into usage here rather than in the API's admission, which
     * keeps those writes off the request path: every admitted run's workflow passes this step.
     */
    async admitRun({ accountId, runId }: RunJobInput): Promise<'admitted' | 'rejected'> {
      const admission = await admitRun(db, accountId, runId);
      if (admission === 'admitted') await countRunUsage(db, accountId, runId);
      return admission;
    },

    /** `queued → running`, or the status that won instead (a cancel). */
    async startRun(input: RunJobInput): Promise<{ started: boolean; status: RunDoc['status'] }> {
      const started = await runs.findOneAndUpdate(
        { _id: input.runId, account_id: input.accountId, status: 'queued' },
        { $set: { status: 'running', started_at: new Date() } },
        { returnDocument: 'after' },
      );
      if (started) return { started: true, status: 'running' };
      const run = await load(input);
      // A retry after our own successful update finds the run running: that is a start, not a loss.
      return { started: run.status === 'running', status: run.status };
    },

    async completeRun(input: RunJobInput): Promise<void> {
      const run = await load(input);
      const done = await runs.findOneAndUpdate(
        { _id: input.runId, account_id: input.accountId, status: 'running' },
        { $set: { status: 'succeeded', finished_at: new Date(), charged_milli: run.livemode ? run.quoted_milli : 0 } },
        { returnDocument: 'after' },
      );
      const final = done ?? (await load(input));
      if (final.status !== 'succeeded') return;
      await countRunUsage(db, input.accountId, input.runId);
      await emitRunEvent(publisher, input.accountId, 'run.succeeded', final);
    },

    /** Any non-final status → failed, with a full refund and `run.failed`, once. */
    async failRun(input: RunJobInput & { code: string; message: string }): Promise<void> {
      // Refund first, so a client that sees `failed` ("fully refunded") already finds the credits back. Only a
      // cancel can win the race for the status afterwards, and it refunds under the same ledger key: still once.
      const before = await load(input);
      if (before.status === 'queued' || before.status === 'running') {
        await refund(db, input.accountId, input.runId, `run failed: ${input.code}`);
      }
      const failed = await runs.findOneAndUpdate(
        { _id: input.runId, account_id: input.accountId, status: { $in: ['queued', 'running'] } },
        { $set: { status: 'failed', finished_at: new Date(), charged_milli: 0, error: { code: input.code, message: input.message } } },
        { returnDocument: 'after' },
      );
      const final = failed ?? (await load(input));
      if (final.status !== 'failed') return;
      // A retry after the status changed: the refund above was skipped, so make sure it landed (a no-op if it did).
      await refund(db, input.accountId, input.runId, `run failed: ${input.code}`);
      // Nothing new to count, but an admission whose count was interrupted is finished here.
      await countRunUsage(db, input.accountId, input.runId);
      await emitRunEvent(publisher, input.accountId, 'run.failed', final);
    },

    async settleCanceledRun(input: RunJobInput): Promise<void> {
      const run = await load(input);
      if (run.status === 'canceled') await settleCanceled(publisher, input.accountId, run);
    },
  };
}

/**
 * The activity of `evaluateRun` that waits for a run's input documents still being read (docs/decisions.md 315): it
 * waits on their `extract-<doc_id>` jobs (a bounded long poll on the job's result, never a poll of the database
 * from the workflow), then has the run quoted and admitted. Registered on the runs queue only: batch items never
 * wait (their documents are checked extracted when the batch is created).
 */
import { admitAwaitedRun, awaitedInput, failRun } from '../domain/runs/lifecycle';
import type { RunStatus } from '../domain/runs/schemas';
import type { RunJobInput } from '../domain/jobs/contract';
import { extractDocument } from '../domain/jobs';
import type { ActivityDeps } from './deps';
import { cancellationSignal, withHeartbeat } from './heartbeat';

/** How long one look at an extraction job waits for its result before the run is read again (a cancel is seen). */
const LOOK_MS = 10_000;

export function runInputActivities({ db, config, temporal }: ActivityDeps) {
  const publisher = { db, config, temporal };
  return {
    /**
     * Waits until every input the run waits for is read, then quotes and admits it: `ready` (the job goes on as for
     * any run), or the status the run ended in (canceled meanwhile; failed: an input that could not be read, a
     * balance too low). The time bound is the workflow's (its schedule-to-close timeout).
     */
    awaitRunInputs: (input: RunJobInput): Promise<{ status: RunStatus | 'ready' }> =>
      withHeartbeat(async () => {
        const signal = cancellationSignal();
        const finished = new Set<string>();
        for (;;) {
          if (signal?.aborted) throw new Error('the wait for the run’s input was canceled');
          const now = await awaitedInput(db, input);
          if (now.state === 'settled') return { status: now.status };
          if (now.state === 'read') return { status: await admitAwaitedRun(publisher, input) };
          if (now.state === 'unreadable') {
            await failRun(publisher, { ...input, code: 'document_not_extracted', message: now.message });
            return { status: 'failed' };
          }
          const docId = now.docIds[0]!;
          // Attaches to the document's extraction job (or starts it, as the reconciler would, if it never started).
          const job = await extractDocument(temporal, { accountId: input.accountId, docId }, LOOK_MS);
          // A job records its outcome before it completes: a document still being read after its job has completed,
          // or whose job ended without completing, will get no text.
          if (job.state === 'ended' || (job.state === 'done' && finished.has(docId))) {
            // Failed past its retries or ended from outside without recording an outcome: no text will come.
            await failRun(publisher, {
              ...input,
              code: 'document_not_extracted',
              message: `Input document ${docId} could not be read (its extraction ended without a result); the run was refunded.`,
            });
            return { status: 'failed' };
          }
          if (job.state === 'done') finished.add(docId);
        }
      }),
  };
}

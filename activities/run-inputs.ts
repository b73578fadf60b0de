/**
 * The activities of `evaluateRun` for a run created while an input document was still being read: they look at the
 * documents the run waits for and their `extract-<doc_id>` jobs, and once all are read have the run quoted and
 * admitted. Registered on the runs queue only: batch items never wait
 * (their documents are checked extracted when the batch is created).
 *
 * `checkRunInputs` looks once, for at most a second, and the workflow sleeps on a durable timer between looks, so a
 * waiting run holds no activity slot (319). `awaitRunInputs` is the earlier shape, one activity that waited the whole
 * time in 10-second long polls and held a runs-queue slot meanwhile: kept only for executions started with it
 * (`awaitsInput: true`), until none is open.
 */
import { failRun } from '../domain/runs/lifecycle';
import { admitAwaitedRun, awaitedInput } from '../domain/runs/awaited-input';
import type { RunStatus } from '../domain/runs/schemas';
import type { RunJobInput } from '../domain/jobs/contract';
import { extractDocument } from '../domain/jobs';
import type { ActivityDeps } from './deps';
import { cancellationSignal, withHeartbeat } from './heartbeat';

/** How long one look of `awaitRunInputs` waits on an extraction job before the run is read again (a cancel is seen). */
const LOOK_MS = 10_000;
/** How long one look of `checkRunInputs` waits: enough for a job that has closed to answer with its result. */
const GLANCE_MS = 1_000;

/** One look: what the run has come to, or `waiting` (with a document whose job has completed, if one has). */
export type InputLook = { status: RunStatus | 'ready' } | { status: 'waiting'; finished?: string };

export function runInputActivities({ db, config, temporal }: ActivityDeps) {
  const publisher = { db, config, temporal };

  /**
   * Reads the run and the documents it waits for, and waits at most `lookMs` on the first one's extraction job.
   * `finished` are documents whose job was already seen completed: a job records its outcome before it completes, so
   * one still being read on a second look will get no text.
   */
  async function look(input: RunJobInput, finished: ReadonlySet<string>, lookMs: number): Promise<InputLook> {
    const now = await awaitedInput(db, input);
    if (now.state === 'settled') return { status: now.status };
    if (now.state === 'read') return { status: await admitAwaitedRun(publisher, input) };
    if (now.state === 'unreadable') {
      await failRun(publisher, { ...input, code: 'document_not_extracted', message: now.message });
      return { status: 'failed' };
    }
    const docId = now.docIds[0]!;
    // Attaches to the document's extraction job (or starts it, as the reconciler would, if it never started).
    const job = await extractDocument(temporal, { accountId: input.accountId, docId }, lookMs);
    if (job.state === 'ended' || (job.state === 'done' && finished.has(docId))) {
      // Failed past its retries or ended from outside without recording an outcome: no text will come.
      await failRun(publisher, {
        ...input,
        code: 'document_not_extracted',
        message: `Input document ${docId} could not be read (its extraction ended without a result); the run was refunded.`,
      });
      return { status: 'failed' };
    }
    return job.state === 'done' ? { status: 'waiting', finished: docId } : { status: 'waiting' };
  }

  return {
    /**
     * One look at a waiting run's inputs (a second at most): `ready` once they are read and the run is quoted and
     * admitted, the status the run ended in (canceled meanwhile; failed: an input that could not be read, a balance
     * too low), or `waiting`. The workflow keeps the documents reported `finished` and passes them back.
     */
    checkRunInputs: (input: RunJobInput & { finished?: string[] }): Promise<InputLook> => {
      const { finished, ...run } = input;
      return look(run, new Set(finished), GLANCE_MS);
    },
    /**
     * The earlier shape (`awaitsInput: true`): waits the whole time in one activity, then quotes and admits the run.
     * The time bound is the workflow's (its schedule-to-close timeout).
     */
    awaitRunInputs: (input: RunJobInput): Promise<{ status: RunStatus | 'ready' }> =>
      withHeartbeat(async () => {
        const signal = cancellationSignal();
        const finished = new Set<string>();
        for (;;) {
          if (signal?.aborted) throw new Error('the wait for the run’s input was canceled');
          const seen = await look(input, finished, LOOK_MS);
          if (seen.status !== 'waiting') return { status: seen.status };
          if ('finished' in seen && seen.finished) finished.add(seen.finished);
        }
      }),
  };
}

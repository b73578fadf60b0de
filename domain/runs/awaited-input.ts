/**
 * A run that waits for its input documents (created while they were still being read): where it stands, and its
 * admission once they are read — quoted from what the reading found, charged at most its creation's quote. Written
 * beside the lifecycle's other transitions, with the same guards.
 */
import type { Db } from 'mongodb';
import { charge, refund, toCredits } from '../billing/credits';
import { COLLECTIONS } from '../platform/db';
import { TenantDb } from '../store';
import type { EventPublisher } from '../webhooks/publish-event';
import type { RunJobInput } from '../jobs/contract';
import type { EvaluationWorkflowDoc } from '../evaluation-workflows/evaluation-workflows';
import { documentsForRun } from '../documents/documents';
import { runQuoter } from './index';
import { RUNS, type RunDoc } from './run-doc';
import type { RunStatus } from './schemas';
import { chargedOnAdmission, failRun } from './lifecycle';

const load = (db: Db, { accountId, runId }: RunJobInput): Promise<RunDoc | null> =>
  RUNS.across(db).findOne({ _id: runId, account_id: accountId });

/** Where a run that waits for its input documents stands. */
export type AwaitedInput =
  /** No longer waiting: admitted after the wait (`ready`, a retry finds it so) or settled meanwhile (a cancel). */
  | { state: 'settled'; status: RunStatus | 'ready' }
  /** Every input is read: the run can be quoted and admitted. */
  | { state: 'read' }
  /** These are still being read. */
  | { state: 'reading'; docIds: string[] }
  /** An input's reading ended without text: the run cannot run. */
  | { state: 'unreadable'; message: string };

/** Reads the run and the documents it waits for; nothing is written. */
export async function awaitedInput(db: Db, input: RunJobInput): Promise<AwaitedInput> {
  const run = await load(db, input);
  if (!run) return { state: 'settled', status: 'failed' };
  if (run.status !== 'queued' || run.failing) return { state: 'settled', status: run.failing ? 'failed' : run.status };
  if (!run.awaiting_input?.length) return { state: 'settled', status: 'ready' };
  const docs = await documentsForRun(db, input.accountId, run.awaiting_input);
  const reading: string[] = [];
  for (const id of run.awaiting_input) {
    const doc = docs.find((d) => d._id === id);
    if (doc?.extracted) continue;
    if (doc?.status === 'extracting') {
      reading.push(id);
      continue;
    }
    const why = doc?.extraction_error?.message ?? 'it has no text';
    return { state: 'unreadable', message: `Input document ${id} could not be read (${why}); the run was refunded.` };
  }
  return reading.length ? { state: 'reading', docIds: reading } : { state: 'read' };
}

/**
 * A run that waited for its input documents, now read: quoted from what the reading found (pages, `ocr_pages`),
 * charged that quote (live mode), and `awaiting_input` removed, so the job goes on as for any admitted run. The
 * charge comes first and the guarded update after it; a run that a cancel or a failure won meanwhile has its charge
 * refunded at once (a cancel's own refund may have run before the charge existed, and a refund of a charge that
 * does not exist leaves nothing behind). A balance too low fails the run `insufficient_credits`, nothing kept.
 * Answers `ready`, or the status the run ended in instead. Idempotent: the charge is the run's one `<run>:charge`
 * entry, the update guarded.
 */
export async function admitAwaitedRun(publisher: EventPublisher, input: RunJobInput): Promise<RunStatus | 'ready'> {
  const { db, config } = publisher;
  const run = await load(db, input);
  if (!run) return 'failed';
  if (run.status !== 'queued' || run.failing) return run.failing ? 'failed' : run.status;
  if (!run.awaiting_input?.length) return 'ready';
  const tenant = new TenantDb(db, input.accountId);
  const workflow = await tenant
    .collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows)
    .findOne({ _id: run.workflow_id, deleted_at: null });
  if (!workflow) {
    await failRun(publisher, { ...input, code: 'workflow_missing' });
    return 'failed';
  }
  const docs = await documentsForRun(db, input.accountId, run.input_documents);
  const cost = (await runQuoter(db, tenant, workflow, config))(docs);
  // Never more than the quote it was created with: a bound that guessed short costs the service, never the client
  // (runs from before it have none).
  const quoted = Math.min(cost, run.waiting_quote_milli ?? cost);
  if (chargedOnAdmission({ livemode: run.livemode, quoted_milli: quoted })) {
    const charged = await charge(db, input.accountId, input.runId, quoted);
    if (!charged.ok) {
      await failRun(publisher, {
        ...input,
        code: 'insufficient_credits',
        message: `Once its input was read this run cost ${toCredits(quoted)} credits; the balance was lower. Nothing was charged.`,
      });
      return 'failed';
    }
  }
  const admitted = await RUNS.across(db).findOneAndUpdate(
    {
      _id: input.runId,
      account_id: input.accountId,
      status: 'queued',
      awaiting_input: { $exists: true },
      failing: { $exists: false },
    },
    { $set: { quoted_milli: quoted }, $unset: { awaiting_input: '' } },
    { returnDocument: 'after' },
  );
  if (admitted) return 'ready';
  const now = await load(db, input);
  if (now?.status === 'queued' && !now.failing && !now.awaiting_input?.length) return 'ready';
  // Lost to a cancel or a failure: nothing of this run is kept.
  await refund(db, input.accountId, input.runId, 'run ended while its input was read');
  return now?.failing ? 'failed' : (now?.status ?? 'failed');
}

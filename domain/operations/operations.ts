/**
 * Operator actions behind `npm run ops` (scripts/ops.ts prints; this file decides). They act across accounts, by
 * id, on the raw database — an operator is not a tenant — and every one that changes something is idempotent and
 * answers what it did, so running a command twice is always safe and says so.
 */
import type { Db } from 'mongodb';
import type { AccountDoc } from '../access/accounts';
import { revokeKey, type ApiKeyDoc } from '../access/api-keys';
import type { Config } from '../platform/config';
import { grant, reconcile, toCredits, toMilli, type LedgerEntry } from '../billing/credits';
import { COLLECTIONS } from '../platform/db';
import type { RunDoc } from '../runs';
import { describeJob, type TemporalHandle } from '../jobs';
import { TenantDb } from '../store';

export const GRANT_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
/** A typo guard: no single grant of more than this many credits. */
export const MAX_GRANT_CREDITS = 1_000_000;

const account = (db: Db, id: string) => db.collection<AccountDoc>(COLLECTIONS.accounts).findOne({ _id: id });
const ledger = (db: Db) => db.collection<LedgerEntry>(COLLECTIONS.ledger);

export type GrantOutcome =
  | { outcome: 'granted' | 'already_granted'; entry: LedgerEntry; balance: { bonus: number; regular: number } }
  | { outcome: 'refused'; reason: string };

/**
 * Grants credits once per (account, grant id). The id is the operator's (a ticket number, say): the same command
 * run again is a no-op, and the same id with another amount or bucket is refused rather than silently ignored.
 */
export async function grantCredits(
  db: Db,
  input: { accountId: string; credits: number; bucket: 'bonus' | 'regular'; grantId: string },
): Promise<GrantOutcome> {
  if (!GRANT_ID_PATTERN.test(input.grantId))
    return { outcome: 'refused', reason: `grant id must match ${GRANT_ID_PATTERN}` };
  const milli = toMilli(input.credits);
  if (!Number.isFinite(input.credits) || milli <= 0 || input.credits > MAX_GRANT_CREDITS) {
    return {
      outcome: 'refused',
      reason: `amount must be a number of credits above 0 and at most ${MAX_GRANT_CREDITS}`,
    };
  }
  // The ledger only credits accounts that exist; a typo'd account id must not become an applied phantom entry.
  if (!(await account(db, input.accountId))) return { outcome: 'refused', reason: `no account ${input.accountId}` };
  // Scoped by account in the ledger key, so two accounts' grants can share an operator's id.
  const subject = `grant:${input.accountId}:${input.grantId}`;
  const existing = await ledger(db).findOne({ _id: `${subject}:grant` });
  const entry = await grant(db, input.accountId, subject, milli, input.bucket);
  const granted = input.bucket === 'bonus' ? entry.bonus_milli : entry.regular_milli;
  if (granted !== milli || -entry.amount_milli !== milli) {
    return {
      outcome: 'refused',
      reason: `grant id ${input.grantId} was already used for ${toCredits(-entry.amount_milli)} ${entry.bonus_milli ? 'bonus' : 'regular'} credits; nothing changed`,
    };
  }
  const after = (await account(db, input.accountId))!;
  return {
    outcome: existing?.state === 'applied' ? 'already_granted' : 'granted',
    entry,
    balance: { bonus: toCredits(after.bonus_milli), regular: toCredits(after.regular_milli) },
  };
}

/** The balance recomputed from the applied ledger entries against the stored one. Drift ≠ 0 needs a human. */
export async function reconcileAccount(db: Db, accountId: string) {
  const acct = await account(db, accountId);
  if (!acct) return null;
  const result = await reconcile(db, accountId, acct.initial_bonus_milli ?? 0);
  return {
    ...result,
    expected_credits: toCredits(result.expected.bonus_milli + result.expected.regular_milli),
    actual_credits: toCredits(result.actual.bonus_milli + result.actual.regular_milli),
    drift_credits: toCredits(result.drift_milli),
  };
}

export type DisableKeyOutcome =
  | { outcome: 'not_found' }
  | { outcome: 'revoked' | 'already_revoked'; accountId: string; summary: Awaited<ReturnType<typeof revokeKey>> };

/** Revokes a key by id, whatever its account; revoking a revoked key changes nothing. */
export async function disableKey(db: Db, keyId: string): Promise<DisableKeyOutcome> {
  const key = await db.collection<ApiKeyDoc>(COLLECTIONS.apiKeys).findOne({ _id: keyId });
  if (!key) return { outcome: 'not_found' };
  const summary = await revokeKey(new TenantDb(db, key.account_id), keyId);
  return { outcome: key.revoked_at ? 'already_revoked' : 'revoked', accountId: key.account_id, summary };
}

export function temporalUiLink(
  config: Pick<Config, 'temporalUiUrl' | 'TEMPORAL_NAMESPACE'>,
  workflowId: string,
): string {
  return `${config.temporalUiUrl}/namespaces/${encodeURIComponent(config.TEMPORAL_NAMESPACE)}/workflows/${encodeURIComponent(workflowId)}`;
}

export type TemporalView =
  | { found: true; status: string; start_time: string | null; close_time: string | null; task_queue: string }
  | { found: false; error: string };

/** Everything an operator needs about one run: the document, its ledger entries, its Temporal execution. */
export async function showRun(db: Db, temporal: TemporalHandle | null, config: Config, runId: string) {
  const run = await db.collection<RunDoc>(COLLECTIONS.runs).findOne({ _id: runId });
  if (!run) return null;
  const entries = await ledger(db).find({ subject: runId }).sort({ created_at: 1, _id: 1 }).toArray();
  let execution: TemporalView;
  if (!temporal) {
    execution = { found: false, error: 'Temporal is unreachable' };
  } else {
    try {
      const d = await describeJob(temporal, runId);
      execution =
        d.status === 'not_found'
          ? { found: false, error: `no execution ${runId}` }
          : {
              found: true,
              status: d.temporalStatus,
              start_time: d.startTime?.toISOString() ?? null,
              close_time: d.closeTime?.toISOString() ?? null,
              task_queue: d.taskQueue ?? '',
            };
    } catch (err) {
      // A run whose creation crashed before its workflow started has none; that is worth seeing, not a failure.
      execution = { found: false, error: err instanceof Error ? err.message : String(err) };
    }
  }
  return { run, ledger: entries, temporal: execution, temporal_ui: temporalUiLink(config, runId) };
}

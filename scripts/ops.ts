/**
 * `npm run ops -- <command>`: operator tooling against the configured database (and Temporal, for show-run and for
 * the webhooks of refund-run).
 * The decisions live in domain/operations/operations.ts and domain/runs/; this file parses arguments and prints. Every
 * command prints what it did; every command that changes something is idempotent.
 *
 *   refund-run <run_id>                                        succeeded → refunded, credits returned, run.refunded (once)
 *   grant-credits <account> <amount> --id <grant-id> [--bonus] credits granted once per grant id
 *   show-run <run_id>                                          the run, its ledger, its Temporal execution, a UI link
 *   disable-key <key_id>                                       revokes an API key (once)
 *   reconcile <account>                                        balance vs ledger; exit 1 when they drift apart
 *   reseal-secrets                                             webhook secrets sealed again under DATA_ENCRYPTION_KEY
 */
import { loadConfig, type Config } from '../domain/platform/config';
import { toCredits } from '../domain/billing/credits';
import { connectDatabase, ensureIndexes } from '../domain/platform/db';
import { explainLists } from '../domain/store';
import { LIST_INDEXES, LISTS } from '../domain/collections';
import { disableKey, grantCredits, reconcileAccount, showRun } from '../domain/operations/operations';
import { operatorRefundRun } from '../domain/runs/lifecycle';
import { rebuildUsage } from '../domain/runs/usage-count';
import { connectTemporal, type TemporalHandle } from '../domain/jobs';
import { resealEndpointSecrets } from '../domain/webhooks/endpoint-secrets';
import type { Db } from 'mongodb';

const out = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = [
  'usage: npm run ops -- <command>',
  '  refund-run <run_id>',
  '  grant-credits <account> <amount> --id <grant-id> [--bonus]',
  '  show-run <run_id>',
  '  disable-key <key_id>',
  '  reconcile <account>',
  "  rebuild-usage <account>   (recomputes the usage report's rollup from the runs; run while the account is quiet)",
  '  reseal-secrets            (after a DATA_ENCRYPTION_KEY rotation: seals every webhook secret under the current key)',
  '  explain-lists             (on MongoDB: every list read of the query strategy is an in-order index scan)',
];

/**
 * Exit 1 unless MongoDB plans every `query` list read as an in-order index scan. On FerretDB it cannot run: it
 * says why and exits 0. The list indexes are created first, as a `query` process would.
 */
async function explainListReads(db: Db): Promise<void> {
  await ensureIndexes(db, { lists: LIST_INDEXES });
  const result = await explainLists(db, LISTS);
  if ('skipped' in result) {
    out(`explain-lists: skipped, ${result.skipped}`);
    return;
  }
  for (const e of result.explained)
    out(`${e.ok ? 'ok  ' : 'FAIL'} ${e.list} ${JSON.stringify(e.shape)}: ${e.stages.join(' ← ')}`);
  if (result.explained.some((e) => !e.ok)) process.exitCode = 1;
}

function usage(problem?: string): void {
  if (problem) out(problem);
  for (const line of USAGE) out(line);
  process.exitCode = 2;
}

/** Positional arguments and `--flag [value]` options; `valued` names the options that take a value. */
function parseArgs(args: string[], valued: string[]) {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) positional.push(a);
    else if (valued.includes(a.slice(2))) options[a.slice(2)] = args[++i] ?? '';
    else options[a.slice(2)] = true;
  }
  return { positional, options };
}

async function refundRun(db: Db, config: Config, runId: string) {
  // Connected before anything changes: without Temporal the refund would happen but its webhooks could not start.
  const temporal = await connectTemporal(config);
  let result: Awaited<ReturnType<typeof operatorRefundRun>>;
  try {
    result = await operatorRefundRun({ db, config, temporal }, runId);
  } catch (err) {
    out(
      `refund of ${runId} did not finish (${err instanceof Error ? err.message : String(err)}); run the command again: it repeats nothing that was done`,
    );
    process.exitCode = 1;
    return;
  } finally {
    await temporal.close();
  }
  if (result.outcome === 'not_found') {
    out(`no run ${runId}`);
    process.exitCode = 1;
  } else if (result.outcome === 'not_refundable') {
    out(`run ${runId} is ${result.status}; only succeeded runs can be refunded`);
    process.exitCode = 1;
  } else if (result.outcome === 'already_refunded') {
    out(`run ${runId} was already refunded; nothing changed`);
  } else {
    out(`refunded run ${runId}: ${result.credits} credits returned to account ${result.run.account_id}`);
  }
}

async function grant(db: Db, args: string[]) {
  const { positional, options } = parseArgs(args, ['id']);
  const [accountId, amount] = positional;
  if (!accountId || !amount) return usage();
  // No default id: exactly-once needs a name the operator can repeat; a generated one would make a retry a second grant.
  if (typeof options.id !== 'string' || !options.id) {
    return usage(
      'grant-credits needs --id <grant-id> (e.g. a ticket number): running the command again with the same id grants nothing twice',
    );
  }
  const bucket = options.bonus ? 'bonus' : 'regular';
  const result = await grantCredits(db, { accountId, credits: Number(amount), bucket, grantId: options.id });
  if (result.outcome === 'refused') {
    out(`refused: ${result.reason}`);
    process.exitCode = 1;
    return;
  }
  const credits = toCredits(-result.entry.amount_milli);
  const balance = `balance now ${result.balance.bonus} bonus + ${result.balance.regular} regular`;
  if (result.outcome === 'already_granted')
    out(
      `grant ${options.id} of ${credits} ${bucket} credits to ${accountId} was already applied; nothing changed (${balance})`,
    );
  else out(`granted ${credits} ${bucket} credits to ${accountId} (grant ${options.id}); ${balance}`);
}

async function show(db: Db, config: Config, runId: string) {
  let temporal: TemporalHandle | null = null;
  try {
    temporal = await connectTemporal(config);
  } catch {
    temporal = null; // the run and its ledger are still worth showing
  }
  try {
    const view = await showRun(db, temporal, config, runId);
    if (!view) {
      out(`no run ${runId}`);
      process.exitCode = 1;
      return;
    }
    const r = view.run;
    out(`run ${r._id}  account ${r.account_id}  ${r.livemode ? 'live' : 'test'} mode`);
    out(`  workflow   ${r.workflow_id} (${r.workflow_name})  product ${r.product_code}  policy ${r.model_policy}`);
    out(
      `  status     ${r.status}  admission ${r.admission}${r.error ? `  error ${r.error.code}: ${r.error.message}` : ''}`,
    );
    out(
      `  credits    quoted ${toCredits(r.quoted_milli)}  charged ${r.charged_milli === null ? '—' : toCredits(r.charged_milli)}`,
    );
    out(
      `  times      created ${r.created_at.toISOString()}  started ${r.started_at?.toISOString() ?? '—'}  finished ${r.finished_at?.toISOString() ?? '—'}`,
    );
    out(`ledger (${view.ledger.length} entries)`);
    for (const e of view.ledger) {
      out(
        `  ${e._id}  ${e.kind}  ${e.state}  ${toCredits(-e.amount_milli)} credits (bonus ${toCredits(e.bonus_milli)}, regular ${toCredits(e.regular_milli)})${e.reason ? `  ${e.reason}` : ''}`,
      );
    }
    const t = view.temporal;
    if (t.found)
      out(
        `temporal   ${t.status}  queue ${t.task_queue}  started ${t.start_time ?? '—'}  closed ${t.close_time ?? '—'}`,
      );
    else out(`temporal   no execution found (${t.error})`);
    out(`temporal ui ${view.temporal_ui}`);
  } finally {
    await temporal?.close();
  }
}

async function disable(db: Db, keyId: string) {
  const result = await disableKey(db, keyId);
  if (result.outcome === 'not_found') {
    out(`no API key ${keyId}`);
    process.exitCode = 1;
  } else if (result.outcome === 'already_revoked') {
    out(
      `key ${keyId} of account ${result.accountId} was already revoked at ${result.summary.revoked_at}; nothing changed`,
    );
  } else {
    out(`revoked key ${keyId} (${result.summary.name}, ${result.summary.mode}) of account ${result.accountId}`);
  }
}

async function reconcileCommand(db: Db, accountId: string) {
  const r = await reconcileAccount(db, accountId);
  if (!r) {
    out(`no account ${accountId}`);
    process.exitCode = 1;
    return;
  }
  out(`account ${accountId}`);
  out(
    `  ledger says  ${r.expected_credits} (bonus ${toCredits(r.expected.bonus_milli)}, regular ${toCredits(r.expected.regular_milli)})`,
  );
  out(
    `  balance is   ${r.actual_credits} (bonus ${toCredits(r.actual.bonus_milli)}, regular ${toCredits(r.actual.regular_milli)})`,
  );
  if (r.pending)
    out(`  ${r.pending} ledger entries are still pending (an interrupted movement; retried by its activity)`);
  if (r.drift_milli === 0) {
    out('  drift 0: the balance matches the ledger');
  } else {
    out(`  DRIFT ${r.drift_credits} credits: the balance does not match the ledger`);
    process.exitCode = 1;
  }
}

/**
 * Step two of a key rotation: with the new key in DATA_ENCRYPTION_KEY and the old one in
 * DATA_ENCRYPTION_KEY_FALLBACKS, seal every webhook secret under the new one; the old key may go once this reports
 * nothing unreadable. Exit 1 when some secret opens under no configured key (named, never shown), or changed
 * while this ran.
 */
async function reseal(db: Db, config: Config) {
  const r = await resealEndpointSecrets(db, config);
  out(`webhook endpoints: ${r.checked} checked, ${r.resealed} sealed again under the current key`);
  if (r.unreadable.length) {
    out(`  ${r.unreadable.length} open under none of the configured keys (left unchanged): ${r.unreadable.join(', ')}`);
    process.exitCode = 1;
  } else if (r.changedMeanwhile) {
    out(`  ${r.changedMeanwhile} changed while this ran (a rotation): run the command again`);
    process.exitCode = 1;
  } else if (config.DATA_ENCRYPTION_KEY_FALLBACKS.length) {
    out('  every secret opens under the current key: DATA_ENCRYPTION_KEY_FALLBACKS may now be removed');
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (
    !command ||
    ![
      'refund-run',
      'grant-credits',
      'show-run',
      'disable-key',
      'reconcile',
      'rebuild-usage',
      'reseal-secrets',
      'explain-lists',
    ].includes(command)
  )
    return usage();
  const config = loadConfig();
  const database = await connectDatabase(config);
  const db = database.db;
  try {
    const first = args[0];
    if (command === 'grant-credits') return await grant(db, args);
    if (command === 'reseal-secrets') return await reseal(db, config);
    if (command === 'explain-lists') return await explainListReads(db);
    if (!first) return usage();
    if (command === 'refund-run') await refundRun(db, config, first);
    else if (command === 'show-run') await show(db, config, first);
    else if (command === 'disable-key') await disable(db, first);
    else if (command === 'rebuild-usage') {
      const r = await rebuildUsage(db, first);
      out(`account ${first}: usage rollup rebuilt from ${r.runs} admitted live runs into ${r.months} months`);
    } else await reconcileCommand(db, first);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

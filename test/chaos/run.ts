/**
 * `npm run chaos`: the fault-injection scenario (test/chaos/scenario.ts) for several rounds of every fault, against
 * the local stack (started if needed) with its own database, bucket and namespace. Prints what it saw and exits
 * non-zero on any violation, or when new work takes more than 10 s to complete after a Temporal restart.
 * `CHAOS_ROUNDS` (default 3) and `CHAOS_RUNS` (runs in flight per fault, default 5).
 */
import { parseConfig } from '../../domain/platform/config';
import { startStack } from '../../scripts/stack/services';
import { runChaos, violations, type Fault } from './scenario';
import { createTestContext } from '../support/app';
import { newAccount } from '../support/identity';
import { startWorker } from '../support/processes';
import { makeWorkflow } from '../support/runs';
import { measureWorkerResume } from './worker-resume';

// Its own database, bucket and namespace (nothing reads the environment before main runs).
const defaults: Record<string, string> = {
  NODE_ENV: 'test',
  MONGODB_DB: 'assay_chaos',
  S3_BUCKET: 'assay-chaos',
  TEMPORAL_NAMESPACE: 'assay-chaos',
  PORT: '8689',
  // Every round's live runs, and the probes' runs during each fault, are charged: the default bonus (100) runs out
  // in the third round.
  INITIAL_BONUS_CREDITS: '100000',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
for (const [name, value] of Object.entries(defaults)) process.env[name] ||= value;
process.env.LOG_LEVEL = 'silent';

async function main(): Promise<void> {
  const say = (line: string) => process.stdout.write(`[chaos] ${line}\n`);
  const config = parseConfig(process.env);
  await startStack(config, say);
  const report = await runChaos({
    namespace: process.env.TEMPORAL_NAMESPACE!,
    faults: ['worker', 'temporal', 'mongodb', 'minio', 'terminate'],
    rounds: Number(process.env.CHAOS_ROUNDS ?? 3),
    runsPerRound: Number(process.env.CHAOS_RUNS ?? 5),
    downMs: 5000,
    say,
  });
  // Per scenario: its runs by final status, their deliveries, their credits checked run by run.
  for (const fault of new Set<Fault>(report.runs.map((r) => r.fault))) {
    const runs = report.runs.filter((r) => r.fault === fault);
    const byStatus = new Map<string, number>();
    for (const r of runs) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    const settle = runs.filter((r) => r.settledMs !== undefined).map((r) => r.settledMs!);
    const lags = runs.filter((r) => r.eventLagMs !== undefined).map((r) => r.eventLagMs!);
    say(
      `${fault}: runs ${runs.length} (${[...byStatus].map(([s, n]) => `${n} ${s}`).join(', ')}), ` +
        `deliveries ${runs.filter((r) => r.delivered).length}/${runs.length}, ` +
        `credit mismatches ${runs.filter((r) => r.ledger.length).length}` +
        (settle.length
          ? `, terminated ${settle.length}, settled in ≤ ${Math.round(Math.max(...settle) / 1000)} s`
          : '') +
        (lags.length ? `, events ≤ ${(Math.max(...lags) / 1000).toFixed(1)} s after finishing` : ''),
    );
  }
  say(`reference document: ${report.reference}${report.referenceDelivered ? ' (delivered)' : ' (NOT delivered)'}`);
  say(`ledger drift: ${report.drift.milli} milli-credits, ${report.drift.pending} pending entries`);
  say(`webhook requests received: ${report.deliveriesReceived}`);
  const probeSummary = new Map<string, number>();
  for (const p of report.probes)
    probeSummary.set(
      `${p.fault} ${p.route} → ${p.status}`,
      (probeSummary.get(`${p.fault} ${p.route} → ${p.status}`) ?? 0) + 1,
    );
  for (const [line, n] of probeSummary) say(`probe ${line} ×${n}`);
  // New work must complete within 10 s of a Temporal restart (measured after a 5 s and a 60 s outage).
  const resume: string[] = [];
  const worker = await startWorker({ TEMPORAL_NAMESPACE: process.env.TEMPORAL_NAMESPACE });
  const t = await createTestContext();
  try {
    const account = await newAccount(t);
    const key = await account.key({ mode: 'test' });
    const workflowId = await makeWorkflow(t, key);
    for (const downMs of [5000, 60_000]) {
      const r = await measureWorkerResume(config, t, key, workflowId, downMs);
      say(
        `after a ${downMs / 1000} s Temporal outage: a run accepted in ${(r.acceptedMs / 1000).toFixed(1)} s, completed in ${(r.completedMs / 1000).toFixed(1)} s`,
      );
      if (r.completedMs > 10_000)
        resume.push(`new work took ${r.completedMs} ms to complete after a ${downMs} ms Temporal outage`);
    }
  } finally {
    await t.close();
    await worker.stop();
  }
  const problems = [...violations(report), ...resume];
  for (const p of problems) say(`VIOLATION ${p}`);
  say(problems.length ? `${problems.length} violations` : 'no violations');
  process.exit(problems.length ? 1 : 0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

/**
 * `npm run chaos`: the fault-injection scenario (test/chaos/scenario.ts) for several rounds of every fault, against
 * the local stack (started if needed) with its own database, bucket and namespace. Prints what it saw and exits
 * non-zero on any violation. `CHAOS_ROUNDS` (default 3) and `CHAOS_RUNS` (runs in flight per fault, default 5).
 */
import { parseConfig } from '../../domain/config';
import { startStack } from '../../scripts/stack/services';
import { runChaos, violations } from './scenario';

// Its own database, bucket and namespace (nothing reads the environment before main runs).
const defaults: Record<string, string> = {
  NODE_ENV: 'test',
  MONGODB_DB: 'assay_chaos',
  S3_BUCKET: 'assay-chaos',
  TEMPORAL_NAMESPACE: 'assay-chaos',
  PORT: '8689',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
for (const [name, value] of Object.entries(defaults)) process.env[name] ||= value;
process.env.LOG_LEVEL = 'silent';

async function main(): Promise<void> {
  const say = (line: string) => process.stdout.write(`[chaos] ${line}\n`);
  await startStack(parseConfig(process.env), say);
  const report = await runChaos({
    namespace: process.env.TEMPORAL_NAMESPACE!,
    faults: ['worker', 'temporal', 'mongodb', 'minio'],
    rounds: Number(process.env.CHAOS_ROUNDS ?? 3),
    runsPerRound: Number(process.env.CHAOS_RUNS ?? 5),
    downMs: 5000,
    say,
  });
  const byStatus = new Map<string, number>();
  for (const r of report.runs) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  say(`runs: ${[...byStatus].map(([s, n]) => `${n} ${s}`).join(', ')}`);
  say(`reference document: ${report.reference}`);
  say(`ledger drift: ${report.drift.milli} milli-credits, ${report.drift.pending} pending entries`);
  say(`webhook requests received: ${report.deliveriesReceived}`);
  const probeSummary = new Map<string, number>();
  for (const p of report.probes) probeSummary.set(`${p.fault} ${p.route} → ${p.status}`, (probeSummary.get(`${p.fault} ${p.route} → ${p.status}`) ?? 0) + 1);
  for (const [line, n] of probeSummary) say(`probe ${line} ×${n}`);
  const problems = violations(report);
  for (const p of problems) say(`VIOLATION ${p}`);
  say(problems.length ? `${problems.length} violations` : 'no violations');
  process.exit(problems.length ? 1 : 0);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

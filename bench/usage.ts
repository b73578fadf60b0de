/**
 * GET /v1/usage over 100,000 runs of one account (plus another account's 20,000 that must not count): latency of the
 * month and year reports, with and without `group_by=workflow`, and the database's plan for the report's reads (each
 * a lookup of one usage month by `_id`, which must use the `_id` index, not scan the collection). The runs are
 * inserted directly and counted into the rollup with the ops CLI's rebuild (counting 100,000 runs one by one as
 * their settlements do would only measure the seeding). Not a test.
 * Run with `npx tsx bench/usage.ts [runs]` against the local stack (started if needed).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createApp } from '../api/app';
import { parseConfig } from '../domain/platform/config';
import { openProduct } from '../domain/operations/start-up';
import { COLLECTIONS, ensureIndexes } from '../domain/platform/db';
import { usageMonthId } from '../domain/billing/usage-rollup';
import { rebuildUsage } from '../domain/runs/usage-count';
import { newId, randomBase62 } from '../domain/platform/ids';
import { createLogger } from '../domain/platform/logger';
import { signLocalSessionToken } from '../domain/access/session-tokens';
import { startStack } from '../scripts/stack/services';

const RUNS = Number(process.argv[2] ?? 100_000);
const WORKFLOWS = 30;

async function main(): Promise<void> {
  const config = parseConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    MONGODB_DB: 'assay_bench_usage',
    S3_BUCKET: 'assay-bench',
    TEMPORAL_NAMESPACE: 'assay-bench',
    DEFAULT_RATE_LIMIT_RPM: '1000000',
  });
  await startStack(config, (l) => process.stderr.write(`[stack] ${l}\n`));
  const { database, storage, temporal, close } = await openProduct(config);
  const db = database.db;
  await db.dropDatabase();
  await ensureIndexes(db);
  const app = createApp({ config, logger: createLogger('warn', 'bench'), db, storage, temporal });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  const accountId = `acct_${randomBase62(10)}`;
  const session = await signLocalSessionToken(config.SESSION_JWT_SECRET, { sub: 'bench', accountId });
  const key = (await (
    await fetch(`${base}/keys`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session}`, 'Content-Type': 'application/json' },
      body: '{"name":"bench","mode":"live"}',
    })
  ).json()) as { token: string };

  const year = new Date().getUTCFullYear();
  const seed = async (account: string, count: number) => {
    const started = performance.now();
    for (let i = 0; i < count; i += 2000) {
      const batch = Array.from({ length: Math.min(2000, count - i) }, (_, j) => {
        const n = i + j;
        const created = new Date(Date.UTC(year, n % 12, 1 + (n % 28), n % 24));
        return {
          _id: newId('run'),
          account_id: account,
          workflow_id: `wf_bench_${n % WORKFLOWS}`,
          workflow_name: `Workflow ${n % WORKFLOWS}`,
          admission: 'admitted',
          status: 'succeeded',
          livemode: n % 10 !== 0,
          charged_milli: 1000 + (n % 5) * 200,
          // As their settlement would have left them: counted (the rebuild below then only reads them).
          usage_counted: n % 10 !== 0 ? ['admitted', 'charged'] : [],
          created_at: created,
        };
      });
      await db.collection(COLLECTIONS.runs).insertMany(batch as never[]);
    }
    return (performance.now() - started) / 1000;
  };
  const seedSeconds = await seed(accountId, RUNS);
  const other = `acct_other_${randomBase62(6)}`;
  await seed(other, Math.round(RUNS / 5));
  const rebuildStarted = performance.now();
  const rebuilt = await rebuildUsage(db, accountId);
  const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
  await rebuildUsage(db, other);

  const time = async (query: string, n = 10) => {
    const ms: number[] = [];
    let body = '';
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/usage?${query}`, { headers: { Authorization: `Bearer ${key.token}` } });
      body = await res.text();
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    const parsed = JSON.parse(body) as { total_runs: number; total_credits: number };
    return `| \`${query}\` | ${ms[Math.floor(n / 2)]!.toFixed(0)} | ${ms[n - 1]!.toFixed(0)} | ${parsed.total_runs} | ${parsed.total_credits} |`;
  };
  const month = `${year}-03`;
  const lines = [
    `GET /v1/usage over ${RUNS} runs of one account (+${Math.round(RUNS / 5)} of another), seeded in ${seedSeconds.toFixed(1)} s;`,
    `rollup rebuilt from ${rebuilt.runs} live runs into ${rebuilt.months} months in ${rebuildSeconds.toFixed(1)} s`,
    '',
    '| query | p50 ms | max ms | total_runs | total_credits |',
    '|---|---|---|---|---|',
    await time(`from=${month}-01&to=${month}-31`),
    await time(`from=${month}-01&to=${month}-31&group_by=workflow`),
    await time(`from=${year}-01-01&to=${year}-12-31`),
    await time(`from=${year}-01-01&to=${year}-12-31&group_by=workflow`),
    '',
  ];
  process.stdout.write(lines.join('\n'));

  // The report's read of one month as TenantDb runs it: `_id` and the account.
  const filter = { _id: usageMonthId(accountId, month), account_id: accountId };
  const plan = await db.command({ explain: { find: COLLECTIONS.usageMonths, filter }, verbosity: 'queryPlanner' });
  const steps = JSON.stringify(plan.queryPlanner ?? plan);
  process.stdout.write(
    `Plan of the report's read of one month (database explain):\n${JSON.stringify(plan.queryPlanner ?? plan, null, 2)}\n`,
  );
  // An index lookup reads as SEARCH … USING INDEX on SQLite (FerretDB) and IXSCAN / IDHACK / EXPRESS on MongoDB.
  if (!/USING INDEX|IXSCAN|IDHACK|EXPRESS/.test(steps)) {
    process.stdout.write('FAIL: the usage report is not an index lookup\n');
    process.exitCode = 1;
  }

  server.close();
  await db.dropDatabase();
  await close();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

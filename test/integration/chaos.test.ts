/**
 * The essential fault-injection cases in `npm test` (the longer version is `npm run chaos`): with live runs,
 * an indexing job and webhook deliveries under way, the worker is killed, and the Temporal server, the database and
 * the object store are each stopped and started again, and an operator terminates running executions from the
 * Temporal CLI. Checked run by run: every run ends as expected (terminated ones failed within two minutes), charged
 * exactly its `charged_credits` once or refunded in full, its webhook delivered; the balance reconciles with zero
 * drift; no event is sent under two ids; the API answered 2xx or 503 — never a 500, never a hang — while a
 * dependency was down, the object store's routes included. Then: new work completes within 10 s of a Temporal
 * restart.
 *
 * @exclusive — runs alone (scripts/test.ts): it kills the worker and stops Temporal, the database and the object store.
 */
import { parseConfig } from '../../domain/platform/config';
import { measureWorkerResume } from '../chaos/worker-resume';
import { runChaos, violations } from '../chaos/scenario';
import { createTestContext } from '../support/app';
import { testNamespaces } from '../support/env';
import { newAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';

it('keeps runs, credits and events whole through a killed worker, Temporal server, database and object store', async () => {
  const report = await runChaos({
    namespace: `${testNamespaces().main}-chaos`,
    faults: ['worker', 'temporal', 'mongodb', 'minio', 'terminate'],
    rounds: 1,
    runsPerRound: 3,
    downMs: 4000,
  });
  expect(violations(report)).toEqual([]);
  expect(report.runs.length).toBeGreaterThanOrEqual(15);
  // The operator's terminations happened, and each terminated run settled failed, refunded and delivered (the
  // per-run checks in violations) within two minutes.
  const terminated = report.runs.filter((r) => r.fault === 'terminate' && r.expected === 'failed');
  expect(terminated.length).toBeGreaterThanOrEqual(1);
  for (const r of terminated) expect(r.settledMs).toBeLessThanOrEqual(120_000);
  expect(report.reference).toBe('ready');
  // The outage was visible: requests that need the database were refused with 503 while it was down.
  expect(report.probes.some((p) => p.fault === 'mongodb' && p.route === 'GET /v1/runs/{id}' && p.status === 503)).toBe(
    true,
  );
  // And creating a run while Temporal was away was refused, not half-done (the drift and run checks above).
  expect(report.probes.some((p) => p.fault === 'temporal' && p.route.startsWith('POST') && p.status === 503)).toBe(
    true,
  );
  // The object store's routes were probed while it was down: completing an upload was refused with 503.
  expect(
    report.probes.some(
      (p) => p.fault === 'minio' && p.route === 'POST /v1/documents/{id}/complete' && p.status === 503,
    ),
  ).toBe(true);
  expect(report.probes.some((p) => p.fault === 'minio' && p.route === 'GET /v1/runs/{id}/output')).toBe(true);
}, 600_000);

it('completes new work within 10 s of a Temporal restart', async () => {
  // The test run's own worker (globalSetup) serves the main namespace; a 20 s outage lets reconnect backoff grow.
  const t = await createTestContext();
  try {
    const account = await newAccount(t);
    const key = await account.key({ mode: 'test' });
    const resume = await measureWorkerResume(parseConfig(process.env), t, key, await makeWorkflow(t, key), 20_000);
    expect(resume.completedMs).toBeLessThanOrEqual(10_000);
  } finally {
    await t.close();
  }
}, 180_000);

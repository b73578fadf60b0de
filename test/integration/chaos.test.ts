/**
 * The essential fault-injection cases in `npm test` (the longer version is `npm run chaos`): with live runs,
 * an indexing job and webhook deliveries under way, the worker is killed, and the Temporal server, the database and
 * the object store are each stopped and started again. Every run still succeeds exactly once, the balance
 * reconciles with zero drift, no event is lost or sent under two ids, and the API answered 2xx or 503 — never a 500,
 * never a hang — while a dependency was down.
 */
import { runChaos, violations } from '../chaos/scenario';
import { testNamespaces } from '../support/env';

it('keeps runs, credits and events whole through a killed worker, Temporal server, database and object store', async () => {
  const report = await runChaos({
    namespace: `${testNamespaces().main}-chaos`,
    faults: ['worker', 'temporal', 'mongodb', 'minio'],
    rounds: 1,
    runsPerRound: 3,
    downMs: 4000,
  });
  expect(violations(report)).toEqual([]);
  expect(report.runs.length).toBeGreaterThanOrEqual(12);
  expect(report.reference).toBe('ready');
  // The outage was visible: requests that need the database were refused with 503 while it was down.
  expect(report.probes.some((p) => p.fault === 'mongodb' && p.route === 'GET /v1/runs/{id}' && p.status === 503)).toBe(true);
  // And creating a run while Temporal was away was refused, not half-done (the drift and run checks above).
  expect(report.probes.some((p) => p.fault === 'temporal' && p.route.startsWith('POST') && p.status === 503)).toBe(true);
}, 600_000);

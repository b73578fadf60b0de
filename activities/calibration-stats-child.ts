/**
 * The calibration statistics child (activities/calibration-stats.ts): a process of its own, heap capped, that
 * computes a calibration's reports and renders its files, or compares two calibrations criterion by criterion, so
 * that seconds to minutes of arithmetic never hold the worker's event loop (issue 53 item 3). Pure computation: it
 * reads and writes nothing but its IPC channel.
 */
import { compareCriterion } from '../domain/agreement-metrics/agreement';
import { criterionOutcomes } from '../domain/calibrations/report';
import type { StatsRequest, StatsReply } from './calibration-stats';
import { renderCalibrationItems } from './rendering/calibration-items';
import { renderCalibrationReport } from './rendering/calibration-report';

if (!process.send) throw new Error('calibration-stats-child runs only as the child of the calibration statistics');

const send = (message: StatsReply) =>
  new Promise<void>((resolve) => process.send!(message, undefined, {}, () => resolve()));

async function handle(request: StatsRequest): Promise<StatsReply> {
  if (request.kind === 'compare') {
    const [criterion, first, second, options] = request.args;
    return { kind: 'result', value: compareCriterion(criterion, first, second, options) };
  }
  const { criteria, rows, seed, thresholds, meta } = request;
  const { reports, pairs } = criterionOutcomes(criteria, rows, { seed, thresholds }, (done) => {
    void send({ kind: 'progress', done, of: criteria.length });
  });
  const html = renderCalibrationReport({ ...meta, thresholds, criteria: reports });
  const xlsx = await renderCalibrationItems(criteria, rows);
  return { kind: 'result', value: { reports, pairs, html, xlsx } };
}

process.on('message', (request: StatsRequest) => {
  handle(request)
    .catch((err: unknown): StatsReply => ({ kind: 'error', message: err instanceof Error ? err.message : String(err) }))
    .then(send)
    .catch(() => process.exit(1));
});

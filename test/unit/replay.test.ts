/**
 * Replays recorded histories of every workflow type against today's workflow code (TEMPORAL-NOTES: catch
 * non-determinism before a deployment does). A change that alters the commands an existing history recorded fails
 * here; make it with `patched()`, or re-record with `npm run export-histories` if no execution of the old code can
 * still be running. Every workflow the worker registers must have at least one recorded history.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from '@temporalio/worker';
import { JOB_SHAPE } from '../../domain/jobs/contract';
import * as workflows from '../../workflows';

const dir = join(__dirname, '..', 'replay', 'histories');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

test('every registered workflow type has a recorded history', () => {
  const recorded = new Set(files.map((f) => f.split('-')[0]));
  const missing = Object.keys(workflows).filter((type) => !recorded.has(type));
  expect(missing).toEqual([]);
});

/** The job input a history was started with (its first event), decoded from the JSON payload. */
function inputOf(file: string): unknown {
  const history = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    events: Array<{ workflowExecutionStartedEventAttributes?: { input?: { payloads?: Array<{ data?: string }> } } }>;
  };
  const data = history.events[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0]?.data;
  return data === undefined ? undefined : JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
}

test('holds histories of the current job shape only (retired shapes: docs/decisions.md 360)', () => {
  const shaped = files.filter((f) => f.startsWith('evaluateRun-') || f.startsWith('deliverWebhook-'));
  expect(shaped.length).toBeGreaterThan(0);
  const retired = shaped.filter((f) => (inputOf(f) as { shape?: number } | undefined)?.shape !== JOB_SHAPE);
  expect(retired).toEqual([]);
});

test('every recorded history replays against the current workflow code', async () => {
  const histories = files.map((file) => ({
    workflowId: file.replace(/\.json$/, ''),
    history: JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown,
  }));
  const failures: string[] = [];
  const results = Worker.runReplayHistories(
    { workflowsPath: require.resolve('../../workflows'), replayName: 'assay-replay' },
    histories,
  );
  for await (const result of results) {
    if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
  }
  expect(failures).toEqual([]);
  expect(histories.length).toBeGreaterThan(0);
}, 120_000);

/** The Temporal SDK's log lines keep what an operator needs: why an activity failed, not `"error":{}`. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { ApplicationFailure } from '@temporalio/common';
import { REDACT_PATHS } from '../../domain/platform/logger';
import { sdkLogger } from '../../worker/sdk-logger';

function capture(): { lines: () => Array<Record<string, unknown>>; logger: pino.Logger } {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  const logger = pino({ level: 'trace', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
  return {
    logger,
    lines: () =>
      out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

it("logs an activity's failure with its type, message and stack", () => {
  const { logger, lines } = capture();
  const failure = ApplicationFailure.nonRetryable('run run_01 not found', 'run_not_found');
  sdkLogger(logger).warn('Activity failed', { activityType: 'beginRun', attempt: 3, error: failure });
  const [line] = lines();
  expect(line).toMatchObject({ level: 40, msg: 'Activity failed', activityType: 'beginRun', attempt: 3 });
  expect(line!.err).toMatchObject({ type: 'ApplicationFailure', message: 'run run_01 not found' });
  expect(String((line!.err as { stack: string }).stack)).toContain('run run_01 not found');
  expect(line).not.toHaveProperty('error');
});

it('passes other metadata through unchanged, secrets still redacted', () => {
  const { logger, lines } = capture();
  sdkLogger(logger).info('Worker state changed', { state: 'RUNNING', error: 'not an Error', token: 'ak_live_secret' });
  expect(lines()[0]).toMatchObject({ level: 30, state: 'RUNNING', error: 'not an Error', token: '[redacted]' });
});

it("drops a line below the logger's level without reading its metadata", () => {
  const { logger, lines } = capture();
  logger.level = 'info';
  let read = 0;
  const meta = Object.defineProperty({ taskQueue: 'assay' }, 'error', {
    enumerable: true,
    get: () => (read++, new Error('x')),
  });
  sdkLogger(logger).debug('Workflow task completed', meta);
  sdkLogger(logger).info('Worker state changed', { state: 'RUNNING' });
  expect(read).toBe(0);
  expect(lines().map((l) => l.msg)).toEqual(['Worker state changed']);
});

/** The worker started by globalSetup executes workflow tasks on every task queue. */
import { TASK_QUEUES } from '../../domain/jobs/contract';
import { newId } from '../../domain/platform/ids';
import { createTestContext, type TestContext } from '../support/app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

it.each(Object.values(TASK_QUEUES))('runs a workflow on %s', async (taskQueue) => {
  const result = await t.temporal.client.workflow.execute('noop', {
    taskQueue,
    workflowId: `test-noop-${newId('run')}`,
    workflowExecutionTimeout: '30s',
  });
  expect(result).toBe('ok');
});

/**
 * Where the worker gets its workflow code: a bundle prebuilt by `npm run build` (production images) when
 * `WORKFLOW_BUNDLE_PATH` names one, else bundled from source once at start-up (development and tests).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';

export function workflowsSourcePath(): string {
  const ts = join(__dirname, '..', 'workflows', 'index.ts');
  return existsSync(ts) ? ts : join(__dirname, '..', 'workflows', 'index.js');
}

export async function loadWorkflowBundle(prebuiltPath?: string): Promise<WorkflowBundle> {
  if (prebuiltPath) return { code: readFileSync(prebuiltPath, 'utf8') };
  return bundleWorkflowCode({ workflowsPath: workflowsSourcePath(), logger: quietBundlerLogger });
}

// Webpack's progress chatter is noise at every start; its warnings and errors still reach stderr.
const noop = () => undefined;
const toStderr = (message: string) => process.stderr.write(`workflow bundler: ${message}\n`);
const quietBundlerLogger = {
  trace: noop,
  debug: noop,
  info: noop,
  log: noop,
  warn: toStderr,
  error: toStderr,
};

/**
 * `npm run build` step: bundles the workflow code once, for production workers (`WORKFLOW_BUNDLE_PATH`), so a
 * worker starts without webpack and every replica runs byte-identical workflow code.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { workflowsSourcePath } from '../worker/workflow-bundle';

async function main(): Promise<void> {
  const out = process.argv[2] ?? join(__dirname, '..', 'dist', 'workflow-bundle.js');
  const { code } = await bundleWorkflowCode({ workflowsPath: workflowsSourcePath() });
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, code);
  process.stdout.write(`workflow bundle written to ${out} (${Math.round(code.length / 1024)} KiB)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

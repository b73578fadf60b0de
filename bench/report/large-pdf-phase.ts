/** The 50 MB PDF through the parsing sandbox (bench/large-pdf.ts, in a process of its own). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { PdfResult } from './render';
import { ROOT } from './settings';

export async function measureLargePdf(): Promise<PdfResult> {
  const pdfRun = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'large-pdf.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (pdfRun.status !== 0)
    throw new Error(`bench/large-pdf.ts exited with ${pdfRun.status}: ${pdfRun.stderr.slice(-400)}`);
  return JSON.parse(pdfRun.stdout.trim().split('\n').pop() ?? '{}') as PdfResult;
}

/**
 * A ~50 MB PDF through the parsing sandbox, in a fresh process of its own so its peak RSS is the extraction's (the
 * PDF is written by this script first, then read back by a child that only extracts): 1,000 pages of text plus an
 * embedded file that brings the PDF to just under the 50 MiB upload limit (bytes a parser must hold and walk past).
 * Prints one JSON line; bench/report.ts runs it.
 * Run alone with `npx tsx bench/large-pdf.ts`.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { COUNT_TOKENS_WITHIN_MS, extractInSandbox, MAX_INPUT_BYTES } from '../activities/parsing';

const PAGES = 1000;

async function makePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= PAGES; p++) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 40; line++) {
      page.drawText(
        `Page ${p}, line ${line + 1}: the essay weighs evidence, cites its sources and argues a clear thesis.`,
        {
          x: 40,
          y: 800 - line * 19,
          size: 10,
          font,
        },
      );
    }
  }
  const text = await pdf.save({ useObjectStreams: false });
  // Random bytes do not compress: the attachment lands in the file at its full size.
  const padding = MAX_INPUT_BYTES - text.length - 100_000;
  await pdf.attach(randomBytes(padding), 'appendix.bin', { mimeType: 'application/octet-stream' });
  return pdf.save({ useObjectStreams: false });
}

async function main(): Promise<void> {
  const path = process.argv[2];
  if (!path) {
    const file = join(tmpdir(), `assay-bench-${process.pid}.pdf`);
    await writeFile(file, await makePdf());
    const child = spawnSync(process.execPath, ['--import', 'tsx', __filename, file], { encoding: 'utf8' });
    await rm(file, { force: true });
    process.stdout.write(child.stdout);
    process.stderr.write(child.stderr);
    process.exitCode = child.status ?? 1;
    return;
  }
  const bytes = new Uint8Array(await readFile(path));
  const size = bytes.length;
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  // As an input document is extracted: its sections' tokens counted for the runs.
  const result = await extractInSandbox(
    bytes,
    { filename: 'large.pdf', declaredMime: 'application/pdf' },
    { countTokensWithinMs: COUNT_TOKENS_WITHIN_MS },
  );
  const ms = performance.now() - t0;
  const chars = result.sections.reduce((n, s) => n + s.text.length, 0);
  process.stdout.write(
    `${JSON.stringify({
      bytes: size,
      extracted: result.extracted,
      failure: result.code ?? null,
      pages: result.sections.length,
      chars,
      sectionsCounted: result.sections.filter((s) => 'tokens' in s).length,
      seconds: ms / 1000,
      rssBeforeMb: rssBefore / 1048576,
      // maxRSS is in kilobytes: this process's peak (it holds the PDF and the returned text, as a worker would not).
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      // The extracting child's peak as the sandbox's watchdog sampled it.
      sandboxPeakRssMb: result.peak_rss_mb,
    })}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

/**
 * OCR on this machine (docs/decisions.md 390): the generated 200 dpi scan of test/support/scanned-page.ts, upright
 * and sideways, through the engine (activities/parsing/ocr/engine.ts), and through Tesseract's command line where the
 * machine has it (`apt-get install tesseract-ocr`). Prints words found, mean confidence, seconds per page and the
 * process's resident memory. Run by hand: `npx tsx bench/ocr.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOcrEngine } from '../activities/parsing/ocr/engine';
import { decodePages } from '../activities/parsing/ocr/raster';
import { knownText, scannedPage, wordsFound } from '../test/support/scanned-page';

const mb = (n: number) => `${Math.round(n / 1e6)} MB`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'assay-bench-ocr-'));
  const before = process.memoryUsage().rss;
  let t = performance.now();
  const engine = await createOcrEngine();
  console.log(
    `${engine.name}: started in ${((performance.now() - t) / 1000).toFixed(1)} s, rss ${mb(before)} → ${mb(process.memoryUsage().rss)}`,
  );
  let peak = 0;
  try {
    // Upright again last: the first read also starts the orientation worker.
    for (const quarterTurns of [0, 1, 0] as const) {
      const scan = scannedPage({ quarterTurns });
      const png = join(dir, `page-${quarterTurns}.png`);
      writeFileSync(png, scan.png);
      const [page] = await decodePages(scan.png, 'image/png');
      t = performance.now();
      const read = await engine.recognize(page!, { dpi: 200 });
      const seconds = (performance.now() - t) / 1000;
      peak = Math.max(peak, process.memoryUsage().rss);
      const text = read.paragraphs.map((p) => p.text).join('\n');
      const label = quarterTurns ? 'sideways' : 'upright';
      console.log(
        `  ${label}: words found ${wordsFound(knownText(), text).toFixed(3)}, confidence ${read.confidence}, ` +
          `turned ${read.rotation}°, ${seconds.toFixed(1)} s/page, rss ${mb(process.memoryUsage().rss)}`,
      );
      t = performance.now();
      // --psm 1: automatic segmentation with orientation detection, as the engine does.
      const cli = spawnSync('tesseract', [png, '-', '--dpi', '200', '--psm', '1', '-l', 'eng'], { encoding: 'utf8' });
      if (cli.error) console.log('  tesseract command line: not on this machine');
      else {
        const cliSeconds = (performance.now() - t) / 1000;
        console.log(
          `  tesseract command line (${label}): words found ${wordsFound(knownText(), cli.stdout).toFixed(3)}, ` +
            `${cliSeconds.toFixed(1)} s/page`,
        );
      }
    }
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`peak rss with the engine's two workers: ${mb(peak)} (before: ${mb(before)})`);
}

void main();

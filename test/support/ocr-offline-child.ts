/**
 * Run by test/unit/parsing/ocr-engine.test.ts in a child process with test/support/offline-preload.ts preloaded:
 * first shows that the block reaches worker threads (where tesseract.js runs), then reads the PNG named in argv[2]
 * and prints the engine's name and the page it read as one JSON line.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { createOcrEngine } from '../../activities/parsing/ocr/engine';
import { decodePages } from '../../activities/parsing/ocr/raster';

function fetchInWorker(): Promise<string> {
  const code = `require('node:worker_threads').parentPort.postMessage(
    (() => { try { fetch('http://127.0.0.1:9/'); return 'not blocked'; } catch (e) { return String(e.message); } })())`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true });
    worker.once('message', (m: string) => void worker.terminate().then(() => resolve(m)));
    worker.once('error', reject);
  });
}

async function main(): Promise<void> {
  const workerFetch = await fetchInWorker();
  const [page] = await decodePages(readFileSync(process.argv[2]!), 'image/png');
  const engine = await createOcrEngine();
  try {
    const read = await engine.recognize(page!, { dpi: 200 });
    process.stdout.write(`${JSON.stringify({ workerFetch, engine: engine.name, read })}\n`);
  } finally {
    await engine.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});

/**
 * The Python SDK's synchronous client (clients/python/assay/_sync.py) is generated from the asynchronous one
 * (_async.py), so the two cannot drift: `npm run generate:clients` writes it, `--check` (and its test) fails when
 * it is stale. Mechanical: `async`/`await` dropped, the async types and calls swapped for their blocking twins; the
 * few lines that differ in meaning are replaced whole below (each must be found, or generation fails).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ASSAY = join(__dirname, '..', 'clients', 'python', 'assay');
export const ASYNC_CLIENT = join(ASSAY, '_async.py');
export const SYNC_CLIENT = join(ASSAY, '_sync.py');

const HEADER = '# Generated from _async.py (the asynchronous client). Do not edit; run `npm run generate:clients`.';

/** Passages of _async.py whose synchronous form is not mechanical, with that form. */
const PASSAGES: Array<[string, string]> = [
  [
    '"""The asynchronous client: ``AsyncAssay(api_key=..., base_url=...)``, the same surface as ``Assay`` awaited."""',
    '"""The synchronous client: ``Assay(api_key=..., base_url=...)``."""',
  ],
  ['import asyncio\n', ''],
  [
    'from collections.abc import AsyncIterator, Awaitable, Callable\n',
    'from collections.abc import Callable, Iterator\n',
  ],
  ['Callable[[Batch], Awaitable[None] | None] | None', 'Callable[[Batch], object] | None'],
  [
    `\`\`on_progress\`\` (a function or a coroutine
        function) sees every read, the final one included. With \`\`timeout\`\` (seconds; none by default) raises
        WaitTimeoutError when it passes first; the batch goes on."""`,
    `\`\`on_progress\`\` sees every read, the final one
        included. With \`\`timeout\`\` (seconds; none by default) raises WaitTimeoutError when it passes first; the batch
        goes on."""`,
  ],
  [
    `answer = on_progress(batch)
                if answer is not None:
                    await answer`,
    'on_progress(batch)',
  ],
  ['self._http.aclose()', 'self._http.close()'],
  ['__aenter__', '__enter__'],
  ['__aexit__', '__exit__'],
];

/** Names and calls of the asynchronous client with their blocking twins, as whole words. */
const WORDS: Array<[RegExp, string]> = [
  [/\basync (def|for|with) /g, '$1 '],
  [/\bawait /g, ''],
  [/\bAsyncIterator\b/g, 'Iterator'],
  [/\bAsyncAssay\b/g, 'Assay'],
  [/\bhttpx\.AsyncClient\b/g, 'httpx.Client'],
  [/\basyncio\.sleep\(/g, 'time.sleep('],
];

/** The synchronous client's source, from the asynchronous client's. */
export function syncClientSource(asyncSource: string): string {
  let out = asyncSource;
  for (const [from, to] of PASSAGES) {
    if (!out.includes(from))
      throw new Error(`_async.py no longer has this passage; update scripts/sync-client.ts:\n${from}`);
    out = out.split(from).join(to);
  }
  for (const [from, to] of WORDS) out = out.replace(from, to);
  const left = /\basync (def|for|with)\b|\bawait\b|\b(asyncio|Awaitable|aclose|Async\w+)\b/.exec(out);
  if (left) throw new Error(`the synchronous client would still say \`${left[0]}\`; update scripts/sync-client.ts`);
  return `${HEADER}\n${out}`;
}

export const syncClientNow = () => syncClientSource(readFileSync(ASYNC_CLIENT, 'utf8'));

/**
 * The Python SDK's synchronous client is generated from the asynchronous one (scripts/sync-client.ts): the committed
 * _sync.py is what generation writes now, so a change to _async.py without `npm run generate:clients` fails here.
 * (test/unit/generated-clients.test.ts runs the whole `--check`, which covers _sync.py too.)
 */
import { readFileSync } from 'node:fs';
import { ASYNC_CLIENT, SYNC_CLIENT, syncClientNow, syncClientSource } from '../../scripts/sync-client';

it('clients/python/assay/_sync.py is generated from _async.py as it is now', () => {
  expect(readFileSync(SYNC_CLIENT, 'utf8')).toBe(syncClientNow());
});

it('the synchronous client awaits nothing and names no asynchronous type', () => {
  const sync = syncClientNow();
  expect(sync).not.toMatch(/\basync (def|for|with)\b|\bawait\b|\basyncio\b|\bAsync(Assay|Iterator|Client)\b/);
  expect(sync).toContain('class Assay:');
  expect(sync).toContain('time.sleep(');
});

it('generation fails rather than guess when a hand-written passage of _async.py changed', () => {
  const edited = readFileSync(ASYNC_CLIENT, 'utf8').replace('if answer is not None:', 'if answer:');
  expect(() => syncClientSource(edited)).toThrow(/no longer has this passage/);
});

/**
 * Log lines are written in batches (8 KB, or every 200 ms), and none is lost or held back for it: a process's JSON
 * lines, read from its stdout as an operator's log collector reads them.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** A process's stdout lines, each with the time it arrived here, and when the process ended. */
type Seen = { lines: Array<{ at: number; line: Record<string, unknown> }>; closedAt: number };

/** Runs `body` in a process whose `log` is the product's logger (JSON, stdout a pipe). */
function runLogging(body: string): Promise<Seen> {
  const source = `const log = require(${JSON.stringify(join(ROOT, 'domain/platform/logger'))}).createLogger('info', 'batching-test');\n${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', source], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<Seen>((resolve) => {
    const seen: Seen['lines'] = [];
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts)
        if (part.startsWith('{')) seen.push({ at: Date.now(), line: JSON.parse(part) as Record<string, unknown> });
    });
    child.stderr.resume();
    child.on('close', () => resolve({ lines: seen, closedAt: Date.now() }));
  });
}

it('writes every line queued before process.exit', async () => {
  const { lines } = await runLogging(`for (let i = 0; i < 5000; i++) log.info({ i }, 'burst');\nprocess.exit(0);`);
  expect(lines.map((l) => l.line.i)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
});

it('shows a quiet process its single line within a moment, not when a batch fills', async () => {
  // The process logs one line (far below a batch), then stays up with nothing more to say for 4 s.
  const { lines, closedAt } = await runLogging(
    `setTimeout(() => log.info('ready'), 500);\nsetTimeout(() => undefined, 4500);`,
  );
  const ready = lines.find((l) => l.line.msg === 'ready');
  expect(ready).toBeDefined();
  // Logged 4 s before the process exits; seen long before that, not with the flush on exit.
  expect(closedAt - ready!.at).toBeGreaterThan(2500);
});

it('writes the lines logged before an uncaught exception ends the process', async () => {
  const { lines } = await runLogging(
    `log.info('before the crash');\nsetTimeout(() => { throw new Error('boom'); }, 50);`,
  );
  expect(lines.map((l) => l.line.msg)).toContain('before the crash');
});

/** A bench stopped from outside takes its processes with it. */
import type { ChildProcess } from 'node:child_process';

export function stopChildrenOnSignal(children: ChildProcess[]): void {
  // A bench stopped from outside (Ctrl-C, a timeout) takes its processes with it: a Koa or API left listening
  // makes the next bench fail at once on its port.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of children) child.kill('SIGTERM');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

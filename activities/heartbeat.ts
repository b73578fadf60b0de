/**
 * Keeps a long activity visibly alive: heartbeats on a timer while `work` runs, so a killed worker is noticed
 * within the heartbeat timeout (and the activity retried elsewhere) instead of after its whole start-to-close time.
 */
import { Context } from '@temporalio/activity';

export async function withHeartbeat<T>(work: () => Promise<T>, everyMs = 5000): Promise<T> {
  let context: Context | undefined;
  try {
    context = Context.current();
  } catch {
    return work(); // called outside an activity (unit tests)
  }
  // A local activity (a test-mode run's work) has no heartbeat: its workflow task's timeout
  // is what notices a lost worker.
  if (context.info.isLocal) return work();
  const timer = setInterval(() => context?.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** The current activity's cancellation as an AbortSignal, to stop a child it started; none outside an activity. */
export function cancellationSignal(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined;
  }
}

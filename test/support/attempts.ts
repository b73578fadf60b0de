/**
 * How many attempts a job's activities took, from its Temporal history: what a test asserts when "it ended at once"
 * means "nothing was retried", instead of timing it against the retry policy's minute.
 */
import type { TemporalHandle } from '../../domain/jobs';

/** The marker Temporal's core SDK records for each local activity; its `data` payload holds the attempt. */
const LOCAL_ACTIVITY_MARKER = 'core_local_activity';

/**
 * The attempts of each activity the job `workflowId` ran, by activity type (the most, when one ran several times),
 * local activities included. Waits for the job to close first, so that every activity it ran is in its history.
 */
export async function activityAttempts(temporal: TemporalHandle, workflowId: string): Promise<Record<string, number>> {
  const handle = temporal.client.workflow.getHandle(workflowId);
  await handle.result().catch(() => undefined); // a failed job has its history too
  const events = (await handle.fetchHistory()).events ?? [];
  const typeOf = new Map<string, string>();
  const attempts: Record<string, number> = {};
  const note = (type: string, attempt: number) => {
    attempts[type] = Math.max(attempts[type] ?? 0, attempt);
  };
  for (const event of events) {
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled) typeOf.set(String(event.eventId), scheduled.activityType?.name ?? 'unknown');
    // Written once the activity is done: `attempt` is the attempt that finished it.
    const started = event.activityTaskStartedEventAttributes;
    if (started) note(typeOf.get(String(started.scheduledEventId)) ?? 'unknown', started.attempt ?? 1);
    const marker = event.markerRecordedEventAttributes;
    const data = marker?.markerName === LOCAL_ACTIVITY_MARKER ? marker.details?.data?.payloads?.[0]?.data : undefined;
    if (data) {
      const local = JSON.parse(Buffer.from(data).toString('utf8')) as { activity_type: string; attempt: number };
      note(local.activity_type, local.attempt);
    }
  }
  return attempts;
}

/**
 * The guard of retired job shapes. Runs and deliveries carry their shape in their input
 * (domain/jobs/contract.ts `JOB_SHAPE`); the shapes before it are retired, their code gone. An
 * execution started without the current shape ran code that no longer exists: it fails its workflow task (a plain
 * Error: retried, and shown in the Temporal UI) instead of running another shape's steps; the operator terminates
 * it and the reconciler settles what it left (a run failed and refunded, a delivery failed). None can be open where
 * the retirement's order was followed.
 */
import { JOB_SHAPE } from '../domain/jobs/contract';

export function assertCurrentShape(input: { shape?: number }): void {
  if (input.shape !== JOB_SHAPE)
    throw new Error(`job shape ${String(input.shape)} is retired (current: ${JOB_SHAPE}); see docs/decisions.md 360`);
}

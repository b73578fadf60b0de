/**
 * What a run's evaluation passes between its steps (evaluation.ts loads it, model-context.ts assembles the prompt
 * from it, live-evaluation.ts answers it). Types only, in their own module so those files need not import each
 * other in a loop.
 */
import type { RunDoc } from '../domain/runs';
import type { RunCriterionConfidence, RunManifest } from '../domain/runs/schemas';
import type { EvaluationWorkflowDoc } from '../domain/evaluation-workflows/evaluation-workflows';
import type { StoredSection } from '../domain/documents/stored-text';

/**
 * An input document of a run, with its text read on demand: at the limits a run names 20 inputs of 20 M characters
 * each, so the text is read one input at a time and only what may be sent is kept (input-fitting.ts `fitInputs`).
 */
export interface RunInput {
  id: string;
  filename: string;
  /** Reads the document's sections from the object store (every call reads them again), with their stored counts. */
  load(): Promise<StoredSection[]>;
  /** By section (`kind:index`), its text and the boxes of it, where the format has positions (PDF pages). */
  positions?(): Promise<Map<string, { text: string; boxes: number[] }>>;
  /** How its scanned pages were read, when any were: the manifest records it. */
  ocr?: { engine: string; mean_confidence: number; pages: number } | null;
}

/** The run, its evaluation workflow, its output schema and its input documents. */
export interface RunContext {
  run: RunDoc;
  workflow: EvaluationWorkflowDoc;
  schema: Record<string, unknown> | null;
  inputs: RunInput[];
}

/** What answered, and with what: the result, the evidence exactly as stated (unverified), the model and tokens. */
export interface ModelResult {
  output: Record<string, unknown>;
  evidence: unknown[];
  model: string;
  provider: RunManifest['provider'];
  inputTokens: number;
  outputTokens: number;
  /** With k ≥ 2 judgments: each criterion's confidence, and each sample's tokens. */
  confidence?: { values: Record<string, RunCriterionConfidence>; min: number | null };
  samples?: NonNullable<RunManifest['samples']>;
}

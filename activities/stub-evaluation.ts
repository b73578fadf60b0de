/**
 * Test-mode evaluation: the deterministic stub in place of a model, seeded by the run id, with the same shape of
 * answer as live evaluation (activities/live-evaluation.ts) so the rest of a run's work is the same in both modes.
 */
import { validateAgainstSchema } from '../domain/json-schema/validate';
import { runFailure } from '../domain/runs/failures';
import { confidenceSamples } from '../domain/evaluation-workflows/evaluation-workflows';
import type { CitableInput } from './citations';
import { combineJudgments, runCriteria } from './live-evaluation';
import type { ModelContext } from './model-context';
import { stubEvidence, stubJudgments, stubOutput } from './models/stub';
import type { ModelResult, RunContext } from './run-context';

export async function stubEvaluation(
  ctx: RunContext,
  model: ModelContext,
  citable: CitableInput[],
): Promise<ModelResult> {
  const { run } = ctx;
  // The stub is seeded by the run id: a schema it cannot satisfy fails the same way on every attempt, so it ends
  // the run at once (`output_invalid`, refunded) instead of being retried for a minute.
  const output = await stubOutput({ runId: run._id, format: run.output_format, schema: ctx.schema }).catch(
    (err: unknown) => {
      throw runFailure('output_invalid', err instanceof Error ? err.message : String(err));
    },
  );
  // A Markdown report is rendered from the same seeded result: cite that result's criteria, not the prose.
  const judged =
    run.output_format === 'markdown'
      ? await stubOutput({ runId: run._id, format: 'json', schema: ctx.schema }).catch(() => output)
      : output;
  const k = confidenceSamples(ctx.workflow);
  const evidenceOf = (index: number, judgedOutput: Record<string, unknown>) =>
    stubEvidence({
      // Sample 0 cites what a run of one judgment cites; each other sample cites passages of its own.
      runId: index === 0 ? run._id : `${run._id}#sample-${index}`,
      output: judgedOutput,
      inputs: citable,
      chunkIds: [...model.chunks.keys()],
    });
  if (k === 1 || run.output_format === 'markdown') {
    return {
      output,
      evidence: evidenceOf(0, judged),
      model: 'stub',
      provider: 'stub',
      inputTokens: 0,
      outputTokens: 0,
    };
  }
  // Confidence samples in test mode: k answers that differ on some criteria, deterministically, through the same
  // consensus as live answers; a variation the schema refuses is not made (that sample repeats sample 0).
  const answers = stubJudgments({
    output,
    criteria: runCriteria(ctx.workflow),
    documentIds: run.input_documents,
    samples: k,
  }).map((answer) => (ctx.schema && !validateAgainstSchema(ctx.schema, answer).valid ? output : answer));
  return combineJudgments(
    ctx,
    answers.map((answer, index) => ({
      ok: true,
      output: answer,
      evidence: evidenceOf(index, answer),
      model: 'stub',
      inputTokens: 0,
      outputTokens: 0,
    })),
    'stub',
  );
}

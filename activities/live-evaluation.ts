/**
 * Live evaluation: the provider of the strategy's slot (A: file search, B: full text) answers the assembled prompt
 * (model-context.ts decides what it holds), and the answer is held to the output contract — the result validated
 * with ajv, with one repair attempt that shows the model its validation errors (or that its answer was cut off),
 * then `output_invalid`. A Markdown report passes as the text it is, unless it was cut off. Provider failures end
 * the run with a code the client can act on: `context_too_large`, `model_refused`, `model_unavailable` (credentials
 * rejected; logged for the operator) or `model_error`. The evidence that comes with the result is returned as given;
 * evaluation.ts verifies it.
 */
import { ApplicationFailure } from '@temporalio/common';
import { runFailure } from '../domain/runs/failures';
import { consensusOf, type Criterion } from '../domain/confidence/consensus';
import { confidenceSamples } from '../domain/evaluation-workflows/evaluation-workflows';
import { criterionInput } from '../domain/calibration-sets/calibration-sets';
import { validateAgainstSchema } from '../domain/json-schema/validate';
import type { ModelResult, RunContext } from './run-context';
import type { ActivityDeps } from './deps';
import type { ModelContext } from './model-context';
import type { ModelAnswer, ModelMessage, ModelProvider, ProviderSlot } from './models/gateway';
import { ModelCallError } from './models/retry';
import { answerSchema, parseAnswer } from './prompt';

export function createLiveEvaluator(deps: ActivityDeps) {
  async function ask(
    provider: ModelProvider,
    slot: ProviderSlot,
    messages: ModelMessage[],
    schema: Record<string, unknown>,
    sample?: { index: number; of: number },
  ): Promise<ModelAnswer> {
    let answer: ModelAnswer;
    try {
      answer = await provider.complete({ messages, jsonSchema: schema, ...(sample ? { sample } : {}) });
    } catch (err) {
      if (err instanceof ModelCallError) throw failureOf(deps, err, provider, slot);
      throw err;
    }
    if (answer.stop === 'refused') {
      throw runFailure(
        'model_refused',
        `The language model declined to evaluate these documents${answer.text ? `: ${answer.text.slice(0, 300)}` : ''}. The run was refunded.`,
      );
    }
    return answer;
  }

  /**
   * One judgment: the answer held to the output contract, with one repair attempt. Tokens are counted whatever the
   * outcome, so a sample that failed still shows what it cost in the manifest.
   */
  async function judge(
    ctx: RunContext,
    provider: ModelProvider,
    slot: ProviderSlot,
    messages: ModelMessage[],
    sample?: { index: number; of: number },
  ): Promise<Judgment> {
    const { run } = ctx;
    const envelope = answerSchema(run.output_format, ctx.schema);
    const accepts = (output: Record<string, unknown>) => problemsOf(output, ctx.schema).length === 0;
    const tokens = { inputTokens: 0, outputTokens: 0 };
    const call = async (sent: ModelMessage[]) => {
      const answer = await ask(provider, slot, sent, envelope, sample);
      tokens.inputTokens += answer.inputTokens ?? 0;
      tokens.outputTokens += answer.outputTokens ?? 0;
      return answer;
    };
    try {
      let answer = await call(messages);
      let parsed = parseAnswer(answer.text, run.output_format, accepts);
      // A Markdown report is whatever text came back, but never a cut-off one: it would be delivered, and charged,
      // as if it were whole.
      const check = () =>
        answer.stop === 'truncated'
          ? [CUT_OFF]
          : run.output_format === 'markdown'
            ? []
            : problemsOf(parsed.output, ctx.schema);
      let problems = check();
      if (problems.length) {
        // One repair attempt, showing the model exactly what was wrong (a cut-off answer: that it was cut off).
        const why = problems[0] === CUT_OFF ? `${CUT_OFF}; answer more briefly` : problems.slice(0, 5).join('; ');
        const shape =
          run.output_format === 'markdown' ? '{"markdown": …, "evidence": […]}' : '{"output": …, "evidence": […]}';
        const repair: ModelMessage[] = [
          ...messages,
          { role: 'assistant', content: answer.text || '(no answer)' },
          {
            role: 'user',
            content: `That answer does not meet the output contract: ${why}. Answer again with one corrected JSON object only (${shape}).`,
          },
        ];
        answer = await call(repair);
        parsed = parseAnswer(answer.text, run.output_format, accepts);
        problems = check();
        if (problems.length) {
          throw runFailure(
            'output_invalid',
            `The model's answer did not meet the output contract after one repair attempt: ${problems.slice(0, 3).join('; ')}`,
          );
        }
      }
      return { ok: true, output: parsed.output!, evidence: parsed.evidence, model: answer.model, ...tokens };
    } catch (err) {
      if (!(err instanceof ApplicationFailure)) throw err;
      return { ok: false, failure: err, ...tokens };
    }
  }

  return async (ctx: RunContext, context: ModelContext, messages: ModelMessage[]): Promise<ModelResult> => {
    const slot: ProviderSlot = context.strategy === 'fulltext' ? 'B' : 'A';
    const provider = deps.models.provider(slot);
    if (!provider) {
      throw runFailure(
        'model_unavailable',
        'No language model is configured for live runs on this deployment; the run was refunded.',
      );
    }
    const providerName = provider.name === 'anthropic' ? 'anthropic' : 'openai';
    const k = confidenceSamples(ctx.workflow);
    if (k === 1) {
      const one = await judge(ctx, provider, slot, messages);
      if (!one.ok) throw one.failure;
      const { ok: _ok, ...result } = one;
      return { ...result, provider: providerName };
    }
    // k judgments at once, each with its own retries and repair (a 429 on one retries that one).
    const judgments = await Promise.all(
      Array.from({ length: k }, (_, index) => judge(ctx, provider, slot, messages, { index, of: k })),
    );
    return combineJudgments(ctx, judgments, providerName);
  };
}

/** What the client is told, by kind of failure; an operator is told about credentials. */
function failureOf(
  deps: Pick<ActivityDeps, 'config' | 'logger'>,
  err: ModelCallError,
  provider: ModelProvider,
  slot: ProviderSlot,
): ReturnType<typeof runFailure> {
  if (err.kind === 'auth') {
    // Slot B without its own provider is served by A's, with A's key. Neither the key nor the provider's message
    // (which may echo part of it) is logged.
    const configured = slot === 'B' && !(deps.config.MODEL_B_PROVIDER && deps.config.MODEL_B_MODEL) ? 'A' : slot;
    deps.logger.error(
      { slot: configured, provider: provider.name, status: err.status, variable: `MODEL_${configured}_API_KEY` },
      `model provider ${configured} rejected its credentials (${err.status}): check MODEL_${configured}_API_KEY`,
    );
    return runFailure(
      'model_unavailable',
      'The language model is not available on this deployment; the run was refunded.',
    );
  }
  if (err.kind === 'context_length') {
    return runFailure(
      'context_too_large',
      "The documents and references are too large for the model's context window; the run was refunded.",
    );
  }
  if (err.kind === 'refused') {
    return runFailure(
      'model_refused',
      "The model provider's content filter declined these documents; the run was refunded.",
    );
  }
  return runFailure(
    'model_error',
    `The language model could not answer (${err.status ?? 'network error'}); the run was refunded.`,
  );
}

/** One sample's outcome: its answer, or the failure that ended it; its tokens either way. */
export type Judgment = { inputTokens: number; outputTokens: number } & (
  | { ok: true; output: Record<string, unknown>; evidence: unknown[]; model: string }
  | { ok: false; failure: ApplicationFailure }
);

/**
 * The run's result from k judgments: at least ⌈k/2⌉ valid answers, else
 * `output_invalid` (refunded) — or, when every sample failed the same way (credentials, a context too large), that
 * failure, which says more. The kept answer's evidence is the run's; tokens are every sample's.
 */
export function combineJudgments(
  ctx: RunContext,
  judgments: Judgment[],
  provider: ModelResult['provider'],
): ModelResult {
  const valid = judgments.filter((j): j is Extract<Judgment, { ok: true }> => j.ok);
  const failed = judgments.filter((j): j is Extract<Judgment, { ok: false }> => !j.ok);
  const needed = Math.ceil(judgments.length / 2);
  if (valid.length < needed) {
    const codes = new Set(failed.map((f) => f.failure.type));
    if (valid.length === 0 && codes.size === 1) throw failed[0]!.failure;
    throw runFailure(
      'output_invalid',
      `Only ${valid.length} of the ${judgments.length} judgments met the output contract (at least ${needed} are needed): ` +
        failed
          .slice(0, 2)
          .map((f) => f.failure.message)
          .join('; '),
    );
  }
  const consensus = consensusOf(
    runCriteria(ctx.workflow),
    valid.map((v) => v.output),
  );
  const kept = valid[consensus.chosen]!;
  return {
    output: consensus.output,
    evidence: kept.evidence,
    model: kept.model,
    provider,
    inputTokens: judgments.reduce((n, j) => n + j.inputTokens, 0),
    outputTokens: judgments.reduce((n, j) => n + j.outputTokens, 0),
    confidence: { values: consensus.confidence, min: consensus.confidence_min },
    samples: judgments.map((j, index) => ({
      index,
      input_tokens: j.inputTokens,
      output_tokens: j.outputTokens,
      valid: j.ok,
    })),
  };
}

/** The criteria a run is judged by, as the consensus reads them (null fields of a stored criterion dropped). */
export function runCriteria(workflow: RunContext['workflow']): Criterion[] {
  return (workflow.criteria ?? []).map(criterionInput);
}

const CUT_OFF = 'it was cut off at the output limit';

function problemsOf(value: Record<string, unknown> | null, schema: Record<string, unknown> | null): string[] {
  if (!value) return ['the answer is not a JSON object'];
  if (!schema) return [];
  return validateAgainstSchema(schema, value).errors;
}

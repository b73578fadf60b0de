/**
 * Live evaluation: the provider of the strategy's slot (A: file search, B: full text) answers the assembled prompt
 * (model-context.ts decides what it holds), and the answer is held to the output contract — the result validated
 * with ajv, with one repair attempt that shows the model its validation errors (or that its answer was cut off),
 * then `output_invalid`. A Markdown report passes as the text it is, unless it was cut off. Provider failures end
 * the run with a code the client can act on: `context_too_large`, `model_refused`, `model_unavailable` (credentials
 * rejected; logged for the operator) or `model_error`. The evidence that comes with the result is returned as given;
 * evaluation.ts verifies it.
 */
import { runFailure } from '../domain/runs/failures';
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
  ): Promise<ModelAnswer> {
    let answer: ModelAnswer;
    try {
      answer = await provider.complete({ messages, jsonSchema: schema });
    } catch (err) {
      if (err instanceof ModelCallError) throw failureOf(err, provider, slot);
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

  /** What the client is told, by kind of failure; an operator is told about credentials (docs/decisions.md 136). */
  function failureOf(err: ModelCallError, provider: ModelProvider, slot: ProviderSlot): ReturnType<typeof runFailure> {
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

  return async (ctx: RunContext, context: ModelContext, messages: ModelMessage[]): Promise<ModelResult> => {
    const { run } = ctx;
    const slot: ProviderSlot = context.strategy === 'fulltext' ? 'B' : 'A';
    const provider = deps.models.provider(slot);
    if (!provider) {
      throw runFailure(
        'model_unavailable',
        'No language model is configured for live runs on this deployment; the run was refunded.',
      );
    }
    const envelope = answerSchema(run.output_format, ctx.schema);
    const accepts = (output: Record<string, unknown>) => problemsOf(output, ctx.schema).length === 0;

    let answer = await ask(provider, slot, messages, envelope);
    let inputTokens = answer.inputTokens ?? 0;
    let outputTokens = answer.outputTokens ?? 0;
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
      answer = await ask(provider, slot, repair, envelope);
      inputTokens += answer.inputTokens ?? 0;
      outputTokens += answer.outputTokens ?? 0;
      parsed = parseAnswer(answer.text, run.output_format, accepts);
      problems = check();
      if (problems.length) {
        throw runFailure(
          'output_invalid',
          `The model's answer did not meet the output contract after one repair attempt: ${problems.slice(0, 3).join('; ')}`,
        );
      }
    }
    return {
      output: parsed.output!,
      evidence: parsed.evidence,
      model: answer.model,
      provider: provider.name === 'anthropic' ? 'anthropic' : 'openai',
      inputTokens,
      outputTokens,
    };
  };
}

const CUT_OFF = 'it was cut off at the output limit';

function problemsOf(value: Record<string, unknown> | null, schema: Record<string, unknown> | null): string[] {
  if (!value) return ['the answer is not a JSON object'];
  if (!schema) return [];
  return validateAgainstSchema(schema, value).errors;
}

/**
 * Live evaluation: the provider of the strategy's slot (A: file search, B: full text) answers the assembled prompt
 * (model-context.ts decides what it holds), and the answer is held to the output contract — the result validated
 * with ajv, with one repair attempt that shows the model its validation errors, then `output_invalid`. The evidence
 * that comes with the result is returned as given; evaluation.ts verifies it.
 */
import { runFailure } from '../domain/runs/failures';
import { validateAgainstSchema } from '../domain/json-schema';
import type { ModelResult, RunContext } from './evaluation';
import type { ActivityDeps } from './index';
import type { ModelContext } from './model-context';
import type { ModelAnswer, ModelMessage, ModelProvider } from './models/gateway';
import { ModelCallError } from './models/retry';
import { answerSchema, parseAnswer } from './prompt';

export function createLiveEvaluator(deps: ActivityDeps) {
  async function ask(provider: ModelProvider, messages: ModelMessage[], schema: Record<string, unknown>): Promise<ModelAnswer> {
    try {
      return await provider.complete({ messages, jsonSchema: schema });
    } catch (err) {
      if (err instanceof ModelCallError) {
        throw runFailure('model_error', `The language model could not answer (${err.status ?? 'network error'}); the run was refunded.`);
      }
      throw err;
    }
  }

  return async (ctx: RunContext, context: ModelContext, messages: ModelMessage[]): Promise<ModelResult> => {
    const { run } = ctx;
    const provider = deps.models.provider(context.strategy === 'fulltext' ? 'B' : 'A');
    if (!provider) {
      throw runFailure('model_unavailable', 'No language model is configured for live runs on this deployment; the run was refunded.');
    }
    const envelope = answerSchema(run.output_format, ctx.schema);
    const accepts = (output: Record<string, unknown>) => problemsOf(output, ctx.schema).length === 0;

    let answer = await ask(provider, messages, envelope);
    let inputTokens = answer.inputTokens ?? 0;
    let outputTokens = answer.outputTokens ?? 0;
    let parsed = parseAnswer(answer.text, run.output_format, accepts);
    if (run.output_format !== 'markdown') {
      let problems = problemsOf(parsed.output, ctx.schema);
      if (problems.length) {
        // One repair attempt, showing the model exactly what was wrong.
        const repair: ModelMessage[] = [
          ...messages,
          { role: 'assistant', content: answer.text },
          {
            role: 'user',
            content: `That answer does not meet the output contract: ${problems.slice(0, 5).join('; ')}. Answer again with one corrected JSON object only ({"output": …, "evidence": […]}).`,
          },
        ];
        answer = await ask(provider, repair, envelope);
        inputTokens += answer.inputTokens ?? 0;
        outputTokens += answer.outputTokens ?? 0;
        parsed = parseAnswer(answer.text, run.output_format, accepts);
        problems = problemsOf(parsed.output, ctx.schema);
        if (problems.length) {
          throw runFailure('output_invalid', `The model's answer did not meet the output contract after one repair attempt: ${problems.slice(0, 3).join('; ')}`);
        }
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

function problemsOf(value: Record<string, unknown> | null, schema: Record<string, unknown> | null): string[] {
  if (!value) return ['the answer is not a JSON object'];
  if (!schema) return [];
  return validateAgainstSchema(schema, value).errors;
}

/**
 * Live evaluation: the model policy decides what context the model gets (DESIGN.md §4), the prompt is assembled,
 * the provider of the policy's slot answers, and the answer is held to the output contract — validated with ajv,
 * with one repair attempt that shows the model its validation errors, then `output_invalid`.
 *
 *   provider-a-file-search  top-k retrieved reference chunks + input text            rag_strategy file_search
 *   provider-b-1m-fulltext  full reference texts + input text                         rag_strategy fulltext
 *   hybrid                  retrieved chunks + full input text                        rag_strategy hybrid
 *   auto                    full text when it fits FULLTEXT_TOKEN_BUDGET, else file search
 */
import { ApplicationFailure } from '@temporalio/activity';
import { findTemplate } from '../domain/catalog';
import { COLLECTIONS } from '../domain/db';
import { validateAgainstSchema } from '../domain/json-schema';
import type { ReferenceDocumentDoc } from '../domain/reference-documents';
import { objectKeys } from '../domain/storage';
import type { Evaluation, RunContext } from './evaluation';
import { loadStoredText } from './extraction';
import type { ActivityDeps } from './index';
import { countTokens } from './indexing/tokens';
import type { ModelAnswer, ModelMessage, ModelProvider } from './models/gateway';
import { ModelCallError } from './models/retry';
import { buildMessages, parseJsonAnswer, type ReferenceBlock } from './prompt';
import { loadReferenceSources } from './reference-store';
import { queriesFrom, retrieve, type RetrievedChunk } from './retrieval';

const TOP_K = 8;
type Strategy = 'file_search' | 'fulltext' | 'hybrid';

export function createLiveEvaluator(deps: ActivityDeps) {
  const { db, storage, config } = deps;

  async function fullTexts(accountId: string, refIds: string[]): Promise<ReferenceBlock[]> {
    const refs = await db
      .collection<ReferenceDocumentDoc>(COLLECTIONS.referenceDocuments)
      .find({ _id: { $in: refIds }, account_id: accountId })
      .toArray();
    const blocks: ReferenceBlock[] = [];
    for (const refId of refIds) {
      const ref = refs.find((r) => r._id === refId);
      if (!ref) continue;
      const stored = await loadStoredText(storage, objectKeys.referenceText(accountId, refId));
      blocks.push({ refId, chunkId: null, label: ref.name, text: stored.sections.map((s) => `[${s.label}]\n${s.text}`).join('\n\n') });
    }
    return blocks;
  }

  async function retrieved(accountId: string, refIds: string[], instructions: string, inputText: string): Promise<ReferenceBlock[]> {
    const sources = await loadReferenceSources(db, accountId, refIds);
    const best = new Map<string, RetrievedChunk>();
    for (const query of queriesFrom(instructions, inputText)) {
      for (const hit of retrieve(query, sources, TOP_K)) {
        const seen = best.get(hit.id);
        if (!seen || seen.score < hit.score) best.set(hit.id, hit);
      }
    }
    return [...best.values()]
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
      .slice(0, TOP_K)
      .map((c) => ({ refId: c.ref_id, chunkId: c.id, label: [c.section.label, c.heading].filter(Boolean).join(' — '), text: c.text }));
  }

  async function ask(provider: ModelProvider, messages: ModelMessage[], schema: Record<string, unknown> | null): Promise<ModelAnswer> {
    try {
      return await provider.complete({ messages, jsonSchema: schema });
    } catch (err) {
      if (err instanceof ModelCallError) {
        throw ApplicationFailure.nonRetryable(`The language model could not answer (${err.status ?? 'network error'}); the run was refunded.`, 'model_error');
      }
      throw err;
    }
  }

  return async (ctx: RunContext): Promise<Evaluation> => {
    const { run, workflow } = ctx;
    const template = workflow.prompt_template_id ? await findTemplate(db, workflow.prompt_template_id) : null;
    const instructions = [template?.user_prompt_seed, workflow.user_prompt].filter(Boolean).join('\n\n');
    const inputText = ctx.inputs.map((i) => i.text).join('\n\n');
    const refIds = run.reference_document_ids;

    let strategy: Strategy;
    let references: ReferenceBlock[] = [];
    switch (run.model_policy) {
      case 'provider-b-1m-fulltext':
        strategy = 'fulltext';
        references = await fullTexts(run.account_id, refIds);
        break;
      case 'hybrid':
        strategy = 'hybrid';
        references = await retrieved(run.account_id, refIds, instructions, inputText);
        break;
      case 'provider-a-file-search':
        strategy = 'file_search';
        references = await retrieved(run.account_id, refIds, instructions, inputText);
        break;
      default: {
        const full = await fullTexts(run.account_id, refIds);
        const tokens = countTokens(full.map((r) => r.text).join('\n')) + countTokens(inputText);
        if (tokens <= config.FULLTEXT_TOKEN_BUDGET) {
          strategy = 'fulltext';
          references = full;
        } else {
          strategy = 'file_search';
          references = await retrieved(run.account_id, refIds, instructions, inputText);
        }
      }
    }

    const provider = deps.models.provider(strategy === 'fulltext' ? 'B' : 'A');
    if (!provider) {
      throw ApplicationFailure.nonRetryable(
        'No language model is configured for live runs on this deployment; the run was refunded.',
        'model_unavailable',
      );
    }
    const wantsJson = run.output_format !== 'markdown';
    const messages = buildMessages({
      runId: run._id,
      instructions,
      references,
      inputs: ctx.inputs.map((i) => ({ id: i.id, filename: i.filename, text: i.text })),
      format: run.output_format,
      schema: ctx.schema,
    });

    let answer = await ask(provider, messages, wantsJson ? ctx.schema : null);
    let inputTokens = answer.inputTokens ?? 0;
    let outputTokens = answer.outputTokens ?? 0;
    let output: Record<string, unknown> | null;
    if (!wantsJson) {
      output = { markdown: answer.text.trim() };
    } else {
      let problems = problemsOf(parseJsonAnswer(answer.text), ctx.schema);
      if (problems.length) {
        // One repair attempt, showing the model exactly what was wrong.
        const repair: ModelMessage[] = [
          ...messages,
          { role: 'assistant', content: answer.text },
          { role: 'user', content: `That answer does not meet the output contract: ${problems.slice(0, 5).join('; ')}. Answer again with one corrected JSON object only.` },
        ];
        answer = await ask(provider, repair, ctx.schema);
        inputTokens += answer.inputTokens ?? 0;
        outputTokens += answer.outputTokens ?? 0;
        problems = problemsOf(parseJsonAnswer(answer.text), ctx.schema);
        if (problems.length) {
          throw ApplicationFailure.nonRetryable(
            `The model's answer did not meet the output contract after one repair attempt: ${problems.slice(0, 3).join('; ')}`,
            'output_invalid',
          );
        }
      }
      output = parseJsonAnswer(answer.text);
    }
    return {
      output: output!,
      usage: { input_tokens: inputTokens, output_tokens: outputTokens, model: answer.model, rag_strategy: strategy },
    };
  };
}

function problemsOf(value: Record<string, unknown> | null, schema: Record<string, unknown> | null): string[] {
  if (!value) return ['the answer is not a JSON object'];
  if (!schema) return [];
  return validateAgainstSchema(schema, value).errors;
}

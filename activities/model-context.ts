/**
 * What the model is given, decided the same way for live and test-mode runs, so a test-mode run shows in its manifest
 * what a live run would send:
 *
 *   provider-a-file-search  top-k retrieved reference chunks + input text            strategy file_search
 *   provider-b-1m-fulltext  full reference texts + input text                         strategy fulltext
 *   hybrid                  retrieved chunks + full input text                        strategy hybrid
 *   auto                    full text when references + inputs fit FULLTEXT_TOKEN_BUDGET, else file search
 *
 * Under every policy the input documents together get at most FULLTEXT_TOKEN_BUDGET tokens, cut by whole pages
 * (sheets, slides, sections) from the end, and shared so that short documents are sent whole before long ones
 * are cut. Every reference passage carries its chunk id, in full text too (the reference's chunks, de-overlapped,
 * in order), so the model can name the clause it judged against and the manifest can list what was sent.
 */
import { findTemplate } from '../domain/catalog/catalog';
import { referenceNames } from '../domain/documents/reference-documents';
import type { RagStrategy } from '../domain/runs/schemas';
import type { CitableChunk } from './citations';
import type { RunContext } from './run-context';
import type { ActivityDeps } from './deps';
import { queriesFrom } from './retrieval';
import { fitInputs, renderInput, type SentInput } from './input-fitting';
import { referenceSources, type ContextReference } from './reference-sources';
import { autoStrategy, STRATEGIES } from './context-strategies';

// What the evaluation activity renders the inputs with, from the module that assembles them.
export { renderInput };

export interface ModelContext {
  strategy: RagStrategy;
  instructions: string;
  template: { id: string; version: number } | null;
  references: ContextReference[];
  /** The chunks in `references`, by id: what a citation may name as its reference. */
  chunks: Map<string, CitableChunk>;
  indexVersions: Array<{ reference_document_id: string; index_version: number }>;
  inputs: SentInput[];
  budget: number;
  tokens: { references: number; inputs: number };
  coverage: { input_pages: number | null; input_tokens: number | null; reference_tokens: number | null };
}

export function createContextAssembler(deps: Pick<ActivityDeps, 'db' | 'storage' | 'config'>) {
  const { db, config } = deps;

  return async function assemble(ctx: RunContext): Promise<ModelContext> {
    const { run, workflow } = ctx;
    const accountId = run.account_id;
    const template = workflow.prompt_template_id ? await findTemplate(db, workflow.prompt_template_id) : null;
    const instructions = [template?.user_prompt_seed, workflow.user_prompt].filter(Boolean).join('\n\n');
    const budget = config.FULLTEXT_TOKEN_BUDGET;
    const inputs = await fitInputs(ctx.inputs, budget);
    const inputTokensTotal = inputs.reduce((n, i) => n + i.tokensTotal, 0);
    const sentText = inputs.map((i) => renderInput(i).text).join('\n\n');
    const refIds = run.reference_document_ids;
    const names = await referenceNames(db, accountId, refIds);

    const sources = referenceSources(deps, accountId, refIds, names, () => queriesFrom(instructions, sentText));
    const { strategy, references } = await (STRATEGIES[run.model_policy] ?? autoStrategy)(sources, {
      budget,
      inputTokens: inputTokensTotal,
    });

    const chunks = new Map<string, CitableChunk>();
    const sentChunkTokens = new Map<string, number>();
    for (const r of references) {
      chunks.set(r.chunk.id, { refId: r.refId, location: { ...r.chunk.section } });
      sentChunkTokens.set(r.chunk.id, r.chunk.tokens);
    }
    const referenceTokens = references.reduce((n, r) => n + r.tokens, 0);
    const indexedTotal = await sources.indexedTotal();
    const indexedSent = [...sentChunkTokens.values()].reduce((n, t) => n + t, 0);
    const pagesTotal = inputs.reduce((n, i) => n + i.pagesTotal, 0);
    return {
      strategy,
      instructions,
      template: template ? { id: template._id, version: template.version } : null,
      references,
      chunks,
      indexVersions: sources
        .versions()
        .flatMap((v) => (v.version === null ? [] : [{ reference_document_id: v.refId, index_version: v.version }])),
      inputs,
      budget,
      tokens: { references: referenceTokens, inputs: inputs.reduce((n, i) => n + i.tokensSent, 0) },
      coverage: {
        input_pages:
          inputs.length === 0
            ? null
            : pagesTotal === 0
              ? 1
              : share(
                  inputs.reduce((n, i) => n + i.pagesSent, 0),
                  pagesTotal,
                ),
        input_tokens:
          inputs.length === 0
            ? null
            : inputTokensTotal === 0
              ? 1
              : share(
                  inputs.reduce((n, i) => n + i.tokensSent, 0),
                  inputTokensTotal,
                ),
        reference_tokens: refIds.length === 0 || indexedTotal === 0 ? null : share(indexedSent, indexedTotal),
      },
    };
  };
}

/** Rounded down, so anything short of everything never reads as 1. */
function share(part: number, whole: number): number {
  return Math.floor((part / whole) * 10_000) / 10_000;
}

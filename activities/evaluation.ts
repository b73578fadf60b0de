/**
 * The work of a run, as one activity: gather the workflow's configuration and the input documents (their text is
 * read one document at a time while the context is assembled), assemble what the model is
 * given (model-context.ts, the same in both modes), get an output and its evidence (the deterministic stub in test
 * mode; a model in live mode), check the output against the contract, verify the evidence against the text that
 * was sent (citations.ts), render the output file into the object store, and complete the run with output,
 * citations, manifest and usage in one guarded update (domain/runs/lifecycle.ts `completeRunWithOutput`; usage and
 * `run.succeeded` follow). A retry after that update finishes the completion instead of redoing the work; a failure
 * leaves the run running for the workflow to settle.
 */
import { Context } from '@temporalio/activity';
import { documentsForRun } from '../domain/documents/documents';
import { validateAgainstSchema } from '../domain/json-schema/validate';
import { findRunForJob, type RunDoc } from '../domain/runs';
import { runFailure } from '../domain/runs/failures';
import { beginRun, completeRun, completeRunWithOutput } from '../domain/runs/lifecycle';
import { batchItemReview } from '../domain/reviews/reviews';
import type { RunManifest, RunStatus } from '../domain/runs/schemas';
import { objectKeys, putObject } from '../domain/platform/storage';
import type { RunJobInput } from '../domain/jobs/contract';
import { batchWorkflowSnapshot } from '../domain/batches/batches';
import { boxesOf, verifyEvidence, type CitableInput } from './citations';
import { loadStoredText, type StoredText } from '../domain/documents/stored-text';
import type { RunCitation } from '../domain/runs/schemas';
import type { ActivityDeps } from './deps';
import { countTokens } from './indexing/tokens';
import { createContextAssembler, renderInput, type ModelContext } from './model-context';
import type { ModelMessage } from './models/gateway';
import { workflowForRun } from '../domain/evaluation-workflows/evaluation-workflows';
import type { Section } from './parsing/types';
import { buildMessages } from './prompt';
import { renderOutput } from './rendering';
import { withHeartbeat } from './heartbeat';
import { stubEvaluation } from './stub-evaluation';
import { jobIds, jobStillOpen } from '../domain/jobs';

/** Live evaluation (providers, the output contract): activities/live-evaluation.ts. */
export type LiveEvaluator = (
  context: RunContext,
  model: ModelContext,
  messages: ModelMessage[],
) => Promise<ModelResult>;

export type { ModelResult, RunContext } from './run-context';
import type { ModelResult, RunContext, RunInput } from './run-context';

/** The run, its workflow (a batch item's: its batch's snapshot), its output schema and its inputs, read on demand. */
export async function loadRunContext(
  { db, storage }: Pick<ActivityDeps, 'db' | 'storage'>,
  { accountId, runId }: RunJobInput,
  known?: RunDoc,
): Promise<RunContext> {
  const run = known ?? (await findRunForJob(db, accountId, runId));
  if (!run) throw runFailure('internal_error', `run ${runId} not found`);
  // A batch item runs with its batch's snapshot of the workflow, whatever it is now.
  const found = run.batch_id
    ? await batchWorkflowSnapshot(db, accountId, run.batch_id)
    : await workflowForRun(db, accountId, run.workflow_id);
  if (!found) throw runFailure('workflow_missing', 'The run’s workflow no longer exists.');
  // A run of its own is judged by the criteria and samples it snapshotted at creation; one made
  // before snapshots existed, once, without criteria, as it was quoted.
  const workflow = run.batch_id
    ? found
    : { ...found, criteria: run.criteria ?? [], confidence: { samples: run.confidence_samples ?? 1 } };
  const docs = await documentsForRun(db, accountId, run.input_documents);
  const inputs: RunInput[] = run.input_documents.map((id) => {
    const doc = docs.find((d) => d._id === id);
    const textKey = doc?.text_key;
    if (!doc || !textKey) throw runFailure('document_not_extracted', `Input document ${id} has no extracted text.`);
    return {
      id,
      filename: doc.filename,
      load: async () => (await loadStoredText(storage, textKey)).sections,
      positions: async () => positionsOf(await loadStoredText(storage, textKey)),
      ocr: doc.ocr ?? null,
    };
  });
  const schema = workflow.output_schema_json
    ? (JSON.parse(workflow.output_schema_json) as Record<string, unknown>)
    : null;
  return { run, workflow, schema, inputs };
}

export function evaluationActivities(deps: ActivityDeps, live: LiveEvaluator) {
  const { db, storage } = deps;
  const publisher = { db, config: deps.config, temporal: deps.temporal };
  const assemble = createContextAssembler(deps);

  /** Answers the run's status afterwards: `succeeded`, or the status a settlement elsewhere gave it meanwhile. */
  async function produceOutput(input: RunJobInput, known?: RunDoc): Promise<{ status: RunStatus | null }> {
    const ctx = await loadRunContext(deps, input, known);
    const { run } = ctx;
    // A retry after this step's own completion: finish that completion (usage, event), never pay for the work twice.
    if (run.status === 'succeeded') return { status: await completeRun(publisher, input) };
    const { model, messages, result } = await withHeartbeat(async () => {
      const model = await assemble(ctx);
      const messages = messagesFor(ctx, model);
      const result = run.livemode
        ? await live(ctx, model, messages)
        : await stubEvaluation(ctx, model, citableOf(model));
      return { model, messages, result };
    });
    checkOutput(ctx, result);
    // The stub's evidence goes through the same check as a model's: test mode shows what live mode would keep.
    const verified = verifyEvidence(result.evidence, citableOf(model), model.chunks);
    await placeCitations(verified.citations, ctx.inputs);
    const manifest = manifestOf(ctx, model, messages, result);
    const file = await renderOutput(result.output, run.output_format, {
      title: ctx.workflow.name,
      runId: run._id,
      createdAt: run.created_at,
    });
    const key = objectKeys.runOutput(input.accountId, run._id, file.extension);
    await putObject(storage, key, file.bytes, file.mimeType);
    // Terminated while this attempt worked: the execution no longer waits for it, and the reconciler settles the run
    // failed and refunded (Temporal does not stop an activity whose execution ends); committing now would race that
    // settlement with a success. Work run locally (test mode, milliseconds) skips the call: the window it would close
    // is no wider than the one any check leaves open.
    if (!runsLocally() && !(await jobStillOpen(deps.temporal, jobIds.run(run._id)))) {
      throw runFailure('execution_ended', 'The run’s execution was closed while its work ran.');
    }
    // The result and `running → succeeded` in one guarded update, then usage and `run.succeeded`.
    const status = await completeRunWithOutput(
      publisher,
      run,
      {
        output_json: JSON.stringify(result.output),
        output_file: { key, mime_type: file.mimeType, extension: file.extension },
        citations_json: JSON.stringify(verified.citations),
        manifest_json: JSON.stringify(manifest),
        ...(result.confidence
          ? { confidence_json: JSON.stringify(result.confidence.values), confidence_min: result.confidence.min }
          : {}),
        ...(run.batch_id ? batchItemReview(ctx.workflow) : {}),
        usage: {
          input_tokens: result.inputTokens,
          output_tokens: result.outputTokens,
          model: result.model,
          rag_strategy: model.strategy,
          unverified_citations: verified.unverified,
        },
      },
      { workflowEndpointId: ctx.workflow.webhook_endpoint_id ?? null },
    );
    return { status };
  }

  return {
    // The activity takes the job input only: a run document is handed over in-process (testRun), never by a workflow.
    produceOutput: (input: RunJobInput) => produceOutput(input),
    /**
     * A test-mode run whole, as one local activity (one workflow task, no activity task): the lifecycle's first step
     * (admission, usage, `queued → running`), then the work, which completes the run. A retry after the work completed
     * the run finds it `succeeded` and lets the work's own retry path finish that completion (usage, event) — never
     * redo it.
     */
    async testRun(input: RunJobInput): Promise<{ status: RunStatus | 'rejected' | null }> {
      const begun = await beginRun(db, input);
      if (!begun.started && begun.status !== 'succeeded') return { status: begun.status };
      return produceOutput(input, begun.run);
    },
  };
}

/** A JSON output must match the workflow's output schema (a Markdown report has none to match). */
function checkOutput(ctx: RunContext, result: ModelResult): void {
  if (!ctx.schema || ctx.run.output_format === 'markdown') return;
  const check = validateAgainstSchema(ctx.schema, result.output);
  if (!check.valid) {
    throw runFailure(
      'output_invalid',
      `The output does not match the workflow's output_schema: ${check.errors.slice(0, 3).join('; ')}`,
    );
  }
}

/** What the model is sent for a run: the same for an ordinary call and a provider batch's request. */
export function messagesFor(ctx: RunContext, model: ModelContext): ModelMessage[] {
  return buildMessages({
    runId: ctx.run._id,
    instructions: model.instructions,
    references: model.references,
    inputs: model.inputs.map(renderInput),
    format: ctx.run.output_format,
    schema: ctx.schema,
  });
}

/** True in a local activity (a test-mode run's work); false outside any activity (unit tests). */
function runsLocally(): boolean {
  try {
    return Context.current().info.isLocal;
  } catch {
    return false;
  }
}

/**
 * Gives each supported citation the boxes of its quote on the page, from the positions stored beside the document's
 * text: read once per cited document, after the model answered, and never kept with the run.
 */
async function placeCitations(citations: RunCitation[], inputs: RunInput[]): Promise<void> {
  const cited = new Set(citations.map((c) => c.input?.document_id).filter((id): id is string => id !== undefined));
  for (const input of inputs) {
    if (!cited.has(input.id)) continue;
    const positions = (await input.positions?.()) ?? new Map<string, { text: string; boxes: number[] }>();
    for (const citation of citations) {
      if (!citation.input || citation.input.document_id !== input.id) continue;
      const { location, start, end } = citation.input;
      const page = positions.get(`${location.kind}:${location.index}`);
      citation.input.boxes =
        page && location.kind === 'page' ? boxesOf(page.boxes, page.text, start, end, location.index) : [];
    }
  }
}

function positionsOf(stored: StoredText): Map<string, { text: string; boxes: number[] }> {
  const map = new Map<string, { text: string; boxes: number[] }>();
  stored.positions?.forEach((boxes, i) => {
    const section = stored.sections[i];
    if (section && boxes.length > 0) map.set(`${section.kind}:${section.index}`, { text: section.text, boxes });
  });
  return map;
}

/** Quotes count only where the model could read them: the sections sent, as far as they were sent. */
function citableOf(model: ModelContext): CitableInput[] {
  return model.inputs.map((i) => ({ documentId: i.id, sections: i.sections }));
}

export function manifestOf(
  ctx: RunContext,
  model: ModelContext,
  messages: ModelMessage[],
  result: Pick<ModelResult, 'model' | 'provider' | 'samples'>,
): RunManifest {
  const total = messages.reduce((n, m) => n + countTokens(m.content), 0);
  return {
    model: result.model,
    provider: result.provider,
    policy: ctx.run.model_policy,
    strategy: model.strategy,
    prompt_template: model.template,
    reference_index_versions: model.indexVersions,
    chunk_ids: model.references.map((r) => r.chunk.id),
    token_budget: model.budget,
    inputs: model.inputs.map((i) => ({
      document_id: i.id,
      ocr: ctx.inputs.find((input) => input.id === i.id)?.ocr ?? null,
      pages_total: i.pagesTotal,
      pages_sent: i.pagesSent,
      tokens_total: i.tokensTotal,
      tokens_sent: i.tokensSent,
    })),
    tokens: {
      // Everything that is not document text: system message, instructions, contract, delimiters and labels.
      instructions: Math.max(0, total - model.tokens.references - model.tokens.inputs),
      references: model.tokens.references,
      inputs: model.tokens.inputs,
      total,
    },
    ...(result.samples ? { samples: result.samples } : {}),
    coverage: model.coverage,
    // An economy item's answers came through this provider batch.
    ...(ctx.run.economy?.provider_batch_id && ctx.run.economy.provider
      ? { provider_batch: { id: ctx.run.economy.provider_batch_id, provider: ctx.run.economy.provider } }
      : {}),
  };
}

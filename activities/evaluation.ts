/**
 * The work of a run, as one activity: gather the workflow's configuration and the input texts, get an output (the
 * deterministic stub in test mode; a model through the policy engine in live mode), check it against the output
 * contract, render the output file into the object store, and record output and usage on the run. The run's status
 * is not touched here: the workflow settles it afterwards (runs.ts), so a retry of this step is harmless.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { COLLECTIONS } from '../domain/db';
import type { DocumentDoc } from '../domain/documents';
import { validateAgainstSchema } from '../domain/json-schema';
import type { RunDoc } from '../domain/runs';
import { objectKeys, putObject } from '../domain/storage';
import type { RunJobInput } from '../domain/workflow-contract';
import type { WorkflowDoc } from '../domain/workflows';
import { loadStoredText } from './extraction';
import type { ActivityDeps } from './index';
import { stubOutput } from './models/stub';
import { renderOutput } from './rendering';
import { withHeartbeat } from './heartbeat';

export interface RunContext {
  run: RunDoc;
  workflow: WorkflowDoc;
  schema: Record<string, unknown> | null;
  inputs: Array<{ id: string; filename: string; text: string; pageCount: number | null }>;
}

export interface Evaluation {
  output: Record<string, unknown>;
  usage: RunDoc['usage'];
}

/** Live evaluation (policies, prompts, providers): supplied by activities/policies when a gateway is configured. */
export type LiveEvaluator = (context: RunContext) => Promise<Evaluation>;

export function evaluationActivities(deps: ActivityDeps, live: LiveEvaluator) {
  const { db, storage } = deps;

  async function context({ accountId, runId }: RunJobInput): Promise<RunContext> {
    const run = await db.collection<RunDoc>(COLLECTIONS.runs).findOne({ _id: runId, account_id: accountId });
    if (!run) throw ApplicationFailure.nonRetryable(`run ${runId} not found`, 'run_missing');
    // A workflow deleted after the run was created still describes how the run must execute.
    const workflow = await db.collection<WorkflowDoc>(COLLECTIONS.workflows).findOne({ _id: run.workflow_id, account_id: accountId });
    if (!workflow) throw ApplicationFailure.nonRetryable('The run’s workflow no longer exists.', 'workflow_missing');
    const docs = await db
      .collection<DocumentDoc>(COLLECTIONS.documents)
      .find({ _id: { $in: run.input_documents }, account_id: accountId })
      .toArray();
    const inputs = [];
    for (const id of run.input_documents) {
      const doc = docs.find((d) => d._id === id);
      if (!doc?.text_key) throw ApplicationFailure.nonRetryable(`Input document ${id} has no extracted text.`, 'document_not_extracted');
      const stored = await loadStoredText(storage, doc.text_key);
      inputs.push({
        id,
        filename: doc.filename,
        text: stored.sections.map((s) => `[${s.label}]\n${s.text}`).join('\n\n'),
        pageCount: doc.page_count,
      });
    }
    const schema = workflow.output_schema_json ? (JSON.parse(workflow.output_schema_json) as Record<string, unknown>) : null;
    return { run, workflow, schema, inputs };
  }

  return {
    async produceOutput(input: RunJobInput): Promise<void> {
      const ctx = await context(input);
      const { run } = ctx;
      const evaluation = await withHeartbeat(async () =>
        run.livemode
          ? live(ctx)
          : {
              output: await stubOutput({ runId: run._id, format: run.output_format, schema: ctx.schema }),
              usage: { input_tokens: 0, output_tokens: 0, model: 'stub', rag_strategy: null },
            },
      );
      if (ctx.schema && run.output_format !== 'markdown') {
        const check = validateAgainstSchema(ctx.schema, evaluation.output);
        if (!check.valid) {
          throw ApplicationFailure.nonRetryable(
            `The output does not match the workflow's output_schema: ${check.errors.slice(0, 3).join('; ')}`,
            'output_invalid',
          );
        }
      }
      const file = await renderOutput(evaluation.output, run.output_format, {
        title: ctx.workflow.name,
        runId: run._id,
        createdAt: run.created_at,
      });
      const key = objectKeys.runOutput(input.accountId, run._id, file.extension);
      await putObject(storage, key, file.bytes, file.mimeType);
      await db.collection<RunDoc>(COLLECTIONS.runs).updateOne(
        { _id: run._id, account_id: input.accountId },
        {
          $set: {
            output_json: JSON.stringify(evaluation.output),
            output_file: { key, mime_type: file.mimeType, extension: file.extension },
            usage: evaluation.usage,
          },
        },
      );
    },
  };
}

/**
 * Evaluation workflows: saved configurations (product, prompt, references, output format and schema, model
 * policy). Every id a workflow names must exist in the caller's account (400 naming the field); status moves
 * active ↔ paused, anything → archived, and archived is final. DELETE is soft.
 * The contract calls this resource "workflow"; in code it is an evaluation workflow, so it never reads as a Temporal
 * workflow (those executions are "jobs", started through domain/jobs/).
 */
import { findProduct, findTemplate, type ModelPolicy, type OutputFormat } from '../catalog/catalog';
import { COLLECTIONS } from '../platform/db';
import type { DocumentDoc } from '../documents/documents';
import { ApiError, errors } from '../http/errors';
import { newId } from '../platform/ids';
import { schemaProblems } from '../json-schema/validate';
import type { Cursors, PageQuery } from '../http/pagination';
import { defineCollection, findByIds, type Item } from '../store';
import type { ReferenceDocumentDoc } from '../documents/reference-documents';
import { OUTPUT_SCHEMA_MAX_CHARS, type CreateWorkflowRequest, type UpdateWorkflowRequest } from './schemas';
import { criterionDoc, criterionInput, type CriterionDoc } from '../calibration-sets/calibration-sets';
import type { CriterionInput } from '../calibration-sets/schemas';
import { criteriaProblems } from './criteria';
import { reviewPolicy } from '../reviews/reviews';
import type { ReviewPolicy, ReviewPolicyInput } from '../reviews/schemas';
import type { CalibrationSetDoc } from '../calibration-sets/calibration-sets';
import type { TenantDb } from '../store';
import type { Db } from 'mongodb';

export type WorkflowStatus = 'active' | 'paused' | 'archived';

export interface EvaluationWorkflowDoc extends Item {
  product_code: string;
  name: string;
  status: WorkflowStatus;
  prompt_template_id: string | null;
  user_prompt: string | null;
  reference_document_ids: string[];
  output_format: OutputFormat;
  /** Stored as JSON text: schemas use `$`-prefixed keys the database refuses as field names. */
  output_schema_json: string | null;
  output_schema_sample_id: string | null;
  default_mode: 'sync' | 'async';
  default_model_policy: ModelPolicy;
  webhook_endpoint_id: string | null;
  /** What its runs are judged on, and how many times (absent on workflows made before: no criteria, one sample). */
  criteria?: CriterionDoc[];
  confidence?: { samples: number };
  /** Which of its runs a person reviews (absent on workflows made before, and while `off`). */
  review?: ReviewPolicy;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The workflows: one list per account, newest first. A deletion is soft (`deleted_at`, kept for the runs and usage
 * that name the workflow) and takes the workflow off its list; every change goes through `transition`, so a listed
 * copy is always trusted otherwise.
 */
export const WORKFLOWS = defineCollection<EvaluationWorkflowDoc>({
  collection: COLLECTIONS.workflows,
  list: {
    name: 'workflows',
    scopeOf: () => '',
    settled: () => true,
    shapes: [{ equal: ['deleted_at'], other: [] }],
    indexes: [{ name: 'list_live', equal: ['deleted_at'] }],
    leftBy: 'deleted_at',
  },
});

export function evaluationWorkflowView(doc: EvaluationWorkflowDoc) {
  return {
    id: doc._id,
    object: 'workflow' as const,
    product_code: doc.product_code,
    name: doc.name,
    status: doc.status,
    prompt_template_id: doc.prompt_template_id,
    user_prompt: doc.user_prompt,
    reference_document_ids: doc.reference_document_ids,
    output_format: doc.output_format,
    output_schema: doc.output_schema_json ? (JSON.parse(doc.output_schema_json) as Record<string, unknown>) : null,
    output_schema_sample_id: doc.output_schema_sample_id,
    default_mode: doc.default_mode,
    default_model_policy: doc.default_model_policy,
    webhook_endpoint_id: doc.webhook_endpoint_id,
    criteria: doc.criteria ?? [],
    confidence: { samples: confidenceSamples(doc) },
    review: reviewPolicy(doc.review),
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

/** How many model calls a live run of the workflow makes: 1 unless set. */
export function confidenceSamples(workflow: Pick<EvaluationWorkflowDoc, 'confidence'>): number {
  return workflow.confidence?.samples ?? 1;
}

/**
 * The criteria as stored, once they fit the output schema and confidence has criteria to
 * measure; else 400 naming the field.
 */
function checkedCriteria(
  criteria: CriterionInput[] | undefined,
  confidence: { samples: number } | undefined,
  schema: Record<string, unknown> | null,
  format: OutputFormat,
): CriterionDoc[] {
  const docs = (criteria ?? []).map(criterionDoc);
  if ((confidence?.samples ?? 1) > 1 && docs.length === 0) {
    throw badReference('confidence', 'samples above 1 need criteria: confidence is measured per criterion');
  }
  if ((confidence?.samples ?? 1) > 1 && format === 'markdown') {
    throw badReference('confidence', 'samples above 1 need a JSON output: a Markdown report has no criterion values');
  }
  if (schema) {
    const problems = criteriaProblems(docs, schema);
    if (problems.length) {
      throw errors.invalidRequest(
        problems
          .slice(0, 3)
          .map((p) => `${p.path}: ${p.message}`)
          .join('; '),
        problems.map((p) => ({ path: `body.${p.path}`, message: p.message })),
      );
    }
  }
  return docs;
}

const sameCriterion = (a: CriterionDoc, b: CriterionDoc) =>
  a.kind === b.kind && a.min === b.min && a.max === b.max && JSON.stringify(a.labels) === JSON.stringify(b.labels);

/**
 * The review policy as stored, or undefined when off; else 400 naming the field: reviews
 * need criteria, `low_confidence` needs a confidence to compare (samples ≥ 2), and the calibration set the blind
 * reviews grow must be the account's and judge the workflow's criteria alike.
 */
async function checkedReview(
  tenant: TenantDb,
  input: ReviewPolicyInput | undefined,
  criteria: CriterionDoc[],
  samples: number,
): Promise<ReviewPolicy | undefined> {
  if (!input) return undefined;
  const policy = reviewPolicy(input);
  if (policy.mode === 'off' && policy.audit_rate === 0 && !policy.calibration_set_id) return undefined;
  if (!criteria.length) throw badReference('review', 'reviews need criteria: a person answers each criterion');
  if (policy.mode === 'low_confidence' && samples < 2)
    throw badReference('review.mode', 'low_confidence needs confidence.samples of 2 or more');
  if (policy.calibration_set_id) {
    const set = await tenant
      .collection<CalibrationSetDoc>(COLLECTIONS.calibrationSets)
      .findOne({ _id: policy.calibration_set_id, deleted_at: null });
    if (!set) throw badReference('review.calibration_set_id', `no calibration set "${policy.calibration_set_id}"`);
    const byKey = new Map(set.criteria.map((c) => [c.key, c]));
    const unmatched = criteria.find((c) => !byKey.has(c.key) || !sameCriterion(c, byKey.get(c.key)!));
    if (unmatched)
      throw badReference(
        'review.calibration_set_id',
        `the set's criteria do not match the workflow's (criterion "${unmatched.key}")`,
      );
  }
  return policy;
}

const collection = (tenant: TenantDb) => WORKFLOWS.in(tenant);

function badReference(field: string, message: string): ApiError {
  return errors.invalidRequest(`${field}: ${message}`, [{ path: `body.${field}`, message }]);
}

export async function createEvaluationWorkflow(
  db: Db,
  tenant: TenantDb,
  input: CreateWorkflowRequest,
): Promise<EvaluationWorkflowDoc> {
  const product = await findProduct(db, input.product_code);
  if (!product) throw badReference('product_code', `no product "${input.product_code}"`);
  if (product.status === 'deprecated') {
    throw badReference('product_code', `product "${product.code}" is deprecated; choose another product`);
  }
  if (input.prompt_template_id && !(await findTemplate(db, input.prompt_template_id))) {
    throw badReference('prompt_template_id', `no prompt template "${input.prompt_template_id}"`);
  }

  const refIds = [...new Set(input.reference_document_ids ?? [])];
  if (refIds.length) {
    const found = await findByIds(
      tenant.collection<ReferenceDocumentDoc>(COLLECTIONS.referenceDocuments),
      refIds,
      { deleted_at: null },
      { projection: { _id: 1 } },
    );
    const missing = refIds.filter((id) => !found.some((f) => f._id === id));
    if (missing.length) throw badReference('reference_document_ids', `no reference document ${missing.join(', ')}`);
  }

  if (input.webhook_endpoint_id) {
    const endpoint = await tenant
      .collection<{ _id: string; deleted_at: Date | null }>(COLLECTIONS.webhookEndpoints)
      .findOne({ _id: input.webhook_endpoint_id, deleted_at: null });
    if (!endpoint) throw badReference('webhook_endpoint_id', `no webhook endpoint "${input.webhook_endpoint_id}"`);
  }

  let schema: Record<string, unknown> | null = input.output_schema ?? null;
  if (schema) {
    const problems = schemaProblems(schema);
    if (problems.length) {
      throw errors.invalidRequest(`output_schema is not a valid JSON Schema: ${problems.slice(0, 3).join('; ')}`, [
        { path: 'body.output_schema', message: problems.slice(0, 5).join('; ') },
      ]);
    }
  }
  if (input.output_schema_sample_id) {
    const sample = await tenant
      .collection<DocumentDoc>(COLLECTIONS.documents)
      .findOne({ _id: input.output_schema_sample_id });
    if (!sample) throw badReference('output_schema_sample_id', `no document "${input.output_schema_sample_id}"`);
    if (!schema) {
      if (!sample.inferred_schema_json) {
        throw badReference(
          'output_schema_sample_id',
          'the sample has no structure to infer a schema from; upload a JSON, CSV or XLSX sample and complete it first',
        );
      }
      if (sample.inferred_schema_json.length > OUTPUT_SCHEMA_MAX_CHARS) {
        throw badReference(
          'output_schema_sample_id',
          'the schema inferred from the sample is larger than 64 KB; send an output_schema instead',
        );
      }
      schema = JSON.parse(sample.inferred_schema_json) as Record<string, unknown>;
    }
  }

  const outputFormat = input.output_format ?? (schema ? 'json' : product.recommended_output_format);
  const criteria = checkedCriteria(input.criteria, input.confidence, schema, outputFormat);
  const review = await checkedReview(tenant, input.review, criteria, input.confidence?.samples ?? 1);
  const now = new Date();
  const doc: Omit<EvaluationWorkflowDoc, 'account_id'> = {
    _id: newId('workflow'),
    product_code: product.code,
    name: input.name,
    status: 'active',
    prompt_template_id: input.prompt_template_id ?? null,
    user_prompt: input.user_prompt ?? null,
    reference_document_ids: refIds,
    output_format: outputFormat,
    output_schema_json: schema ? JSON.stringify(schema) : null,
    output_schema_sample_id: input.output_schema_sample_id ?? null,
    default_mode: input.default_mode ?? product.default_mode,
    default_model_policy: input.default_model_policy ?? product.default_model_policy,
    webhook_endpoint_id: input.webhook_endpoint_id ?? null,
    ...(criteria.length ? { criteria } : {}),
    ...(input.confidence ? { confidence: input.confidence } : {}),
    ...(review ? { review } : {}),
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
  return WORKFLOWS.insert(tenant, doc);
}

/**
 * The current names of the account's workflows among `ids`, deleted ones included (a deleted workflow keeps its
 * document); the usage report names its groups by them.
 */
export async function evaluationWorkflowNames(tenant: TenantDb, ids: string[]): Promise<Map<string, string>> {
  const found = await findByIds(
    tenant.collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows),
    ids,
    {},
    {
      projection: { name: 1 },
    },
  );
  return new Map(found.map((w) => [w._id, w.name]));
}

export async function getEvaluationWorkflow(tenant: TenantDb, workflowId: string): Promise<EvaluationWorkflowDoc> {
  const doc = await collection(tenant).findOne({ _id: workflowId, deleted_at: null });
  if (!doc) throw errors.notFound('workflow');
  return doc;
}

/** The workflows' list, for the store's own tests. */
export const WORKFLOW_LIST = WORKFLOWS.list!;

export async function listEvaluationWorkflows(tenant: TenantDb, page: PageQuery, cursors: Cursors) {
  const { items, next_cursor } = await WORKFLOWS.page(tenant, {
    page,
    cursors,
    cursorScope: 'workflows',
    filter: { deleted_at: null },
  });
  return { data: items.map(evaluationWorkflowView), next_cursor };
}

export async function updateEvaluationWorkflow(
  tenant: TenantDb,
  workflowId: string,
  patch: UpdateWorkflowRequest,
): Promise<EvaluationWorkflowDoc> {
  const current = await getEvaluationWorkflow(tenant, workflowId);
  // Active ↔ paused and any → archived are all allowed (setting the current status is a no-op), so the one refusal
  // is leaving or touching an archived workflow: archived is final.
  if (current.status === 'archived') {
    throw errors.conflict('workflow_archived', 'This workflow is archived; archived workflows cannot be changed.');
  }
  const set: Partial<EvaluationWorkflowDoc> = { updated_at: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.status !== undefined) set.status = patch.status;
  if (patch.user_prompt !== undefined) set.user_prompt = patch.user_prompt;
  if (patch.criteria !== undefined || patch.confidence !== undefined) {
    const schema = current.output_schema_json
      ? (JSON.parse(current.output_schema_json) as Record<string, unknown>)
      : null;
    const confidence = patch.confidence ?? current.confidence;
    set.criteria = checkedCriteria(
      patch.criteria ?? current.criteria?.map(criterionInput),
      confidence,
      schema,
      current.output_format,
    );
    if (confidence) set.confidence = confidence;
  }
  if (patch.review !== undefined || set.criteria !== undefined || patch.confidence !== undefined) {
    const input = patch.review ?? current.review;
    const review = await checkedReview(
      tenant,
      input,
      set.criteria ?? current.criteria ?? [],
      (patch.confidence ?? current.confidence)?.samples ?? 1,
    );
    if (review) set.review = review;
    else if (patch.review) set.review = reviewPolicy(patch.review);
  }
  // Guarded on the status read above: a concurrent archive wins, and this update then changes nothing.
  const updated = await WORKFLOWS.transition(
    tenant,
    { _id: workflowId, deleted_at: null, status: current.status },
    { $set: set },
    { current },
  );
  if (!updated) {
    const now = await getEvaluationWorkflow(tenant, workflowId);
    if (now.status === 'archived') throw errors.conflict('workflow_archived', 'This workflow was archived meanwhile.');
    return updateEvaluationWorkflow(tenant, workflowId, patch);
  }
  return updated;
}

export async function deleteEvaluationWorkflow(tenant: TenantDb, workflowId: string) {
  const deleted = await WORKFLOWS.transition(
    tenant,
    { _id: workflowId, deleted_at: null },
    { $set: { deleted_at: new Date() } },
    { current: await getEvaluationWorkflow(tenant, workflowId) },
  );
  if (!deleted) throw errors.notFound('workflow');
  return { id: workflowId, object: 'workflow' as const, deleted: true as const };
}

/**
 * The criteria a calibration set copies from a workflow, as a request would declare them; 400 naming `workflow_id`
 * when there is no such workflow or it declares none.
 */
export async function criteriaToCopy(tenant: TenantDb, workflowId: string): Promise<CriterionInput[]> {
  const workflow = await collection(tenant).findOne({ _id: workflowId, deleted_at: null });
  if (!workflow) throw badReference('workflow_id', `no workflow "${workflowId}"`);
  if (!workflow.criteria?.length) throw badReference('workflow_id', 'the workflow declares no criteria to copy');
  return workflow.criteria.map(criterionInput);
}

/**
 * A run's workflow as its job reads it, deleted or not: a workflow deleted after the run was created still
 * describes how the run must execute. Null when the document is gone altogether.
 */
export function workflowForRun(db: Db, accountId: string, workflowId: string): Promise<EvaluationWorkflowDoc | null> {
  return db
    .collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows)
    .findOne({ _id: workflowId, account_id: accountId });
}

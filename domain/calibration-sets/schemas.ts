/**
 * Calibration sets and their items (docs/api-reference.md §20): the criteria a set
 * declares, checked here one by one, and the items' shape. Whether a label fits its criterion depends on the set, so
 * that is checked by domain/calibration-sets/calibration-sets.ts, with the same kind of `details`.
 */
import { z } from 'zod';
import { pageSchema } from '../http/pagination';

/** Limits: what the body alone breaks is 400; a set past its 10,000 items is 409 `limit_reached`. */
export const CALIBRATION_LIMITS = {
  criteriaPerSet: 50,
  itemsPerCall: 1000,
  itemsPerSet: 10_000,
  /** An ordinal criterion's labels, `min` to `max` inclusive: a confusion matrix of at most 101 × 101. */
  ordinalLabels: 101,
  categoricalLabels: 100,
  ratersPerLabel: 10,
  documentsPerItem: 20,
  /** Distinct input documents a call names: each is read by `_id` under the embedded store (domain/store `findByIds`). */
  documentsPerCall: 2000,
} as const;

export const CRITERION_KEY = /^[a-z][a-z0-9_]{0,63}$/;

/** RFC 6901: empty (the whole output), or `/`-separated tokens in which `~` appears only as `~0` or `~1`. */
export const JSON_POINTER = /^(\/([^~/]|~[01])*)*$/;

export const CriterionKind = z.enum(['ordinal', 'categorical', 'boolean', 'numeric']);
export type CriterionKind = z.infer<typeof CriterionKind>;

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

export const CriterionInput = z
  .object({
    key: z
      .string()
      .regex(CRITERION_KEY, 'must match ^[a-z][a-z0-9_]{0,63}$ (a lowercase letter, then letters, digits or _)'),
    pointer: z
      .string()
      .max(1024)
      .regex(JSON_POINTER, 'must be an RFC 6901 JSON Pointer: "" or "/a/b", with "~" written only as "~0" or "~1"')
      .meta({ description: "An RFC 6901 JSON Pointer into a run's `output`, e.g. `/scores/clarity`." }),
    kind: CriterionKind,
    min: finite.optional(),
    max: finite.optional(),
    labels: z.array(z.string().trim().min(1).max(200)).optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.kind === 'ordinal') {
      if (c.min === undefined) issue('min', 'is required for an ordinal criterion');
      else if (!Number.isInteger(c.min)) issue('min', 'must be an integer for an ordinal criterion');
      if (c.max === undefined) issue('max', 'is required for an ordinal criterion');
      else if (!Number.isInteger(c.max)) issue('max', 'must be an integer for an ordinal criterion');
      if (Number.isInteger(c.min) && Number.isInteger(c.max)) {
        if (c.min! >= c.max!) issue('max', 'must be greater than min');
        else if (c.max! - c.min! + 1 > CALIBRATION_LIMITS.ordinalLabels)
          issue('max', `max - min must be at most ${CALIBRATION_LIMITS.ordinalLabels - 1}`);
      }
    } else if (c.kind === 'numeric') {
      if (c.min !== undefined && c.max !== undefined && c.min >= c.max) issue('max', 'must be greater than min');
    } else {
      if (c.min !== undefined) issue('min', `is not allowed for a ${c.kind} criterion`);
      if (c.max !== undefined) issue('max', `is not allowed for a ${c.kind} criterion`);
    }
    if (c.kind === 'categorical') {
      if (!c.labels || c.labels.length === 0) issue('labels', 'is required for a categorical criterion (at least one)');
      else if (c.labels.length > CALIBRATION_LIMITS.categoricalLabels)
        issue('labels', `must hold at most ${CALIBRATION_LIMITS.categoricalLabels} labels`);
      else {
        const twice = c.labels.find((l, i) => c.labels!.indexOf(l) !== i);
        if (twice !== undefined) issue('labels', `must be unique; "${twice}" appears twice`);
      }
    } else if (c.labels !== undefined) issue('labels', `is allowed only for a categorical criterion`);
  })
  .meta({ id: 'CalibrationCriterionInput' });

export type CriterionInput = z.infer<typeof CriterionInput>;

/** Criteria are named by key: a key declared twice is refused at its second place. */
export function uniqueCriterionKeys(criteria: readonly { key: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  criteria.forEach((c, i) => {
    if (seen.has(c.key))
      ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `must be unique; "${c.key}" appears twice` });
    seen.add(c.key);
  });
}

export const CreateCalibrationSetRequest = z
  .object({
    name: z.string().trim().min(1).max(200),
    criteria: z
      .array(CriterionInput)
      .min(1)
      .max(CALIBRATION_LIMITS.criteriaPerSet)
      .superRefine(uniqueCriterionKeys)
      .optional()
      .meta({ description: 'Required unless `workflow_id` names a workflow whose criteria to copy.' }),
    workflow_id: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: "Copies this workflow's criteria; not with `criteria`." }),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.criteria === undefined) === (body.workflow_id === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['criteria'],
        message: 'send either criteria or workflow_id (one of them)',
      });
    }
  })
  .meta({ id: 'CreateCalibrationSetRequest' });

export type CreateCalibrationSetRequest = z.infer<typeof CreateCalibrationSetRequest>;

export const Criterion = z
  .object({
    key: z.string(),
    pointer: z.string(),
    kind: CriterionKind,
    min: z.number().nullable(),
    max: z.number().nullable(),
    labels: z.array(z.string()).nullable(),
  })
  .meta({ id: 'CalibrationCriterion' });

export const CalibrationSet = z
  .object({
    id: z.string().meta({ example: 'cset_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('calibration_set'),
    name: z.string(),
    criteria: z.array(Criterion),
    item_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'CalibrationSet' });

export const CalibrationSetPage = pageSchema(CalibrationSet, 'CalibrationSetList');
export const CalibrationSetIdParams = z.object({ setId: z.string().max(64) });

/** A label's value: an integer (ordinal), a label (categorical), true or false (boolean), a number (numeric). */
export const LabelValue = z.union([finite, z.string().max(200), z.boolean()]).meta({ id: 'CalibrationLabelValue' });
export type LabelValue = z.infer<typeof LabelValue>;

export const RaterLabel = z
  .object({ rater: z.string().trim().min(1).max(100), value: LabelValue })
  .strict()
  .meta({ id: 'CalibrationRaterLabel' });

/** One value, or several raters' (the first is H1, the second H2). */
export const ItemLabel = z.union([
  LabelValue,
  z
    .array(RaterLabel)
    .min(1)
    .max(CALIBRATION_LIMITS.ratersPerLabel)
    .superRefine((raters, ctx) => {
      const seen = new Set<string>();
      raters.forEach((r, i) => {
        if (seen.has(r.rater))
          ctx.addIssue({ code: 'custom', path: [i, 'rater'], message: `must be unique; "${r.rater}" appears twice` });
        seen.add(r.rater);
      });
    }),
]);
export type ItemLabel = z.infer<typeof ItemLabel>;

export const CalibrationItemInput = z
  .object({
    input_documents: z.array(z.string().trim().min(1).max(64)).min(1).max(CALIBRATION_LIMITS.documentsPerItem),
    external_id: z.string().trim().min(1).max(200).optional(),
    labels: z
      .record(z.string().max(64), ItemLabel)
      .refine((labels) => Object.keys(labels).length > 0, 'must label at least one criterion')
      .meta({
        description:
          'Per criterion key: the label, or `[{rater, value}]` for several raters (the first is H1). An item may lack some criteria.',
      }),
  })
  .strict()
  .meta({ id: 'CalibrationItemInput' });

export const AddCalibrationItemsRequest = z
  .object({
    items: z
      .array(CalibrationItemInput)
      .min(1)
      .max(CALIBRATION_LIMITS.itemsPerCall)
      .refine(
        (items) => new Set(items.flatMap((i) => i.input_documents)).size <= CALIBRATION_LIMITS.documentsPerCall,
        `must name at most ${CALIBRATION_LIMITS.documentsPerCall} distinct input documents in one call`,
      ),
  })
  .strict()
  .meta({ id: 'AddCalibrationItemsRequest' });

export type AddCalibrationItemsRequest = z.infer<typeof AddCalibrationItemsRequest>;

export const CalibrationItem = z
  .object({
    id: z.string().meta({ example: 'csi_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('calibration_item'),
    calibration_set_id: z.string(),
    input_documents: z.array(z.string()),
    external_id: z.string().nullable(),
    labels: z.record(z.string(), ItemLabel),
    created_at: z.string(),
  })
  .meta({ id: 'CalibrationItem' });

export const CalibrationItemPage = pageSchema(CalibrationItem, 'CalibrationItemList');

export const AddedCalibrationItems = z
  .object({
    data: z.array(CalibrationItem),
    item_count: z.number().int().meta({ description: "The set's items, these included." }),
  })
  .meta({ id: 'AddedCalibrationItems' });

/** Calibrations (docs/api-reference.md §21). */
import { z } from 'zod';
import { PageQuery, pageSchema } from '../http/pagination';

export const CALIBRATION_MAX_REPEATS = 5;
/** Items × repeats a calibration may run: a batch's limit. */
export const CALIBRATION_MAX_RUNS = 10_000;
/**
 * Items × criteria a calibration reports on: 10,000 items × 20 criteria. The reports hold
 * each scored item's two values per criterion and are embedded whole in `calibration.completed`, whose stored event
 * must stay under the database's 16 MiB document limit.
 */
export const CALIBRATION_MAX_CRITERION_VALUES = 200_000;

export const CalibrationStatus = z.enum(['running', 'succeeded', 'canceled', 'failed']);
export type CalibrationStatus = z.infer<typeof CalibrationStatus>;

/** Why a calibration failed: its creation died before its batch, or its job ended early. */
export const CALIBRATION_FAILURE_CODES = ['creation_failed', 'execution_ended', 'report_failed'] as const;
export type CalibrationFailureCode = (typeof CALIBRATION_FAILURE_CODES)[number];

export const CalibrationThresholds = z
  .object({
    min_agreement: z.number().min(-1).max(1).optional().meta({ description: 'Minimum κ (Lin’s for numeric); 0.70.' }),
    max_degradation: z
      .number()
      .min(0)
      .max(2)
      .optional()
      .meta({ description: 'Largest shortfall below the human–human agreement; 0.10.' }),
    max_abs_smd: z.number().min(0).max(10).optional().meta({ description: 'Largest abs(SMD); 0.15.' }),
  })
  .strict()
  .meta({ id: 'CalibrationThresholds' });

export const CreateCalibrationRequest = z
  .object({
    calibration_set_id: z.string().min(1).max(64),
    repeats: z
      .number()
      .int()
      .min(1)
      .max(CALIBRATION_MAX_REPEATS)
      .optional()
      .meta({ description: 'Runs per item (1–5, default 1); items × repeats at most 10,000.' }),
    thresholds: CalibrationThresholds.optional(),
  })
  .strict()
  .meta({ id: 'CreateCalibrationRequest' });
export type CreateCalibrationRequest = z.infer<typeof CreateCalibrationRequest>;

const Value = z.union([z.number(), z.string(), z.boolean()]);
const Interval = z
  .object({
    low: z.number().nullable(),
    high: z.number().nullable(),
    used: z.number().int(),
    skipped: z.number().int(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'CalibrationInterval', description: '95 % percentile bootstrap interval over items.' });
const MetricValue = z
  .object({ value: z.number().nullable(), reason: z.string().nullable(), interval: Interval })
  .meta({ id: 'CalibrationMetric' });
const Metrics = z.record(z.string(), MetricValue);

export const CalibrationCriterionReport = z
  .object({
    key: z.string(),
    kind: z.enum(['ordinal', 'categorical', 'boolean', 'numeric']),
    labelled: z.number().int(),
    scored: z.number().int(),
    unscorable: z.number().int(),
    metrics: Metrics,
    human_baseline: z.object({ items: z.number().int(), metrics: Metrics }),
    self_agreement: z.object({ items: z.number().int(), metrics: Metrics }).nullable(),
    confusion_matrix: z.object({ labels: z.array(Value), counts: z.array(z.array(z.number())) }).nullable(),
    per_label: z
      .array(
        z.object({
          label: Value,
          precision: z.object({ value: z.number().nullable(), reason: z.string().nullable() }),
          recall: z.object({ value: z.number().nullable(), reason: z.string().nullable() }),
          support: z.number().int(),
        }),
      )
      .nullable(),
    distributions: z.object({ human: z.array(Value), model: z.array(Value) }),
    verdict: z.object({
      status: z.enum(['pass', 'fail', 'insufficient_data']),
      checks: z.array(
        z.object({
          check: z.enum(['agreement', 'degradation', 'smd']),
          value: z.number().nullable(),
          threshold: z.number(),
          passed: z.boolean().nullable(),
          reason: z.string().nullable(),
        }),
      ),
    }),
    worst_items: z.array(
      z.object({
        item_id: z.string(),
        external_id: z.string().nullable(),
        human: Value,
        model: Value,
        difference: z.number(),
        run_ids: z.array(z.string()),
      }),
    ),
    selective: z
      .array(
        z
          .object({
            threshold: z.number().meta({ description: 'The model confidence an item needs to be kept (0.5–1.0).' }),
            coverage: z.number().meta({ description: 'Share of the scored items with a confidence kept.' }),
            n: z.number().int(),
            value: z.number().nullable().meta({ description: 'The verdict metric over the kept items.' }),
            ci_low: z.number().nullable(),
            ci_high: z.number().nullable(),
            reason: z.string().nullable().meta({ description: 'Why `value` or its interval is null.' }),
          })
          .meta({ id: 'CalibrationSelectiveRow' }),
      )
      .nullable()
      .optional()
      .meta({
        description:
          'Selective agreement per confidence threshold 0.5, 0.6, 0.7, 0.8, 0.9, 1.0; null when the runs carry no ' +
          'confidence (the workflow’s `confidence.samples` is 1: `confidence_auroc.reason` says so).',
      }),
    confidence_auroc: z
      .object({ value: z.number().nullable(), reason: z.string().nullable() })
      .optional()
      .meta({
        description:
          'How well confidence separates exact agreement with the first rater from disagreement (AUROC); null with ' +
          'the reason when undefined.',
      }),
    recommended_threshold: z.object({ threshold: z.number(), coverage: z.number() }).nullable().optional().meta({
      description: 'The lowest threshold whose metric meets `min_agreement`, with its coverage; null when none does.',
    }),
  })
  .meta({ id: 'CalibrationCriterionReport' });

const SignedFile = z
  .object({ url: z.string(), expires_at: z.string(), mime_type: z.string() })
  .nullable()
  .meta({ id: 'CalibrationFile', description: 'A signed download URL (1 hour), null until the calibration is done.' });

export const Calibration = z
  .object({
    id: z.string().meta({ example: 'cal_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }),
    object: z.literal('calibration'),
    workflow_id: z.string(),
    calibration_set_id: z.string(),
    batch_id: z.string(),
    status: CalibrationStatus,
    repeats: z.number().int(),
    livemode: z.boolean(),
    items: z.number().int().meta({ description: 'The set’s items the calibration runs.' }),
    thresholds: z.object({ min_agreement: z.number(), max_degradation: z.number(), max_abs_smd: z.number() }),
    seed: z.number().int().meta({ description: 'The bootstrap’s seed: the same seed, the same intervals.' }),
    criteria: z.array(CalibrationCriterionReport).nullable().meta({ description: 'Null until the batch is final.' }),
    report_file: SignedFile,
    items_file: SignedFile,
    error: z
      .object({
        code: z.enum(CALIBRATION_FAILURE_CODES).meta({
          description:
            '`creation_failed`: the request that created it ended before its batch existed (nothing ran, nothing ' +
            'was charged); `execution_ended`: its job ended before writing the report (its batch and runs are ' +
            'unaffected); `report_failed`: the report could not be produced within its attempts (its batch and runs, ' +
            'and their charges, are as they stand).',
        }),
        message: z.string(),
      })
      .meta({ id: 'CalibrationError', description: 'Why the calibration failed; null unless `status` is `failed`.' })
      .nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Calibration' });

export const CalibrationPage = pageSchema(Calibration, 'CalibrationList');
export const CalibrationIdParams = z.object({ calibrationId: z.string().max(64) });
export const WorkflowCalibrationParams = z.object({ workflowId: z.string().max(64) });
export const CalibrationListQuery = PageQuery.extend({});
export const CompareQuery = z.object({ with: z.string().min(1).max(64) });

export const CalibrationComparisonPending = z
  .object({
    object: z.literal('calibration_comparison_pending'),
    calibration_id: z.string(),
    with: z.string(),
  })
  .meta({
    id: 'CalibrationComparisonPending',
    description: 'The comparison is being computed; ask again after `Retry-After` seconds for the same answer.',
  });

export const CalibrationComparison = z
  .object({
    object: z.literal('calibration_comparison'),
    calibration_id: z.string(),
    with: z.string(),
    calibration_set_id: z.string(),
    seed: z.number().int(),
    criteria: z.array(
      z.object({
        key: z.string(),
        items: z.number().int().meta({ description: 'Items both calibrations scored: the pairs compared.' }),
        metrics: z.record(
          z.string(),
          z.object({
            first: z.number().nullable(),
            second: z.number().nullable(),
            difference: z.number().nullable(),
            reason: z.string().nullable(),
            interval: Interval,
          }),
        ),
      }),
    ),
  })
  .meta({
    id: 'CalibrationComparison',
    description: 'Per criterion and metric, this calibration minus the other, with paired bootstrap intervals.',
  });

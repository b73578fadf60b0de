/**
 * A calibration's database record (written by calibrations.ts alone) and its
 * collection: listed per account, newest first, and watched while it runs (the reconciler settles one whose job is
 * gone, domain/operations/reconcile-calibrations.ts).
 */
import type { CriterionDoc } from '../calibration-sets/calibration-sets';
import type { Thresholds } from '../agreement-metrics/agreement';
import { COLLECTIONS } from '../platform/db';
import { defineCollection, type Item } from '../store';
import type { CalibrationFailureCode, CalibrationStatus } from './schemas';

export interface CalibrationDoc extends Item {
  workflow_id: string;
  workflow_name: string;
  set_id: string;
  set_name: string;
  /** The set's criteria when the calibration was created: its report and comparisons read these. */
  criteria_def: CriterionDoc[];
  batch_id: string;
  status: CalibrationStatus;
  repeats: number;
  livemode: boolean;
  items: number;
  thresholds: Thresholds;
  seed: number;
  /**
   * Formerly the per-criterion reports as JSON text; null since they moved to the object store (`report_data_key`:
   * here they would pass 16 MiB at 10,000 items), kept for the calibrations finished before.
   */
  report_json: string | null;
  /** Likewise, per criterion key, the scored pairs `{item_id, human, model}` (now at `pairs_key`). */
  pairs_json: string | null;
  /** The object holding the per-criterion reports as JSON. */
  report_data_key?: string | null;
  /** The object holding the scored pairs by criterion key: what `compare` pairs on. */
  pairs_key?: string | null;
  report_key: string | null;
  items_key: string | null;
  /** Why it failed; absent or null unless `failed`. */
  error?: { code: CalibrationFailureCode; message: string } | null;
  created_at: Date;
  finished_at: Date | null;
}

export const CALIBRATIONS = defineCollection<CalibrationDoc>({
  collection: COLLECTIONS.calibrations,
  list: {
    name: 'calibrations',
    scopeOf: () => '',
    settled: (doc) => doc.status !== 'running',
    shapes: [{ equal: [], other: [] }],
    indexes: [{ name: 'list_all' }],
  },
  watched: { kind: 'calibrations', field: 'status', states: ['running'] },
});

/**
 * The selective-agreement part of a criterion's calibration report (selective.ts computes it),
 * apart from agreement.ts so that both can name it without importing each other.
 */
import type { Metric } from './metrics';

/** One threshold's row of selective agreement (selective.ts). */
export interface SelectiveRow {
  threshold: number;
  /** Share of the scored items kept at this threshold. */
  coverage: number;
  n: number;
  value: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** Why `value` (or the interval) is null; null when both exist. */
  reason: string | null;
}

export interface SelectiveFields {
  /**
   * Selective agreement (selective.ts): absent from reports written before it; `selective`
   * null, and `confidence_auroc` null with the reason, when no scored item's runs carried a confidence (k = 1).
   */
  selective?: SelectiveRow[] | null;
  confidence_auroc?: Metric;
  recommended_threshold?: { threshold: number; coverage: number } | null;
}

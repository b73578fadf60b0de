/**
 * A calibration's objects in the object store, by the one module that reads and checks them:
 * its per-criterion reports and scored pairs (never in its database document: issue 53 item 2), and the stored
 * comparisons of it with another. Its report and items files are written by its job (activities/calibrations.ts).
 */
import { getObjectBytes, objectKeys, putObject, statObject, type Storage } from '../platform/storage';
import type { CriterionReport, ScoredPair } from '../agreement-metrics/agreement';
import type { CalibrationDoc } from './doc';

/** Where a calibration's report data lives in the object store. */
export const reportDataKeys = (accountId: string, calibrationId: string) => ({
  reports: objectKeys.calibrationFile(accountId, calibrationId, 'report.json'),
  pairs: objectKeys.calibrationFile(accountId, calibrationId, 'pairs.json'),
});

/** Stores the reports and pairs (idempotent: the same keys, the same bytes for the same seed). */
export async function storeReportData(
  storage: Storage,
  accountId: string,
  calibrationId: string,
  data: { reports: CriterionReport[]; pairs: Record<string, ScoredPair[]> },
): Promise<{ reports: string; pairs: string }> {
  const keys = reportDataKeys(accountId, calibrationId);
  await storeJson(storage, keys.reports, data.reports);
  await storeJson(storage, keys.pairs, data.pairs);
  return keys;
}

/** A stored JSON object, parsed. */
export const readStored = async <T>(storage: Storage, key: string): Promise<T> =>
  JSON.parse(Buffer.from(await getObjectBytes(storage, key)).toString('utf8')) as T;

export const isStored = async (storage: Storage, key: string): Promise<boolean> =>
  (await statObject(storage, key)) !== null;

export async function storeJson(storage: Storage, key: string, value: unknown): Promise<void> {
  await putObject(storage, key, JSON.stringify(value), 'application/json');
}

/** Where the comparison of a pair is stored: fixed by the pair (both calibrations are final, so it never changes). */
export const comparisonKey = (accountId: string, calibrationId: string, otherId: string) =>
  objectKeys.calibrationFile(accountId, calibrationId, `compare-${otherId}.json`);

/** The calibration's reports: from the object store, or the document of a calibration finished before 560. */
export async function storedReports(storage: Storage, doc: CalibrationDoc): Promise<CriterionReport[] | null> {
  if (doc.report_data_key) return readStored<CriterionReport[]>(storage, doc.report_data_key);
  return doc.report_json === null ? null : (JSON.parse(doc.report_json) as CriterionReport[]);
}

/** The calibration's scored pairs by criterion key (what compare pairs on), or null when it has no report. */
export async function storedPairs(storage: Storage, doc: CalibrationDoc): Promise<Record<string, ScoredPair[]> | null> {
  if (doc.pairs_key) return readStored<Record<string, ScoredPair[]>>(storage, doc.pairs_key);
  return doc.pairs_json === null ? null : (JSON.parse(doc.pairs_json) as Record<string, ScoredPair[]>);
}

/** Has the calibration a report (in the store or, from before 560, in its document)? */
export const hasReport = (doc: CalibrationDoc): boolean => Boolean(doc.report_data_key) || doc.report_json !== null;

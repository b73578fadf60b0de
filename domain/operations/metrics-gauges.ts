/**
 * Gauges computed from the database when /metrics is scraped, across every account (operators' view; only counts
 * leave this file, never a tenant's data). Each is one aggregation over a bounded window — the last 24 hours, on an
 * index — with a time limit, so a scrape costs the same however long the service has run, and a slow database
 * costs a missing gauge (and `assay_metrics_scrape_errors`), never a hung scrape.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import { renderGauge } from '../platform/metrics';
import { RunStatus } from '../runs/schemas';

const WINDOW_MS = 24 * 3_600_000;
const MAX_TIME_MS = 2000;
/**
 * Webhook deliveries are another part's collection; it is read by name only if it exists, and a status it uses is
 * exposed as a label only if it looks like a status (bounded, harmless), at most MAX_DELIVERY_STATUSES of them.
 */
export const WEBHOOK_DELIVERIES = 'webhook_deliveries';
const DELIVERY_STATUS = /^[a-z_]{1,32}$/;
const MAX_DELIVERY_STATUSES = 20;
/** A delivery's outcomes, always exposed (0 when none) so the series exist before the first delivery. */
const BASE_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'];

interface Count {
  _id: unknown;
  n: number;
}

async function countByStatus(db: Db, collection: string, match: Record<string, unknown>): Promise<Count[]> {
  return db
    .collection(collection)
    .aggregate<Count>([{ $match: match }, { $group: { _id: '$status', n: { $sum: 1 } } }], { maxTimeMS: MAX_TIME_MS })
    .toArray();
}

export async function renderScrapeGauges(db: Db, now = new Date()): Promise<string[]> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const lines: string[] = [];
  let failures = 0;

  try {
    const counts = await countByStatus(db, COLLECTIONS.runs, { created_at: { $gte: since }, admission: 'admitted' });
    // Every status is always present (0 when none), so a rate or an alert never sees a series vanish.
    const samples = RunStatus.options.map((status) => ({
      labels: { status },
      value: counts.find((c) => c._id === status)?.n ?? 0,
    }));
    lines.push(...renderGauge('assay_runs_last_24h', 'Runs created in the last 24 hours, by current status.', samples));
  } catch {
    failures++;
  }

  try {
    const exists = (await db.listCollections({ name: WEBHOOK_DELIVERIES }, { nameOnly: true }).toArray()).length > 0;
    const counts = exists ? await countByStatus(db, WEBHOOK_DELIVERIES, { created_at: { $gte: since } }) : [];
    const statuses = new Map(BASE_DELIVERY_STATUSES.map((s) => [s, 0]));
    for (const c of counts) {
      if (typeof c._id !== 'string' || !DELIVERY_STATUS.test(c._id)) continue;
      if (!statuses.has(c._id) && statuses.size >= MAX_DELIVERY_STATUSES) continue;
      statuses.set(c._id, c.n);
    }
    const samples = [...statuses].map(([status, value]) => ({ labels: { status }, value }));
    lines.push(
      ...renderGauge(
        'assay_webhook_deliveries_last_24h',
        'Webhook deliveries created in the last 24 hours, by current status (0 while no delivery collection exists).',
        samples,
      ),
    );
  } catch {
    failures++;
  }

  lines.push(
    ...renderGauge('assay_metrics_scrape_errors', 'Scrape-time gauges that could not be computed this scrape.', [
      { labels: {}, value: failures },
    ]),
  );
  return lines;
}

/**
 * The Prometheus text exposition format (version 0.0.4), written by hand: counters and fixed-bucket histograms kept
 * in process memory, and gauges rendered from values computed at scrape time. `prom-client` is not a dependency and
 * this is all of it that the API needs. Label values come only from bounded sets (route templates, methods, status
 * codes, run statuses): a raw path or an id as a label would grow the series without end.
 */

export type Labels = Record<string, string>;

export const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const escapeValue = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeValue(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

const number = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

const header = (name: string, help: string, type: string) => [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];

/** Series keyed by their label set, in first-seen order so the output is stable. */
class Series<V> {
  private readonly map = new Map<string, { labels: Labels; value: V }>();
  constructor(private readonly init: () => V) {}
  get(labels: Labels): V {
    // Keyed by the values joined (label names come in a fixed order per call site): no escaping on the hot path,
    // which counts every request; the exposition text is made at scrape time.
    let key = '';
    for (const name in labels) key += `${name}\u0000${labels[name]}\u0001`;
    let entry = this.map.get(key);
    if (!entry) {
      entry = { labels, value: this.init() };
      this.map.set(key, entry);
    }
    return entry.value;
  }
  entries() {
    return [...this.map.values()];
  }
}

export class Counter {
  private readonly series = new Series(() => ({ n: 0 }));
  constructor(
    readonly name: string,
    private readonly help: string,
  ) {}
  inc(labels: Labels, by = 1): void {
    this.series.get(labels).n += by;
  }
  render(): string[] {
    return [
      ...header(this.name, this.help, 'counter'),
      ...this.series.entries().map((e) => `${this.name}${labelText(e.labels)} ${number(e.value.n)}`),
    ];
  }
}

export class Histogram {
  private readonly series: Series<{ counts: number[]; sum: number; count: number }>;
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly buckets: number[],
  ) {
    this.series = new Series(() => ({ counts: buckets.map(() => 0), sum: 0, count: 0 }));
  }
  observe(labels: Labels, value: number): void {
    const s = this.series.get(labels);
    // Buckets are cumulative: a value counts in every bucket whose bound it does not exceed.
    this.buckets.forEach((bound, i) => {
      if (value <= bound) s.counts[i]! += 1;
    });
    s.sum += value;
    s.count += 1;
  }
  render(): string[] {
    const lines = header(this.name, this.help, 'histogram');
    for (const { labels, value } of this.series.entries()) {
      this.buckets.forEach((bound, i) =>
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${value.counts[i]}`),
      );
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${value.count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${number(value.sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${value.count}`);
    }
    return lines;
  }
}

/** A gauge whose samples were computed just now (at scrape time); nothing is kept between scrapes. */
export function renderGauge(name: string, help: string, samples: Array<{ labels: Labels; value: number }>): string[] {
  return [...header(name, help, 'gauge'), ...samples.map((s) => `${name}${labelText(s.labels)} ${number(s.value)}`)];
}

/** Seconds; from a fast cached read to the sync-run wait (30 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** What one API process counts about the requests it served. */
export class ApiMetrics {
  readonly requests = new Counter(
    'assay_http_requests_total',
    'HTTP requests served, by route template, method and status.',
  );
  readonly latency = new Histogram(
    'assay_http_request_duration_seconds',
    'HTTP request latency in seconds, by route template, method and status.',
    LATENCY_BUCKETS,
  );

  observeRequest(labels: { route: string; method: string; status: string }, seconds: number): void {
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  render(): string[] {
    return [...this.requests.render(), ...this.latency.render()];
  }
}

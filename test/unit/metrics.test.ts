/** The hand-written Prometheus exposition (domain/platform/metrics.ts) and the usage period rules (domain/billing/usage.ts). */
import { Counter, Histogram, renderGauge } from '../../domain/platform/metrics';
import { resolvePeriod } from '../../domain/billing/usage';

describe('Prometheus text', () => {
  it('renders counters per label set, escaping label values', () => {
    const c = new Counter('x_total', 'Things.');
    c.inc({ route: '/a' });
    c.inc({ route: '/a' }, 2);
    c.inc({ route: 'say "hi"\\\n' });
    expect(c.render()).toEqual([
      '# HELP x_total Things.',
      '# TYPE x_total counter',
      'x_total{route="/a"} 3',
      'x_total{route="say \\"hi\\"\\\\\\n"} 1',
    ]);
  });

  it('renders cumulative histogram buckets with +Inf, sum and count', () => {
    const h = new Histogram('d_seconds', 'Durations.', [0.1, 1]);
    for (const v of [0.05, 0.1, 0.5, 3]) h.observe({ r: 'a' }, v);
    expect(h.render().slice(2)).toEqual([
      'd_seconds_bucket{r="a",le="0.1"} 2',
      'd_seconds_bucket{r="a",le="1"} 3',
      'd_seconds_bucket{r="a",le="+Inf"} 4',
      'd_seconds_sum{r="a"} 3.65',
      'd_seconds_count{r="a"} 4',
    ]);
  });

  it('renders gauges without labels', () => {
    expect(renderGauge('g', 'A gauge.', [{ labels: {}, value: 0 }])).toEqual([
      '# HELP g A gauge.',
      '# TYPE g gauge',
      'g 0',
    ]);
  });
});

describe('usage period', () => {
  const now = new Date('2025-03-17T15:00:00Z');
  it('defaults to the current UTC month up to today, `to` inclusive', () => {
    const p = resolvePeriod({}, now);
    expect([p.from, p.to, p.start.toISOString(), p.end.toISOString()]).toEqual([
      '2025-03-01',
      '2025-03-17',
      '2025-03-01T00:00:00.000Z',
      '2025-03-18T00:00:00.000Z',
    ]);
  });
  it('takes from from `to` alone, and today for `from` alone', () => {
    expect(resolvePeriod({ to: '2024-02-29' }, now).from).toBe('2024-02-01');
    expect(resolvePeriod({ from: '2025-01-05' }, now).to).toBe('2025-03-17');
  });
  it('refuses reversed and over-long periods, and allows 366 days', () => {
    expect(() => resolvePeriod({ from: '2025-03-18' }, now)).toThrow(/after/);
    expect(() => resolvePeriod({ from: '2024-01-01', to: '2025-01-01' }, now)).toThrow(/367 days/);
    expect(resolvePeriod({ from: '2024-01-01', to: '2024-12-31' }, now).from).toBe('2024-01-01');
  });
});

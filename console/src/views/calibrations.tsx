/**
 * Calibrations: the list, and one calibration read a line per criterion — the verdict, the agreement metric with its
 * interval drawn on its scale and the threshold marked, the human baseline — then agreement against coverage by model
 * confidence (judged k ≥ 2 times), the confusion matrix and the items
 * furthest from the people's labels, each linking to its runs. Compare: pick another calibration of the same set.
 */
import type { Assay, Calibration, CalibrationComparison } from '@assay/sdk';
import { useState } from 'preact/hooks';
import { ErrorNote } from '../parts/errors';
import { LoadMore } from '../parts/load-more';
import { num, shortValue, when } from '../parts/format';
import { Link } from '../parts/link';
import { useLoad, usePaged, usePoll } from '../parts/load';
import { Status } from '../parts/status';
import { navigate, withQuery, type Route } from '../router';

type Report = NonNullable<Calibration['criteria']>[number];

export function CalibrationsView({ client }: { client: Assay }) {
  const list = usePaged<Calibration>(() => client.calibrations.list(), []);
  return (
    <section aria-labelledby="calibrations-title">
      <h1 id="calibrations-title">Calibrations</h1>
      {list.error ? <ErrorNote error={list.error} /> : null}
      {!list.loading && !list.error && list.items.length === 0 ? (
        <p class="empty">
          No calibrations yet. Measure a workflow against people's labels with <code>npx assay calibrate</code>.
        </p>
      ) : (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Calibrations">
          <table>
            <caption class="visually-hidden">Calibrations, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Calibration</th>
                <th scope="col">Status</th>
                <th scope="col">Workflow</th>
                <th scope="col">Set</th>
                <th scope="col" class="num">
                  Items
                </th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={`/calibrations/${c.id}`}>{c.id}</Link>
                  </td>
                  <td>
                    <Status value={c.status} />
                  </td>
                  <td>{c.workflow_id}</td>
                  <td>{c.calibration_set_id}</td>
                  <td class="num">{c.items}</td>
                  <td>{when(c.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={list} />
    </section>
  );
}

/** A metric's interval on a 0–1 (or −1–1) scale, the value as a dot and the threshold as a tick. */
function IntervalBar(props: { value: number | null; low: number | null; high: number | null; threshold: number }) {
  const min = Math.min(0, props.low ?? 0, props.value ?? 0);
  const x = (v: number) => ((v - min) / (1 - min)) * 200;
  const label =
    props.value === null
      ? 'undefined'
      : `${num(props.value)} (95 % interval ${num(props.low)} to ${num(props.high)}), threshold ${num(props.threshold)}`;
  return (
    <svg class="interval" viewBox="0 0 200 16" width="200" height="16" role="img" aria-label={label}>
      <line x1="0" y1="8" x2="200" y2="8" class="axis" />
      {props.low !== null && props.high !== null && (
        <line x1={x(props.low)} y1="8" x2={x(props.high)} y2="8" class="range" />
      )}
      <line x1={x(props.threshold)} y1="2" x2={x(props.threshold)} y2="14" class="threshold" />
      {props.value !== null && <circle cx={x(props.value)} cy="8" r="4" class="value" />}
    </svg>
  );
}

function CriterionRow({ report }: { report: Report }) {
  const [name, metric] = Object.entries(report.metrics)[0] ?? [];
  const agreement = report.verdict.checks.find((c) => c.check === 'agreement');
  const baseline = name ? report.human_baseline.metrics[name] : undefined;
  return (
    <tr>
      <th scope="row">{report.key}</th>
      <td>
        <Status value={report.verdict.status} />
      </td>
      <td>
        {name?.replaceAll('_', ' ')}{' '}
        <span class="num">
          {num(metric?.value ?? null)} [{num(metric?.interval.low ?? null)}, {num(metric?.interval.high ?? null)}]
        </span>
        {metric?.reason && <div class="muted">{metric.reason}</div>}
      </td>
      <td>
        {metric && agreement && (
          <IntervalBar
            value={metric.value}
            low={metric.interval.low}
            high={metric.interval.high}
            threshold={agreement.threshold}
          />
        )}
      </td>
      <td class="num">{num(baseline?.value ?? null)}</td>
      <td class="num">
        {report.scored} / {report.labelled}
        {report.unscorable > 0 && <div class="muted">{report.unscorable} unscorable</div>}
      </td>
    </tr>
  );
}

/**
 * Agreement against coverage as model confidence rises (docs/decisions.md 663, 751), as the HTML report draws it: a
 * point per threshold with its data attributes, its interval as a whisker, `min_agreement` dashed, the recommended
 * threshold ringed; then the rows as a table, which is also what a screen reader is given.
 */
function SelectiveChart({ report, minAgreement }: { report: Report; minAgreement: number }) {
  if (report.selective === undefined) return null;
  if (report.selective === null) {
    return (
      <p class="muted" data-selective="none">
        {report.key}: {report.confidence_auroc?.reason ?? 'no confidence'}
      </p>
    );
  }
  const rows = report.selective;
  const [width, height, left, right, top, bottom] = [320, 180, 36, 10, 10, 24];
  const low = Math.min(0, ...rows.flatMap((r) => [r.value ?? 0, r.ci_low ?? 0]));
  const x = (coverage: number) => left + coverage * (width - left - right);
  const y = (v: number) => top + ((1 - v) / (1 - low || 1)) * (height - top - bottom);
  const drawn = rows.filter((r) => r.value !== null);
  const recommended = report.recommended_threshold;
  const auroc = report.confidence_auroc;
  return (
    <figure class="selective">
      <figcaption>
        {report.key}:{' '}
        {recommended
          ? `recommended threshold ${recommended.threshold.toFixed(1)}, keeping ${(recommended.coverage * 100).toFixed(1)} % of items`
          : `no threshold reaches ${num(minAgreement)}`}
        ; confidence AUROC {auroc?.value === null || !auroc ? (auroc?.reason ?? '—') : num(auroc.value)}
      </figcaption>
      <svg
        data-chart="selective"
        data-criterion={report.key}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={`${report.key}: agreement with people against the share of items kept, per confidence threshold`}
      >
        <line x1={x(0)} y1={y(low)} x2={x(1)} y2={y(low)} class="axis" />
        <line x1={x(0)} y1={y(low)} x2={x(0)} y2={y(1)} class="axis" />
        <line x1={x(0)} y1={y(minAgreement)} x2={x(1)} y2={y(minAgreement)} class="threshold" />
        <text x={x(0) - 4} y={y(1) + 4} text-anchor="end">
          1
        </text>
        <text x={x(0) - 4} y={y(low) + 4} text-anchor="end">
          {low.toFixed(1)}
        </text>
        <text x={x(1)} y={height - 6} text-anchor="end">
          100 % kept
        </text>
        {drawn.length > 1 && (
          <polyline points={drawn.map((r) => `${x(r.coverage).toFixed(2)},${y(r.value!).toFixed(2)}`).join(' ')} />
        )}
        {drawn.map((r) => (
          <g key={r.threshold}>
            {r.ci_low !== null && r.ci_high !== null && (
              <line x1={x(r.coverage)} y1={y(r.ci_low)} x2={x(r.coverage)} y2={y(r.ci_high)} class="range" />
            )}
            <circle
              data-threshold={r.threshold}
              data-coverage={r.coverage}
              data-value={r.value!}
              cx={x(r.coverage)}
              cy={y(r.value!)}
              r="4"
              class={r.threshold === recommended?.threshold ? 'value recommended' : 'value'}
            />
          </g>
        ))}
      </svg>
      <table>
        <caption class="visually-hidden">{report.key}: agreement per confidence threshold</caption>
        <thead>
          <tr>
            <th scope="col">Confidence</th>
            <th scope="col" class="num">
              Kept
            </th>
            <th scope="col" class="num">
              Items
            </th>
            <th scope="col">Agreement [95 % interval]</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.threshold}>
              <td>≥ {r.threshold.toFixed(1)}</td>
              <td class="num">{(r.coverage * 100).toFixed(1)} %</td>
              <td class="num">{r.n}</td>
              <td>
                {r.value === null ? (
                  <span class="muted">{r.reason}</span>
                ) : (
                  `${num(r.value)} [${num(r.ci_low)}, ${num(r.ci_high)}]`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Confusion({ report }: { report: Report }) {
  const m = report.confusion_matrix;
  if (!m) return null;
  const max = Math.max(1, ...m.counts.flat());
  return (
    <table class="confusion">
      <caption>{report.key}: people's label (rows) against the model's value (columns)</caption>
      <thead>
        <tr>
          <td />
          {m.labels.map((l) => (
            <th scope="col" key={String(l)}>
              {String(l)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {m.counts.map((row, i) => (
          <tr key={i}>
            <th scope="row">{String(m.labels[i])}</th>
            {row.map((n, j) => (
              <td key={j} class="num heat" style={{ '--heat': (n / max).toFixed(3) }}>
                {n}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Worst({ report }: { report: Report }) {
  if (report.worst_items.length === 0) return null;
  return (
    <table>
      <caption>{report.key}: the items furthest from the people's label</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Person</th>
          <th scope="col">Model</th>
          <th scope="col">Runs</th>
        </tr>
      </thead>
      <tbody>
        {report.worst_items.map((w) => (
          <tr key={w.item_id}>
            <td>{w.external_id ?? w.item_id}</td>
            <td>{shortValue(w.human)}</td>
            <td>{shortValue(w.model)}</td>
            <td>
              {w.run_ids.map((id) => (
                <Link key={id} to={`/runs/${id}`}>
                  {id}{' '}
                </Link>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Compare({ client, id, other }: { client: Assay; id: string; other: string }) {
  const cmp = useLoad<CalibrationComparison>(() => client.calibrations.compare(id, other), [id, other]);
  if (cmp.error) return <ErrorNote error={cmp.error} />;
  if (!cmp.data) return <p class="muted">Comparing…</p>;
  return (
    <table>
      <caption>This calibration against {other}: the difference with its paired 95 % interval</caption>
      <thead>
        <tr>
          <th scope="col">Criterion</th>
          <th scope="col">Metric</th>
          <th scope="col" class="num">
            This
          </th>
          <th scope="col" class="num">
            Other
          </th>
          <th scope="col" class="num">
            Difference [interval]
          </th>
        </tr>
      </thead>
      <tbody>
        {cmp.data.criteria.flatMap((c) =>
          Object.entries(c.metrics).map(([name, m]) => (
            <tr key={`${c.key}-${name}`}>
              <th scope="row">{c.key}</th>
              <td>{name.replaceAll('_', ' ')}</td>
              <td class="num">{num(m.first)}</td>
              <td class="num">{num(m.second)}</td>
              <td class="num">
                {num(m.difference)} [{num(m.interval.low)}, {num(m.interval.high)}]
              </td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}

export function CalibrationView(props: { client: Assay; calibrationId: string; route: Route }) {
  const { client, calibrationId, route } = props;
  const cal = useLoad(() => client.calibrations.get(calibrationId), [calibrationId]);
  usePoll(cal.data?.status === 'running', cal.reload);
  const others = useLoad(async () => {
    const found: Calibration[] = [];
    for await (const c of client.calibrations.list({ limit: 50 })) {
      if (c.id !== calibrationId && c.calibration_set_id === cal.data?.calibration_set_id && c.status === 'succeeded')
        found.push(c);
      if (found.length >= 20) break;
    }
    return found;
  }, [calibrationId, cal.data?.calibration_set_id]);
  const compareWith = route.query.get('compare');

  if (cal.error) return <ErrorNote error={cal.error} />;
  const c = cal.data;
  if (!c) return <p class="muted">Loading…</p>;
  return (
    <section aria-labelledby="calibration-title">
      <div class="title-row">
        <h1 id="calibration-title">Calibration {c.id}</h1>
        <Status value={c.status} />
        <span class="muted">
          {c.items} items × {c.repeats} · {c.livemode ? 'live' : 'test (stub outputs)'}
        </span>
        <span class="actions">
          {c.report_file && (
            <a class="button" href={c.report_file.url}>
              HTML report
            </a>
          )}
          {c.items_file && (
            <a class="button quiet" href={c.items_file.url}>
              Items (XLSX)
            </a>
          )}
        </span>
      </div>
      {c.error && (
        <p class="note note-bad">
          <code>{c.error.code}</code>: {c.error.message}
        </p>
      )}
      {c.criteria ? (
        <>
          <div class="table-wrap" tabIndex={0} role="region" aria-label="Agreement per criterion">
            <table>
              <caption>Agreement with people, per criterion</caption>
              <thead>
                <tr>
                  <th scope="col">Criterion</th>
                  <th scope="col">Verdict</th>
                  <th scope="col">Agreement [95 % interval]</th>
                  <th scope="col">On its scale</th>
                  <th scope="col" class="num">
                    Person–person
                  </th>
                  <th scope="col" class="num">
                    Scored
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.criteria.map((r) => (
                  <CriterionRow key={r.key} report={r} />
                ))}
              </tbody>
            </table>
          </div>
          {c.criteria.some((r) => r.selective !== undefined) && (
            <>
              <h2>Agreement by model confidence</h2>
              <div class="selective-charts">
                {c.criteria.map((r) => (
                  <SelectiveChart key={r.key} report={r} minAgreement={c.thresholds.min_agreement} />
                ))}
              </div>
            </>
          )}
          {c.criteria.map((r) => (
            <details key={r.key}>
              <summary>{r.key}: confusion matrix and worst items</summary>
              <Confusion report={r} />
              <Worst report={r} />
            </details>
          ))}
          <h2>Compare</h2>
          <label>
            With{' '}
            <select
              value={compareWith ?? ''}
              onChange={(e) => navigate(withQuery(route, 'compare', (e.target as HTMLSelectElement).value || null))}
            >
              <option value="">choose a calibration of the same set</option>
              {(others.data ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.id} ({o.workflow_id})
                </option>
              ))}
            </select>
          </label>
          {compareWith && <Compare client={client} id={c.id} other={compareWith} />}
        </>
      ) : (
        <p class="muted">The report appears when the calibration's batch has finished ({c.status}).</p>
      )}
    </section>
  );
}

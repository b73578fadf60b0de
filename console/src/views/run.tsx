/**
 * One run: its status and cost, its output's values, each citation (click one, or `j`/`k`, to see its evidence),
 * the manifest, the output file and the run's execution in the Temporal UI. Polls while the run is still going.
 */
import type { Assay, Run, RunCitation } from '@assay/sdk';
import { TERMINAL_RUN_STATUSES } from '@assay/sdk';
import { useEffect, useState } from 'preact/hooks';
import { ErrorNote } from '../parts/errors';
import { Evidence } from '../parts/evidence';
import { credits, shortValue, took, when } from '../parts/format';
import { Link } from '../parts/link';
import { useLoad, usePoll } from '../parts/load';
import { Status } from '../parts/status';
import { temporalUiUrl } from '../settings';

function Values({ run }: { run: Run }) {
  const output = run.output;
  if (!output) return null;
  return (
    <dl class="values">
      {Object.entries(output).map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{shortValue(value, 400)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The run's citations as buttons; the review queue lists a review's evidence with it too. */
export function Citations(props: { citations: RunCitation[]; selected: number; onSelect: (i: number) => void }) {
  return (
    <ol class="citations" aria-label="Citations (j and k move between them)">
      {props.citations.map((c, i) => (
        <li key={i}>
          <button
            type="button"
            class={i === props.selected ? 'citation selected' : 'citation'}
            aria-pressed={i === props.selected}
            onClick={() => props.onSelect(i)}
          >
            <span class="criterion">{c.criterion}</span>
            {c.quote ? <q>{shortValue(c.quote, 160)}</q> : <em>no evidence found</em>}
            {c.input && <span class="muted"> · {c.input.location.label}</span>}
          </button>
        </li>
      ))}
    </ol>
  );
}

export function RunView({ client, runId }: { client: Assay; runId: string }) {
  const run = useLoad(() => client.runs.get(runId), [runId]);
  const going = run.data !== null && !TERMINAL_RUN_STATUSES.includes(run.data.status);
  usePoll(going, run.reload);
  const citations = run.data?.citations ?? [];
  const [selected, setSelected] = useState(0);

  // j / k move between quotes, as in a reader; ignored while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === 'j') setSelected((i) => Math.min(i + 1, Math.max(citations.length - 1, 0)));
      if (e.key === 'k') setSelected((i) => Math.max(i - 1, 0));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [citations.length]);

  if (run.error) return <ErrorNote error={run.error} />;
  const r = run.data;
  if (!r) return <p class="muted">Loading…</p>;
  return (
    <section aria-labelledby="run-title">
      <div class="title-row">
        <h1 id="run-title">Run {r.id}</h1>
        <Status value={r.status} />
        <span class="muted">
          {r.livemode ? 'live' : 'test'} · <Link to={`/runs?workflow=${r.workflow_id}`}>{r.workflow_id}</Link>
          {r.batch_id && (
            <>
              {' '}
              · batch <Link to={`/batches/${r.batch_id}`}>{r.batch_id}</Link>
            </>
          )}{' '}
          · {took(r.started_at, r.finished_at)} · {credits(r.charged_credits ?? r.quoted_credits)} credits
        </span>
        <span class="actions">
          {r.output_file && (
            <a class="button" href={r.output_file.url} download>
              Output file
            </a>
          )}
          <a class="button quiet" href={temporalUiUrl(r.id)} target="_blank" rel="noopener noreferrer">
            Temporal UI
          </a>
        </span>
      </div>
      {r.error && (
        <p class="note note-bad" role="status">
          <code>{r.error.code}</code>: {r.error.message}
        </p>
      )}
      <div class="split">
        {/* Focusable, so a keyboard can scroll a long page or text. */}
        <div class="pane evidence" role="region" aria-label="Evidence" tabIndex={0}>
          <Evidence client={client} citation={citations[selected] ?? null} />
        </div>
        <div class="pane">
          <h2>Output</h2>
          {r.output ? <Values run={r} /> : <p class="muted">No output yet ({r.status}).</p>}
          <h2>Citations</h2>
          {citations.length === 0 ? (
            <p class="muted">No citations.</p>
          ) : (
            <Citations citations={citations} selected={selected} onSelect={setSelected} />
          )}
          {r.manifest && (
            <details>
              <summary>Manifest</summary>
              <pre class="json">{JSON.stringify(r.manifest, null, 2)}</pre>
            </details>
          )}
          <p class="muted">
            Created {when(r.created_at)} · started {when(r.started_at)} · finished {when(r.finished_at)}
          </p>
        </div>
      </div>
    </section>
  );
}

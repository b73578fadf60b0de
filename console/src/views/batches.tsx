/** Batches: the list, and one batch's live progress, results in each format, and cancel. */
import type { Assay, Batch, BatchResultsFormat } from '@assay/sdk';
import { BATCH_RESULTS_FORMATS, FINAL_BATCH_STATUSES } from '@assay/sdk';
import { useState } from 'preact/hooks';
import { ErrorNote } from '../parts/errors';
import { LoadMore } from '../parts/load-more';
import { credits, when } from '../parts/format';
import { Link } from '../parts/link';
import { useLoad, usePaged, usePoll } from '../parts/load';
import { Status } from '../parts/status';

const done = (b: Batch) => b.counts.succeeded + b.counts.failed + b.counts.canceled + b.counts.refunded;

export function BatchesView({ client }: { client: Assay }) {
  const batches = usePaged<Batch>(() => client.batches.list(), []);
  return (
    <section aria-labelledby="batches-title">
      <h1 id="batches-title">Batches</h1>
      {batches.error ? <ErrorNote error={batches.error} /> : null}
      {!batches.loading && !batches.error && batches.items.length === 0 ? (
        <p class="empty">
          No batches yet. Run a workflow on many documents with <code>npx assay batch --workflow wf_… docs/</code>.
        </p>
      ) : (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Batches">
          <table>
            <caption class="visually-hidden">Batches, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {batches.items.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Link to={`/batches/${b.id}`}>{b.id}</Link>
                  </td>
                  <td>
                    <Status value={b.status} />
                  </td>
                  <td class="num">
                    {done(b)} / {b.counts.total}
                  </td>
                  <td>{when(b.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={batches} />
    </section>
  );
}

export function BatchView({ client, batchId }: { client: Assay; batchId: string }) {
  const batch = useLoad(() => client.batches.get(batchId), [batchId]);
  const b = batch.data;
  usePoll(b !== null && !FINAL_BATCH_STATUSES.includes(b.status), batch.reload);
  const [action, setAction] = useState<{ error: unknown; busy: boolean }>({ error: null, busy: false });

  async function results(format: BatchResultsFormat) {
    setAction({ error: null, busy: true });
    try {
      const file = await client.batches.results(batchId, { format });
      location.assign(file.url);
      setAction({ error: null, busy: false });
    } catch (error) {
      setAction({ error, busy: false });
    }
  }
  async function cancel() {
    setAction({ error: null, busy: true });
    try {
      await client.batches.cancel(batchId);
      batch.reload();
      setAction({ error: null, busy: false });
    } catch (error) {
      setAction({ error, busy: false });
    }
  }

  if (batch.error) return <ErrorNote error={batch.error} />;
  if (!b) return <p class="muted">Loading…</p>;
  const finished = done(b);
  const percent = b.counts.total ? Math.round((finished / b.counts.total) * 100) : 0;
  return (
    <section aria-labelledby="batch-title">
      <div class="title-row">
        <h1 id="batch-title">Batch {b.id}</h1>
        <Status value={b.status} />
      </div>
      <label for="batch-progress">
        {finished} of {b.counts.total} items finished ({percent} %)
      </label>
      <progress id="batch-progress" max={b.counts.total} value={finished}>
        {percent} %
      </progress>
      <dl class="counts">
        {(['queued', 'running', 'succeeded', 'failed', 'canceled', 'refunded'] as const).map((k) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd class="num">{b.counts[k]}</dd>
          </div>
        ))}
        <div>
          <dt>credits</dt>
          <dd class="num">
            {credits(b.charged_credits)} of {credits(b.quoted_credits)}
          </dd>
        </div>
      </dl>
      <p>
        <Link to={`/runs?batch=${b.id}`}>Its runs</Link>
      </p>
      <div class="actions">
        {BATCH_RESULTS_FORMATS.map((f) => (
          <button key={f} type="button" onClick={() => void results(f)} disabled={action.busy}>
            Results ({f})
          </button>
        ))}
        {!FINAL_BATCH_STATUSES.includes(b.status) && (
          <button type="button" class="danger" onClick={() => void cancel()} disabled={action.busy}>
            Cancel batch
          </button>
        )}
      </div>
      {action.error ? <ErrorNote error={action.error} /> : null}
    </section>
  );
}

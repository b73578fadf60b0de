/** Runs, newest first, filtered by status and workflow from the address (so a filtered view can be shared). */
import type { Assay, Run, RunStatus } from '@assay/sdk';
import { ErrorNote } from '../parts/errors';
import { LoadMore } from '../parts/load-more';
import { credits, when } from '../parts/format';
import { Link } from '../parts/link';
import { usePaged } from '../parts/load';
import { Status } from '../parts/status';
import { navigate, withQuery, type Route } from '../router';

const STATUSES: RunStatus[] = ['queued', 'running', 'succeeded', 'failed', 'canceled', 'refunded'];

export function RunsView({ client, route }: { client: Assay; route: Route }) {
  const status = (route.query.get('status') as RunStatus | null) ?? undefined;
  const workflowId = route.query.get('workflow') ?? undefined;
  const batchId = route.query.get('batch') ?? undefined;
  const runs = usePaged<Run>(() => client.runs.list({ status, workflowId, batchId }), [status, workflowId, batchId]);

  return (
    <section aria-labelledby="runs-title">
      <h1 id="runs-title">Runs</h1>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status{' '}
          <select
            value={status ?? ''}
            onChange={(e) => navigate(withQuery(route, 'status', (e.target as HTMLSelectElement).value || null))}
          >
            <option value="">any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {workflowId && (
          <span class="tag">
            workflow {workflowId} <Link to={withQuery(route, 'workflow', null)}>clear</Link>
          </span>
        )}
        {batchId && (
          <span class="tag">
            batch {batchId} <Link to={withQuery(route, 'batch', null)}>clear</Link>
          </span>
        )}
      </form>
      {runs.error ? <ErrorNote error={runs.error} /> : null}
      {!runs.loading && !runs.error && runs.items.length === 0 ? (
        <p class="empty">
          No runs yet. Start one with <code>npx assay run --workflow wf_… essay.pdf</code> or the API.
        </p>
      ) : (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Runs">
          <table>
            <caption class="visually-hidden">Runs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Status</th>
                <th scope="col">Workflow</th>
                <th scope="col">Created</th>
                <th scope="col" class="num">
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.items.map((run) => (
                <tr key={run.id}>
                  <td>
                    <Link to={`/runs/${run.id}`}>{run.id}</Link>
                    {run.external_id && <div class="muted">{run.external_id}</div>}
                  </td>
                  <td>
                    <Status value={run.status} />
                  </td>
                  <td>
                    <Link to={withQuery(route, 'workflow', run.workflow_id)}>{run.workflow_id}</Link>
                  </td>
                  <td>{when(run.created_at)}</td>
                  <td class="num">{credits(run.charged_credits ?? run.quoted_credits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p aria-live="polite" class="muted">
        {runs.loading ? 'Loading…' : ''}
      </p>
      <LoadMore list={runs} />
    </section>
  );
}

/** Workflows: the list, and one workflow's settings (criteria, confidence and review where it has them). */
import type { Assay, Workflow } from '@assay/sdk';
import { ErrorNote } from '../parts/errors';
import { LoadMore } from '../parts/load-more';
import { when } from '../parts/format';
import { Link } from '../parts/link';
import { useLoad, usePaged } from '../parts/load';
import { Status } from '../parts/status';

export function WorkflowsView({ client }: { client: Assay }) {
  const list = usePaged<Workflow>(() => client.workflows.list(), []);
  return (
    <section aria-labelledby="workflows-title">
      <h1 id="workflows-title">Workflows</h1>
      {list.error ? <ErrorNote error={list.error} /> : null}
      {!list.loading && !list.error && list.items.length === 0 ? (
        <p class="empty">
          No workflows yet. Create one with <code>POST /v1/workflows</code> (see the API reference at /docs).
        </p>
      ) : (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Workflows">
          <table>
            <caption class="visually-hidden">Workflows</caption>
            <thead>
              <tr>
                <th scope="col">Workflow</th>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((w) => (
                <tr key={w.id}>
                  <td>
                    <Link to={`/workflows/${w.id}`}>{w.id}</Link>
                  </td>
                  <td>{w.name}</td>
                  <td>
                    <Status value={w.status} />
                  </td>
                  <td>{when(w.created_at)}</td>
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

export function WorkflowView({ client, workflowId }: { client: Assay; workflowId: string }) {
  const wf = useLoad(() => client.workflows.get(workflowId), [workflowId]);
  if (wf.error) return <ErrorNote error={wf.error} />;
  const w = wf.data;
  if (!w) return <p class="muted">Loading…</p>;
  const settings = w as Workflow & { criteria?: unknown; confidence?: unknown; review?: unknown };
  return (
    <section aria-labelledby="workflow-title">
      <div class="title-row">
        <h1 id="workflow-title">{w.name}</h1>
        <Status value={w.status} />
        <span class="muted">{w.id}</span>
      </div>
      <p>
        <Link to={`/runs?workflow=${w.id}`}>Its runs</Link>
      </p>
      {(['criteria', 'confidence', 'review'] as const).map((k) =>
        settings[k] !== undefined && settings[k] !== null ? (
          <details key={k} open>
            <summary>{k}</summary>
            <pre class="json">{JSON.stringify(settings[k], null, 2)}</pre>
          </details>
        ) : null,
      )}
      <details>
        <summary>Everything</summary>
        <pre class="json">{JSON.stringify(w, null, 2)}</pre>
      </details>
    </section>
  );
}

/** Webhook endpoints and each one's deliveries, with every attempt, and redelivery. */
import type { Assay, WebhookDelivery } from '@assay/sdk';
import { useState } from 'preact/hooks';
import { ErrorNote } from '../parts/errors';
import { LoadMore } from '../parts/load-more';
import { when } from '../parts/format';
import { Link } from '../parts/link';
import { useLoad, usePaged } from '../parts/load';
import { Status } from '../parts/status';
import { withQuery, type Route } from '../router';

function Deliveries({ client, endpointId }: { client: Assay; endpointId: string }) {
  const [tick, setTick] = useState(0);
  const list = usePaged<WebhookDelivery>(() => client.webhookDeliveries.list(endpointId), [endpointId, tick]);
  const [action, setAction] = useState<{ error: unknown; done: string | null }>({ error: null, done: null });
  async function retry(id: string) {
    setAction({ error: null, done: null });
    try {
      await client.webhookDeliveries.retry(id);
      setAction({ error: null, done: id });
      setTick((t) => t + 1);
    } catch (error) {
      setAction({ error, done: null });
    }
  }
  return (
    <div>
      <h2>Deliveries of {endpointId}</h2>
      {list.error ? <ErrorNote error={list.error} /> : null}
      {action.error ? <ErrorNote error={action.error} /> : null}
      <p aria-live="polite" class="muted">
        {action.done ? `Redelivering ${action.done}.` : ''}
      </p>
      {!list.loading && list.items.length === 0 && <p class="empty">No deliveries yet.</p>}
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Webhook deliveries">
        <table>
          <caption class="visually-hidden">Deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Delivery</th>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Last attempt</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((d) => {
              const last = d.attempts[d.attempts.length - 1];
              return (
                <tr key={d.id}>
                  <td>{d.id}</td>
                  <td>
                    {d.event_type}
                    <div class="muted">{d.event_id}</div>
                  </td>
                  <td>
                    <Status value={d.status} />
                  </td>
                  <td>
                    {last
                      ? `${when(last.attempted_at)} · ${last.status_code ?? last.error ?? 'no answer'} · ${last.latency_ms} ms`
                      : '—'}
                  </td>
                  <td>
                    <button type="button" onClick={() => void retry(d.id)} aria-label={`Redeliver ${d.id}`}>
                      Redeliver
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LoadMore list={list} />
    </div>
  );
}

export function DeliveriesView({ client, route }: { client: Assay; route: Route }) {
  const endpoints = useLoad(() => client.webhookEndpoints.list(), []);
  const selected = route.query.get('endpoint');
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      {endpoints.error ? <ErrorNote error={endpoints.error} /> : null}
      {endpoints.data && endpoints.data.length === 0 && (
        <p class="empty">
          No webhook endpoints. Add one with <code>POST /v1/webhook-endpoints</code>, or forward events to your laptop
          with <code>npx assay listen --forward-to http://localhost:3000/hooks</code>.
        </p>
      )}
      <ul class="plain">
        {(endpoints.data ?? []).map((e) => (
          <li key={e.id}>
            <Link to={withQuery(route, 'endpoint', e.id)} aria-current={selected === e.id ? 'page' : undefined}>
              {e.url}
            </Link>{' '}
            <Status value={e.status} /> <span class="muted">{e.id}</span>
          </li>
        ))}
      </ul>
      {selected && <Deliveries client={client} endpointId={selected} />}
    </section>
  );
}

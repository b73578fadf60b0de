/** The balance and this month's usage (per workflow). */
import type { Assay } from '@assay/sdk';
import { ErrorNote } from '../parts/errors';
import { credits } from '../parts/format';
import { useLoad } from '../parts/load';

export function UsageView({ client }: { client: Assay }) {
  const balance = useLoad(() => client.usage.balance(), []);
  const usage = useLoad(() => client.usage.get({ groupBy: 'workflow' }), []);
  return (
    <section aria-labelledby="usage-title">
      <h1 id="usage-title">Usage</h1>
      <h2>Balance</h2>
      {balance.error ? (
        <ErrorNote error={balance.error} />
      ) : balance.data ? (
        <p class="big num">
          {credits(balance.data.pro_credits)} credits{' '}
          <span class="muted">
            ({credits(balance.data.bonus_pro)} bonus, {credits(balance.data.regular_pro)} regular)
          </span>
        </p>
      ) : (
        <p class="muted">Loading…</p>
      )}
      <h2>This month</h2>
      {usage.error ? (
        <ErrorNote error={usage.error} />
      ) : usage.data ? (
        <>
          <p>
            {usage.data.period.from} to {usage.data.period.to}: {usage.data.total_runs} runs,{' '}
            {credits(usage.data.total_credits)} credits
          </p>
          <table>
            <caption>By workflow</caption>
            <thead>
              <tr>
                <th scope="col">Workflow</th>
                <th scope="col" class="num">
                  Runs
                </th>
                <th scope="col" class="num">
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {usage.data.by_workflow.map((w) => (
                <tr key={w.workflow_id}>
                  <td>
                    {w.name} <span class="muted">{w.workflow_id}</span>
                  </td>
                  <td class="num">{w.runs}</td>
                  <td class="num">{credits(w.credits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p class="muted">Loading…</p>
      )}
    </section>
  );
}

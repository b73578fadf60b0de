/** `/usage`: the usage report and the credit balance (docs/api-reference.md §17). */
import { getBalance } from '../../domain/billing/balance';
import { Balance, UsageQuery, UsageReport } from '../../domain/billing/schemas';
import { usageReport } from '../../domain/billing/usage';
import { evaluationWorkflowNames } from '../../domain/evaluation-workflows/evaluation-workflows';
import { route, type RouteSpec } from '../route';

export function usageRoutes(): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/usage',
      access: { kind: 'api_key', scope: 'usage:read' },
      tag: 'Usage',
      summary: 'Usage report',
      description:
        'Admitted live-mode runs created in the period (UTC days, `to` inclusive; default: the current month to ' +
        'today; at most 366 days) and the credits they were charged. Test-mode runs cost nothing and are not counted. ' +
        '`by_workflow` is always present and filled only with `group_by=workflow`.',
      query: UsageQuery,
      responses: { 200: { description: 'The report', schema: UsageReport } },
      handler: async ({ tenant, query }) => ({
        status: 200,
        body: await usageReport(tenant, query, evaluationWorkflowNames),
      }),
    }),
    route({
      method: 'get',
      path: '/usage/balance',
      access: { kind: 'api_key', scope: 'usage:read' },
      tag: 'Usage',
      summary: 'Credit balance',
      description: '`pro_credits` = `bonus_pro` + `regular_pro`. Bonus credits are spent first.',
      responses: { 200: { description: 'The balance', schema: Balance } },
      handler: async ({ tenant }) => ({ status: 200, body: await getBalance(tenant) }),
    }),
  ];
}

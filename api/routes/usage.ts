/** `/usage`: credit balance (and, with the runs issue, usage reports). */
import { getBalance } from '../../domain/balance';
import { Balance } from '../../domain/schemas/usage';
import { route, type RouteSpec } from '../route';

export function usageRoutes(): RouteSpec[] {
  return [
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

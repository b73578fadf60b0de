/** Usage: credits spent and runs counted, and the balance left. */
import { unwrap, type Transport } from '../transport';
import type { Balance, UsageReport } from '../types';

export function usageResource(http: Transport) {
  const { api } = http;
  return {
    /** Credits spent and runs counted over a period (default: this UTC month to today); `groupBy` fills `by_workflow`. */
    get: async (params: { from?: string; to?: string; groupBy?: 'workflow' } = {}): Promise<UsageReport> =>
      unwrap(
        await api.GET('/usage', {
          params: { query: { from: params.from, to: params.to, group_by: params.groupBy } },
        }),
      ),
    balance: async (): Promise<Balance> => unwrap(await api.GET('/usage/balance')),
  };
}

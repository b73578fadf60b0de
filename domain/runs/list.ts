/**
 * The runs' list index (domain/http/list-index.ts): one list per account, newest first, read by `_id` lookups only.
 * A run's snapshot is trusted once it is final and admitted or rejected: after that only an operator refund changes
 * what the list shows, and the refund claims the entry first (lifecycle.ts). Filters (`workflow_id`, `status`) are
 * applied to the runs of the caller's own account while paging: their cost never grows with other accounts' runs.
 */
import type { Db } from 'mongodb';
import { bulkWriteInBatches, COLLECTIONS } from '../platform/db';
import type { Cursors, PageQuery } from '../http/pagination';
import { readList, type ListSpec } from '../http/list-index';
import type { TenantDb } from '../access/tenant';
import type { RunDoc } from './run-doc';
import { FINAL_RUN_STATUSES, type RunStatus } from './schemas';

export const RUN_LIST: ListSpec<RunDoc> = {
  name: 'runs',
  collection: COLLECTIONS.runs,
  scopeOf: () => '',
  settled: (run) => FINAL_RUN_STATUSES.has(run.status) && run.admission !== 'pending',
  async setPositions(db: Db, accountId: string, positions: Array<{ id: string; q: number }>) {
    if (positions.length === 0) return;
    await bulkWriteInBatches(
      db.collection<RunDoc>(COLLECTIONS.runs),
      positions.map(({ id, q }) => ({
        updateOne: {
          filter: { _id: id, account_id: accountId, list_pos: { $exists: false } },
          update: { $set: { list_pos: q } },
        },
      })),
    );
  },
};

export async function listRuns(
  tenant: TenantDb,
  page: PageQuery & { workflow_id?: string; status?: RunStatus },
  cursors: Cursors,
) {
  const scope = `runs:${page.workflow_id ?? ''}:${page.status ?? ''}`;
  const accept = (run: RunDoc) =>
    run.admission === 'admitted' &&
    (!page.workflow_id || run.workflow_id === page.workflow_id) &&
    (!page.status || run.status === page.status);
  return readList(tenant, RUN_LIST, '', page, cursors, scope, accept);
}

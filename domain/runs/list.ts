/**
 * The runs' list (domain/store/): one list per account, newest first. A run is settled once it is final and
 * admitted or rejected: after that only an operator refund changes what the list shows, and the refund goes through
 * `lists().change` (lifecycle.ts). Filters (`workflow_id`, `status`) apply to the caller's own account's runs only:
 * their cost never grows with other accounts' runs.
 */
import { COLLECTIONS } from '../platform/db';
import type { Cursors, PageQuery } from '../http/pagination';
import { lists, type ListFilter, type ListSpec } from '../store';
import type { TenantDb } from '../store';
import type { RunDoc } from './run-doc';
import { FINAL_RUN_STATUSES, type RunStatus } from './schemas';

export const RUN_LIST: ListSpec<RunDoc> = {
  name: 'runs',
  collection: COLLECTIONS.runs,
  scopeOf: () => '',
  settled: (run) => FINAL_RUN_STATUSES.has(run.status) && run.admission !== 'pending',
  shapes: [
    { equal: ['admission'], other: [] },
    { equal: ['admission', 'workflow_id'], other: [] },
    { equal: ['admission', 'status'], other: [] },
    { equal: ['admission', 'status', 'workflow_id'], other: [] },
    { equal: ['admission', 'batch_id'], other: [] },
    { equal: ['admission', 'batch_id', 'status'], other: [] },
  ],
};

export async function listRuns(
  tenant: TenantDb,
  page: PageQuery & { workflow_id?: string; status?: RunStatus; batch_id?: string },
  cursors: Cursors,
) {
  const filter: ListFilter = { admission: 'admitted' };
  // A batch's items: the batch names its workflow, so the two filters are not combined (400 in the route).
  if (page.batch_id) filter.batch_id = page.batch_id;
  else if (page.workflow_id) filter.workflow_id = page.workflow_id;
  if (page.status) filter.status = page.status;
  const { limit, cursor } = page;
  return lists().read<RunDoc>(tenant, RUN_LIST, {
    scope: '',
    page: { limit, cursor },
    cursors,
    cursorScope: `runs:${page.workflow_id ?? ''}:${page.status ?? ''}:${page.batch_id ?? ''}`,
    filter,
  });
}

/** A change to a run that may be settled (its list may hold a copy of it): the entry is held while `write` runs. */
export function changeListedRun<R>(tenant: TenantDb, run: RunDoc, write: () => Promise<R>): Promise<R> {
  return lists().change(tenant, RUN_LIST, run, write);
}

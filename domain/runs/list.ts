/**
 * The runs list's read (its declaration is `RUNS`, run-doc.ts). Filters (`workflow_id`, `status`, `batch_id`) apply
 * to the caller's own account's runs only.
 */
import type { Cursors, PageQuery } from '../http/pagination';
import type { ListFilter, TenantDb } from '../store';
import { RUNS, type RunDoc } from './run-doc';
import type { RunStatus } from './schemas';

/** The runs' list, for the store's own tests. */
export const RUN_LIST = RUNS.list!;

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
  return RUNS.page(tenant, {
    page: { limit, cursor },
    cursors,
    cursorScope: `runs:${page.workflow_id ?? ''}:${page.status ?? ''}:${page.batch_id ?? ''}`,
    filter,
  });
}

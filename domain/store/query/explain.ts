/**
 * Whether MongoDB serves each `query` list read from an index, in order (`npm run ops -- explain-lists`): per list
 * and declared filter shape, the planner's winning plan for a page read must scan an index (IXSCAN) and sort nothing
 * in memory (no SORT stage), so no list read's cost grows with other accounts' data. Only a real MongoDB can say: on
 * FerretDB the check is skipped with the reason, since FerretDB 1.x plans nothing but `_id` equality.
 */
import type { Db, Document } from 'mongodb';
import type { Listed, ListFilter, ListShape, ListSpec } from '../list-spec';
import { detectListStrategy } from '../strategy';
import { LIST_SORT, listQuery } from './lists';

/** A filter of the given shape with placeholder values (the plan depends on the shape, not the values). */
function sampleFilter(shape: ListShape): ListFilter {
  const filter: ListFilter = {};
  for (const f of shape.equal) filter[f] = 'sample';
  for (const f of shape.other) filter[f] = f === 'created_at' ? { $gte: new Date(0) } : { $in: ['a', 'b'] };
  return filter;
}

function stages(plan: Document | undefined, into: string[] = []): string[] {
  if (!plan) return into;
  into.push(String(plan.stage));
  stages(plan.inputStage as Document | undefined, into);
  for (const p of (plan.inputStages as Document[] | undefined) ?? []) stages(p, into);
  return into;
}

export interface ListExplanation {
  list: string;
  shape: ListShape;
  stages: string[];
  ok: boolean;
}

/** Null with the reason when the server is not MongoDB; otherwise each list read's plan. */
export async function explainLists(
  db: Db,
  specs: Array<ListSpec<Listed>>,
): Promise<{ skipped: string } | { explained: ListExplanation[] }> {
  const { strategy, server } = await detectListStrategy(db);
  if (server.startsWith('FerretDB'))
    return { skipped: `the server is ${server} (strategy ${strategy}): only MongoDB plans these reads` };
  const explained: ListExplanation[] = [];
  for (const spec of specs)
    for (const shape of spec.shapes) {
      const filter = {
        account_id: 'acct_sample',
        ...listQuery(spec, 'scope', sampleFilter(shape), { q: 1000, id: 'z' }),
      };
      const plan = (await db
        .collection(spec.collection)
        .find(filter, { sort: LIST_SORT, limit: 21 })
        .explain('queryPlanner')) as Document;
      const found = stages((plan.queryPlanner as Document | undefined)?.winningPlan as Document | undefined);
      explained.push({
        list: spec.name,
        shape,
        stages: found,
        ok: found.includes('IXSCAN') && !found.includes('SORT') && !found.includes('COLLSCAN'),
      });
    }
  return { explained };
}

/** The list rows: a page of 20 of every listed kind, p99 under load, with BENCH_SEED of each stored. */
import { load, type Load } from './measure';
import { phase } from './phases';
import { LIST_CONNECTIONS } from './settings';

export async function measureLists(
  { base, auth }: { base: string; auth: { authorization: string } },
  endpointId: string | undefined,
): Promise<Array<{ name: string; load: Load | null; why: string }>> {
  const listPaths: Array<[string, string | null]> = [
    ['GET /runs?limit=20', '/runs?limit=20'],
    ['GET /workflows?limit=20', '/workflows?limit=20'],
    ['GET /documents?limit=20', '/documents?limit=20'],
    ['GET /reference-documents?limit=20', '/reference-documents?limit=20'],
    ['GET /events?limit=20', '/events?limit=20'],
    [
      'GET /webhook-endpoints/{id}/deliveries?limit=20',
      endpointId ? `/webhook-endpoints/${endpointId}/deliveries?limit=20` : null,
    ],
  ];
  const lists: Array<{ name: string; load: Load | null; why: string }> = [];
  for (const [name, path] of listPaths) {
    if (!path) {
      lists.push({ name, load: null, why: 'no endpoint' });
      continue;
    }
    const measured = await phase(`list ${name}`, async () => {
      const probe = await fetch(`${base}${path}`, { headers: auth });
      if (!probe.ok) return { name, load: null, why: `answers ${probe.status}` };
      return {
        name,
        load: await load(name, { url: `${base}${path}`, headers: auth, connections: LIST_CONNECTIONS }),
        why: '',
      };
    });
    lists.push(measured ?? { name, load: null, why: 'failed (see Failures)' });
  }
  return lists;
}

/**
 * What each API process remembers of listed items (domain/store/pages/list-index.ts): a copy is used only under the
 * generation the entry has when it is read afresh, so a change made through another process, or by a writer that
 * crashed holding the entry, shows in the very next list read of a process that had read the list before.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { TenantDb } from '../../domain/store';
import { lists } from '../../domain/store';
import { WORKFLOW_LIST, type EvaluationWorkflowDoc } from '../../domain/evaluation-workflows/evaluation-workflows';
import type { TestContext } from '../support/app';
import { newAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';
import { useTwoApiProcesses } from '../support/two-apis';
import { putToUploadUrl, waitForReference } from '../support/uploads';

const apis = useTwoApiProcesses();
let t: TestContext;
let origins: [string, string];
beforeAll(() => {
  ({ t, origins } = apis);
});

type Item = { id: string; name?: string; status?: string };

async function call(origin: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${origin}/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: Item[] } & Record<string, unknown> };
}

const listed = async (origin: string, key: string, path: string) => {
  const res = await call(origin, 'GET', path, key);
  expect(res.status).toBe(200);
  return res.body.data.map((i) => [i.id, i.name, i.status]);
};

it("shows a change made through one API process in the other's next list read, though it had read the list before", async () => {
  const a = await newAccount(t);
  const key = await a.key({ mode: 'test' });
  const [w1, w2, w3] = [
    await makeWorkflow(t, key, { name: 'one' }),
    await makeWorkflow(t, key, { name: 'two' }),
    await makeWorkflow(t, key, { name: 'three' }),
  ];
  // The second process reads the list twice (the second read answers from what it remembers).
  for (let read = 0; read < 2; read++) {
    expect(await listed(origins[1], key, '/workflows')).toEqual([
      [w3, 'three', 'active'],
      [w2, 'two', 'active'],
      [w1, 'one', 'active'],
    ]);
  }
  expect((await call(origins[0], 'PATCH', `/workflows/${w2}`, key, { name: 'renamed', status: 'paused' })).status).toBe(
    200,
  );
  expect((await call(origins[0], 'DELETE', `/workflows/${w1}`, key)).status).toBe(200);
  for (let read = 0; read < 2; read++) {
    expect(await listed(origins[1], key, '/workflows')).toEqual([
      [w3, 'three', 'active'],
      [w2, 'renamed', 'paused'],
    ]);
  }
  // And back: a change through the second process shows in the first's next read.
  expect(await listed(origins[0], key, '/workflows')).toEqual([
    [w3, 'three', 'active'],
    [w2, 'renamed', 'paused'],
  ]);
  expect((await call(origins[1], 'PATCH', `/workflows/${w3}`, key, { name: 'three again' })).status).toBe(200);
  expect(await listed(origins[0], key, '/workflows')).toEqual([
    [w3, 'three again', 'active'],
    [w2, 'renamed', 'paused'],
  ]);
});

it('shows items created through another process since this one last read the list, on a page this one has not seen', async () => {
  const a = await newAccount(t);
  const key = await a.key({ mode: 'test' });
  const firstId = await makeWorkflow(t, key, { name: 'first' });
  // The second process has seen the list's head when it held one item: its guess of the entry pages to read with
  // the head is the first page only.
  expect((await listed(origins[1], key, '/workflows')).map(([id]) => id)).toEqual([firstId]);
  const made: string[] = [];
  for (let i = 0; i < 40; i++)
    made.push(
      (
        await call(origins[0], 'POST', '/workflows', key, {
          product_code: 'general_evaluation',
          name: `w${i}`,
          output_format: 'json',
        })
      ).body.id as string,
    );
  const expected = [...made].reverse();
  expect((await listed(origins[1], key, '/workflows?limit=20')).map(([id]) => id)).toEqual(expected.slice(0, 20));
  expect((await listed(origins[1], key, '/workflows?limit=100')).map(([id]) => id)).toEqual([...expected, firstId]);
}, 120_000);

it('reads an item whose writer crashed while holding its entry from the item itself, not from what the process remembers', async () => {
  const a = await newAccount(t);
  const key = await a.key({ mode: 'test' });
  const id = await makeWorkflow(t, key, { name: 'before' });
  const auth = { Authorization: `Bearer ${key}` };
  for (let read = 0; read < 2; read++) {
    expect((await t.api.get('/v1/workflows').set(auth)).body.data.map((w: Item) => w.name)).toEqual(['before']);
  }
  // A writer claims the entry, changes the item, and dies before releasing the claim.
  const tenant = new TenantDb(t.database.db, a.accountId);
  const workflows = tenant.collection<EvaluationWorkflowDoc>(COLLECTIONS.workflows);
  await expect(
    lists().change(tenant, WORKFLOW_LIST, (await workflows.findOne({ _id: id }))!, async () => {
      await workflows.updateOne({ _id: id }, { $set: { name: 'after' } });
      throw new Error('the writer died');
    }),
  ).rejects.toThrow('the writer died');
  for (let read = 0; read < 2; read++) {
    expect((await t.api.get('/v1/workflows').set(auth)).body.data.map((w: Item) => w.name)).toEqual(['after']);
  }
});

it('shows a reference document indexed meanwhile as the document is now, in a process that listed it while processing', async () => {
  const a = await newAccount(t);
  const key = await a.key({ mode: 'test' });
  const bytes = Buffer.from('Criterion: the essay states a thesis. Criterion: the essay cites sources.');
  const created = await call(origins[0], 'POST', '/reference-documents', key, {
    name: 'Rubric',
    filename: 'r.txt',
    mime_type: 'text/plain',
    size_bytes: bytes.length,
  });
  expect(created.status).toBe(201);
  const refId = created.body.id as string;
  expect(
    (
      await putToUploadUrl(
        created.body.upload_url as string,
        created.body.upload_headers as Record<string, string>,
        bytes,
      )
    ).ok,
  ).toBe(true);
  for (let read = 0; read < 2; read++) {
    const list = await call(origins[1], 'GET', '/reference-documents', key);
    expect(list.body.data).toEqual([expect.objectContaining({ id: refId, status: 'processing', chunk_count: null })]);
  }
  expect((await call(origins[0], 'POST', `/reference-documents/${refId}/complete`, key)).status).toBe(200);
  // Indexed by the worker (a third process): extraction, then `ready` with its chunk count.
  const ready = await waitForReference(t, key, refId);
  expect(ready.status).toBe('ready');
  expect(ready.chunk_count).toBeGreaterThan(0);
  for (let read = 0; read < 2; read++) {
    expect((await call(origins[1], 'GET', '/reference-documents', key)).body.data).toEqual([ready]);
  }
}, 90_000);

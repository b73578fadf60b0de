/**
 * GET /v1/usage against the real database: run documents are seeded directly with chosen dates, charges and modes
 * and counted into the usage rollup as their settlement would, so the expected totals are known sums; another
 * account's runs are seeded alongside and must never count.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { newId } from '../../domain/platform/ids';
import type { RunDoc } from '../../domain/runs';
import { countRunUsage } from '../../domain/runs/usage-count';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';
import { makeWorkflow } from '../support/runs';

let t: TestContext;
let a: TestAccount;
let key: string;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  a = await newAccount(t);
  key = await a.key({ mode: 'live', scopes: ['usage:read', 'workflows:write'] });
});
afterAll(async () => {
  await t.close();
});

type Seed = Partial<RunDoc> & { created_at: Date };

async function seed(accountId: string, runs: Seed[]): Promise<RunDoc[]> {
  const docs = runs.map((r): RunDoc => ({
    _id: newId('run'),
    account_id: accountId,
    workflow_id: 'wf_seeded_a',
    workflow_name: 'Seeded A',
    product_code: 'general_evaluation',
    admission: 'admitted',
    status: 'succeeded',
    mode: 'async',
    livemode: true,
    key_id: 'key_seeded',
    model_policy: 'auto',
    output_format: 'json',
    quoted_milli: 1000,
    charged_milli: 1000,
    input_documents: [],
    reference_document_ids: [],
    metadata_json: '{}',
    output_json: null,
    output_file: null,
    usage: { input_tokens: null, output_tokens: null, model: null, rag_strategy: null },
    error: null,
    started_at: null,
    finished_at: null,
    refunded_at: null,
    ...r,
  }));
  await t.database.db.collection<RunDoc>(COLLECTIONS.runs).insertMany(docs);
  // What the run's admission and settlement do in production: count it into the usage rollup.
  for (const doc of docs) await countRunUsage(t.database.db, doc.account_id, doc._id);
  return docs;
}

const at = (iso: string) => new Date(iso);
const credits = (runs: RunDoc[]) => runs.reduce((n, r) => n + (r.charged_milli ?? 0), 0) / 1000;

describe('GET /v1/usage over a seeded month', () => {
  it('counts admitted live runs of the period, to inclusive, and sums what they were charged', async () => {
    const counted = await seed(a.accountId, [
      { created_at: at('2024-03-01T00:00:00.000Z'), charged_milli: 1200 },
      {
        created_at: at('2024-03-15T12:00:00.000Z'),
        charged_milli: 1600,
        workflow_id: 'wf_seeded_b',
        workflow_name: 'Seeded B',
      },
      { created_at: at('2024-03-20T08:00:00.000Z'), charged_milli: 0, status: 'failed' },
      { created_at: at('2024-03-21T08:00:00.000Z'), charged_milli: 0, status: 'refunded' },
      { created_at: at('2024-03-22T08:00:00.000Z'), charged_milli: null, status: 'running' },
      {
        created_at: at('2024-03-31T23:59:59.999Z'),
        charged_milli: 2450,
        workflow_id: 'wf_seeded_b',
        workflow_name: 'Seeded B',
      },
    ]);
    // Outside the period, test mode, never admitted, or another account's: none of these count.
    await seed(a.accountId, [
      { created_at: at('2024-02-29T23:59:59.999Z'), charged_milli: 5000 },
      { created_at: at('2024-04-01T00:00:00.000Z'), charged_milli: 5000 },
      { created_at: at('2024-03-10T00:00:00.000Z'), charged_milli: 0, livemode: false },
      { created_at: at('2024-03-11T00:00:00.000Z'), charged_milli: null, admission: 'rejected' },
      { created_at: at('2024-03-12T00:00:00.000Z'), charged_milli: null, admission: 'pending' },
    ]);
    const other = await newAccount(t);
    await seed(other.accountId, [{ created_at: at('2024-03-15T00:00:00.000Z'), charged_milli: 7000 }]);

    const res = await t.api.get('/v1/usage?from=2024-03-01&to=2024-03-31').set(auth(key));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      period: { from: '2024-03-01', to: '2024-03-31' },
      total_runs: counted.length,
      total_credits: credits(counted),
      total_generations: 0,
      by_workflow: [],
      economy: { runs: 0, credits: 0 },
    });
    expect(res.body.total_credits).toBe(5.25);

    const grouped = await t.api.get('/v1/usage?from=2024-03-01&to=2024-03-31&group_by=workflow').set(auth(key));
    expect(grouped.status).toBe(200);
    const ofB = counted.filter((r) => r.workflow_id === 'wf_seeded_b');
    const ofA = counted.filter((r) => r.workflow_id === 'wf_seeded_a');
    expect(grouped.body.by_workflow).toEqual([
      { workflow_id: 'wf_seeded_b', name: 'Seeded B', runs: ofB.length, credits: credits(ofB) },
      { workflow_id: 'wf_seeded_a', name: 'Seeded A', runs: ofA.length, credits: credits(ofA) },
    ]);
    expect(grouped.body.total_credits).toBe(res.body.total_credits);

    // `to` is inclusive: the last day alone holds the 23:59:59.999 run and nothing of the next day.
    const lastDay = await t.api.get('/v1/usage?from=2024-03-31&to=2024-03-31').set(auth(key));
    expect([lastDay.body.total_runs, lastDay.body.total_credits]).toEqual([1, 2.45]);
  });

  it('names a workflow as it is now, also after it was deleted', async () => {
    const wf = await makeWorkflow(t, key, { name: 'Before rename' });
    await seed(a.accountId, [
      {
        created_at: at('2024-05-02T00:00:00.000Z'),
        workflow_id: wf,
        workflow_name: 'Before rename',
        charged_milli: 1000,
      },
    ]);
    expect((await t.api.patch(`/v1/workflows/${wf}`).set(auth(key)).send({ name: 'After rename' })).status).toBe(200);
    expect((await t.api.delete(`/v1/workflows/${wf}`).set(auth(key))).status).toBe(200);
    const res = await t.api.get('/v1/usage?from=2024-05-01&to=2024-05-31&group_by=workflow').set(auth(key));
    expect(res.body.by_workflow).toEqual([{ workflow_id: wf, name: 'After rename', runs: 1, credits: 1 }]);
  });

  it('defaults to the current UTC month up to today', async () => {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    await seed(a.accountId, [
      { created_at: monthStart, charged_milli: 1500 },
      { created_at: now, charged_milli: 500 },
      { created_at: new Date(monthStart.getTime() - 1), charged_milli: 9000 },
    ]);
    const res = await t.api.get('/v1/usage').set(auth(key));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      period: { from: monthStart.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) },
      total_runs: 2,
      total_credits: 2,
      total_generations: 0,
      by_workflow: [],
      economy: { runs: 0, credits: 0 },
    });
    // `to` alone: from is the first day of to's month; `from` alone: to is today.
    const toOnly = await t.api.get('/v1/usage?to=2024-02-10').set(auth(key));
    expect(toOnly.body.period).toEqual({ from: '2024-02-01', to: '2024-02-10' });
    const fromOnly = await t.api.get(`/v1/usage?from=${monthStart.toISOString().slice(0, 10)}`).set(auth(key));
    expect(fromOnly.body.period.to).toBe(now.toISOString().slice(0, 10));
    expect(fromOnly.body.total_credits).toBe(2);
  });
});

describe('GET /v1/usage validation', () => {
  const cases: Array<[string, string]> = [
    ['from=2024-03-10&to=2024-03-09', 'query.from'],
    ['from=2024-01-01&to=2025-01-01', 'query.to'], // 367 days
    ['from=2024-3-1&to=2024-03-31', 'query.from'],
    ['from=2025-02-01&to=2025-02-30', 'query.to'],
    ['to=yesterday', 'query.to'],
    ['group_by=product', 'query.group_by'],
  ];
  it.each(cases)('answers 400 naming the field for %s', async (qs, path) => {
    const res = await t.api.get(`/v1/usage?${qs}`).set(auth(key));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('accepts a period of exactly 366 days, and one day', async () => {
    expect((await t.api.get('/v1/usage?from=2024-01-01&to=2024-12-31').set(auth(key))).status).toBe(200);
    expect((await t.api.get('/v1/usage?from=2024-06-01&to=2024-06-01').set(auth(key))).status).toBe(200);
  });

  it('needs the usage:read scope', async () => {
    const other = await a.key({ mode: 'live', scopes: ['runs:read'] });
    const res = await t.api.get('/v1/usage').set(auth(other));
    expect([res.status, res.body.error.code]).toEqual([403, 'insufficient_scope']);
  });
});

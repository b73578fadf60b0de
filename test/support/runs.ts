/** Helpers for run tests: a workflow to run, waiting for a run to settle, reading the ledger. */
import { COLLECTIONS } from '../../domain/platform/db';
import type { TestContext } from './app';

export const TERMINAL = ['succeeded', 'failed', 'canceled', 'refunded'];

export async function makeWorkflow(t: TestContext, token: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.api
    .post('/v1/workflows')
    .set('Authorization', `Bearer ${token}`)
    .send({ product_code: 'general_evaluation', name: 'Run test', ...body });
  if (res.status !== 201) throw new Error(`workflow: ${res.status} ${res.text}`);
  return res.body.id as string;
}

export async function waitForRun(t: TestContext, token: string, runId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api.get(`/v1/runs/${runId}`).set('Authorization', `Bearer ${token}`);
    if (res.status !== 200) throw new Error(`GET run: ${res.status} ${res.text}`);
    if (TERMINAL.includes(res.body.status) || Date.now() > deadline) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function balance(
  t: TestContext,
  token: string,
): Promise<{ pro_credits: number; bonus_pro: number; regular_pro: number }> {
  return (await t.api.get('/v1/usage/balance').set('Authorization', `Bearer ${token}`)).body;
}

export async function ledgerOf(t: TestContext, runId: string) {
  return t.database.db.collection(COLLECTIONS.ledger).find({ subject: runId }).sort({ _id: 1 }).toArray();
}

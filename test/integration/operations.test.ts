/**
 * Operator tooling, run for real as `scripts/ops.ts` child processes against the test database: grants are
 * exactly-once per grant id, reconcile finds no drift after a mix of charges, refunds, cancels and failures and
 * finds the drift a corrupted balance makes, show-run joins the run, its ledger and its Temporal execution, and
 * disable-key revokes once, and reseal-secrets seals webhook secrets again under a rotated key.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { charge, refund } from '../../domain/billing/credits';
import { COLLECTIONS } from '../../domain/platform/db';
import { randomBase62 } from '../../domain/platform/ids';
import { openSecret, sealSecret } from '../../domain/platform/secret-box';
import { testNamespaces } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';
import { balance, makeWorkflow, waitForRun } from '../support/runs';

let t: TestContext;
/** A namespace no worker polls (as in runs.test.ts): runs stay queued so they can be canceled. */
let idle: TestContext;
let a: TestAccount;
let liveKey: string;
const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

const opsWith = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, '..', '..', 'scripts', 'ops.ts'), ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
const ops = (...args: string[]) => opsWith({}, ...args);

beforeAll(async () => {
  t = await createTestContext();
  idle = await createTestContext({ TEMPORAL_NAMESPACE: testNamespaces().idle });
});
beforeEach(async () => {
  a = await newAccount(t);
  liveKey = await a.key({ mode: 'live' });
});
afterAll(async () => {
  await idle.close();
  await t.close();
});

describe('grant-credits', () => {
  it('grants once per grant id, however often it is run', async () => {
    const before = await balance(t, liveKey);
    const first = ops('grant-credits', a.accountId, '12.5', '--id', 'ticket-42');
    expect([first.status, first.stdout]).toEqual([0, expect.stringContaining('granted 12.5 regular credits')]);
    const second = ops('grant-credits', a.accountId, '12.5', '--id', 'ticket-42');
    expect([second.status, second.stdout]).toEqual([0, expect.stringContaining('already applied; nothing changed')]);
    expect(await balance(t, liveKey)).toEqual({ ...before, pro_credits: before.pro_credits + 12.5, regular_pro: 12.5 });
    const entries = await t.database.db
      .collection(COLLECTIONS.ledger)
      .find({ account_id: a.accountId, kind: 'grant' })
      .toArray();
    expect(entries).toHaveLength(1);

    const bonus = ops('grant-credits', a.accountId, '3', '--bonus', '--id', 'promo-1');
    expect([bonus.status, bonus.stdout]).toEqual([0, expect.stringContaining('granted 3 bonus credits')]);
    expect((await balance(t, liveKey)).bonus_pro).toBe(before.bonus_pro + 3);
  });

  it('refuses without an id, a reused id with another amount, a bad amount and an unknown account', async () => {
    expect(ops('grant-credits', a.accountId, '5').status).toBe(2);
    expect(ops('grant-credits', a.accountId, '5', '--id', 'g-1').status).toBe(0);
    const reused = ops('grant-credits', a.accountId, '6', '--id', 'g-1');
    expect([reused.status, reused.stdout]).toEqual([1, expect.stringContaining('already used for 5')]);
    expect(ops('grant-credits', a.accountId, '-1', '--id', 'g-2').status).toBe(1);
    expect(ops('grant-credits', a.accountId, 'ten', '--id', 'g-3').status).toBe(1);
    expect(ops('grant-credits', 'acct_nobody_here', '5', '--id', 'g-4').status).toBe(1);
    expect((await balance(t, liveKey)).regular_pro).toBe(5);
  });
});

describe('reconcile', () => {
  it('finds zero drift after charges, refunds, cancels and failures, and the drift of a corrupted balance', async () => {
    // Two live runs without a model: charged, failed, refunded.
    const wf = await makeWorkflow(t, liveKey);
    for (let i = 0; i < 2; i++) {
      const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(liveKey)).send({});
      expect((await waitForRun(t, liveKey, created.body.id)).status).toBe('failed');
    }
    // A queued run canceled (full refund), its workflow ended before any worker could see it.
    const idleWf = await makeWorkflow(idle, liveKey);
    const queued = await idle.api.post(`/v1/workflows/${idleWf}/runs`).set(auth(liveKey)).send({});
    expect((await idle.api.post(`/v1/runs/${queued.body.id}/cancel`).set(auth(liveKey))).status).toBe(200);
    await idle.temporal.client.workflow.getHandle(queued.body.id).terminate('test cleanup');
    // Charges that stay (a succeeded run's), one refunded later, and a grant.
    const db = t.database.db;
    expect((await charge(db, a.accountId, 'run_kept_charge', 2500)).ok).toBe(true);
    expect((await charge(db, a.accountId, 'run_refunded_charge', 1300)).ok).toBe(true);
    expect(await refund(db, a.accountId, 'run_refunded_charge', 'test refund')).not.toBeNull();
    expect(ops('grant-credits', a.accountId, '1.75', '--bonus', '--id', 'recon-1').status).toBe(0);

    const clean = ops('reconcile', a.accountId);
    expect(clean.stdout).toContain('drift 0');
    expect(clean.status).toBe(0);
    expect((await balance(t, liveKey)).pro_credits).toBe(100 - 2.5 + 1.75);

    await db
      .collection(COLLECTIONS.accounts)
      .updateOne({ _id: a.accountId as never }, { $inc: { regular_milli: 1234 } });
    const drifted = ops('reconcile', a.accountId);
    expect(drifted.status).toBe(1);
    expect(drifted.stdout).toContain('DRIFT 1.234 credits');

    expect(ops('reconcile', 'acct_nobody_here').status).toBe(1);
  });
});

describe('show-run', () => {
  it('shows the run, its ledger entries, its Temporal status and a Temporal UI link', async () => {
    const wf = await makeWorkflow(t, liveKey);
    const created = await t.api.post(`/v1/workflows/${wf}/runs`).set(auth(liveKey)).send({});
    await waitForRun(t, liveKey, created.body.id);
    const res = ops('show-run', created.body.id);
    expect(res.status).toBe(0);
    expect(res.stdout).toContain(`run ${created.body.id}  account ${a.accountId}  live mode`);
    expect(res.stdout).toContain('status     failed');
    expect(res.stdout).toContain('model_unavailable');
    expect(res.stdout).toContain(`${created.body.id}:charge  charge  applied`);
    expect(res.stdout).toContain(`${created.body.id}:refund  refund  applied`);
    expect(res.stdout).toContain('temporal   COMPLETED');
    expect(res.stdout).toContain(
      `temporal ui ${t.config.temporalUiUrl}/namespaces/${t.config.TEMPORAL_NAMESPACE}/workflows/${created.body.id}`,
    );
    expect(ops('show-run', 'run_nope').status).toBe(1);
  });
});

describe('disable-key', () => {
  it('revokes a key once; every API process refuses it within 5 s', async () => {
    const keys = await t.api.get('/v1/keys').set(auth(a.session));
    const keyId = keys.body.data[0].public_id as string;
    expect((await t.api.get('/v1/usage/balance').set(auth(liveKey))).status).toBe(200);
    const first = ops('disable-key', keyId);
    expect([first.status, first.stdout]).toEqual([0, expect.stringContaining(`revoked key ${keyId}`)]);
    const second = ops('disable-key', keyId);
    expect([second.status, second.stdout]).toEqual([0, expect.stringContaining('already revoked')]);
    // The ops command is another process: API processes hold a key's state for at most a few seconds
    // (2 s plus one read), so the refusal is asserted within the 5 s every other process is allowed.
    const deadline = Date.now() + 5000;
    let refused = await t.api.get('/v1/usage/balance').set(auth(liveKey));
    while (refused.status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      refused = await t.api.get('/v1/usage/balance').set(auth(liveKey));
    }
    expect([refused.status, refused.body.error?.code]).toEqual([401, 'api_key_revoked']);
    expect(ops('disable-key', 'key_nope').status).toBe(1);
  });
});

describe('reseal-secrets', () => {
  it('seals every webhook secret under the current key during a rotation, once; names the secrets no key opens and exits 1', async () => {
    // A database of its own: the command reads every endpoint, and other tests' deliveries must keep their key.
    const dbName = `assay-reseal-${randomBase62(8)}`;
    const db = t.database.client.db(dbName);
    const endpoints = db.collection<{
      _id: string;
      secret_sealed: string;
      previous_secrets?: Array<{ sealed: string; expires_at: Date }>;
    }>(COLLECTIONS.webhookEndpoints);
    const [earlier, current, lost] = [21, 22, 23].map((b) => Buffer.alloc(32, b).toString('base64')) as [
      string,
      string,
      string,
    ];
    const secret = `whsec_${randomBase62(32)}`;
    // One rotated before: its replaced secret, still signing, was sealed under the earlier key too.
    const replaced = `whsec_${randomBase62(32)}`;
    const until = new Date(Date.now() + 3_600_000);
    await endpoints.insertMany([
      {
        _id: 'whk_old',
        secret_sealed: sealSecret(earlier, secret, 'whk_old'),
        previous_secrets: [{ sealed: sealSecret(earlier, replaced, 'whk_old'), expires_at: until }],
      },
      { _id: 'whk_new', secret_sealed: sealSecret(current, secret, 'whk_new') },
    ]);
    const rotating = (fallbacks: string) => ({
      MONGODB_DB: dbName,
      DATA_ENCRYPTION_KEY: current,
      DATA_ENCRYPTION_KEY_FALLBACKS: fallbacks,
    });
    try {
      const first = opsWith(rotating(earlier), 'reseal-secrets');
      expect([first.status, first.stdout]).toEqual([
        0,
        expect.stringContaining('2 checked, 1 sealed again under the current key'),
      ]);
      expect(first.stdout).toContain('DATA_ENCRYPTION_KEY_FALLBACKS may now be removed');
      expect(first.stdout + first.stderr).not.toContain(secret);
      const old = (await endpoints.findOne({ _id: 'whk_old' }))!;
      const resealed = old.secret_sealed;
      expect(openSecret(current, resealed, 'whk_old')).toBe(secret);
      expect(old.previous_secrets!.map((p) => [openSecret(current, p.sealed, 'whk_old'), p.expires_at])).toEqual([
        [replaced, until],
      ]);

      const again = opsWith(rotating(earlier), 'reseal-secrets');
      expect([again.status, again.stdout]).toEqual([0, expect.stringContaining('2 checked, 0 sealed again')]);
      expect((await endpoints.findOne({ _id: 'whk_old' }))!.secret_sealed).toBe(resealed);

      await endpoints.insertOne({ _id: 'whk_lost', secret_sealed: sealSecret(lost, secret, 'whk_lost') });
      const unreadable = opsWith(rotating(''), 'reseal-secrets');
      expect(unreadable.status).toBe(1);
      expect(unreadable.stdout).toContain('1 open under none of the configured keys (left unchanged): whk_lost');
    } finally {
      await db.dropDatabase();
    }
  });
});

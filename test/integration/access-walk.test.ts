/**
 * Walks every route the API registers (the same list the router mounts) and proves, for each, that it refuses a
 * caller without credentials or with the wrong kind of credential, that an API key lacking the route's scope gets
 * 403 insufficient_scope while a key holding only that scope gets past authorization, and that account B gets 404
 * for account A's resources. A route added later is walked too: a path parameter without a fixture below fails.
 */
import { apiRoutes } from '../../api/app';
import type { RouteSpec } from '../../api/route';
import { COLLECTIONS } from '../../domain/db';
import { newId } from '../../domain/ids';
import { SCOPES, type Scope } from '../../domain/scopes';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount, type TestAccount } from '../support/identity';

let t: TestContext;
let routes: RouteSpec[];
let owner: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  t = await createTestContext();
  routes = apiRoutes(t.deps).filter((r) => r.access.kind !== 'public');
  owner = await newAccount(t);
  other = await newAccount(t);
});
afterAll(async () => {
  await t.close();
});

/** For each path parameter: how to make a resource of that kind owned by `account`. */
const FIXTURES: Record<string, (account: TestAccount) => Promise<string>> = {
  keyId: async (account) => {
    const res = await t.api.post('/v1/keys').set('Authorization', `Bearer ${account.session}`).send({ name: 'fixture' });
    return res.body.public_id as string;
  },
  docId: async (account) => {
    const res = await t.api.post('/v1/documents').set('Authorization', `Bearer ${await account.key()}`).send({ filename: 'a.pdf' });
    return res.body.id as string;
  },
  workflowId: async (account) => {
    const res = await t.api
      .post('/v1/workflows')
      .set('Authorization', `Bearer ${await account.key()}`)
      .send({ product_code: 'essay_grading', name: 'fixture' });
    return res.body.id as string;
  },
  runId: async (account) => {
    const key = await account.key({ mode: 'test' });
    const wf = await t.api.post('/v1/workflows').set('Authorization', `Bearer ${key}`).send({ product_code: 'essay_grading', name: 'f' });
    const run = await t.api.post(`/v1/workflows/${wf.body.id}/runs`).set('Authorization', `Bearer ${key}`).send({});
    return run.body.id as string;
  },
  // A real event, so its answer has the documented shape: the `run.succeeded` the worker records for a run.
  eventId: async (account) => {
    const runId = await FIXTURES.runId!(account);
    for (let waited = 0; waited < 30_000; waited += 100) {
      const event = await t.database.db.collection(COLLECTIONS.events).findOne({ dedupe_key: `run.succeeded:${runId}` });
      if (event) return String(event._id);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no run.succeeded event for ${runId}`);
  },
  code: async () => 'essay_grading', // products are global: nobody owns one
  refId: async (account) => {
    const res = await t.api
      .post('/v1/reference-documents')
      .set('Authorization', `Bearer ${await account.key()}`)
      .send({ name: 'Rubric', filename: 'rubric.pdf' });
    return res.body.id as string;
  },
  whkId: async (account) => {
    const res = await t.api
      .post('/v1/webhook-endpoints')
      .set('Authorization', `Bearer ${await account.key()}`)
      .send({ url: 'http://127.0.0.1:9/hook' });
    return res.body.id as string;
  },
  // A delivery of a disabled endpoint: retrying it answers 409 and sends nothing.
  whdId: async (account) => {
    const token = await account.key();
    const endpoint = await t.api.post('/v1/webhook-endpoints').set('Authorization', `Bearer ${token}`).send({ url: 'http://127.0.0.1:9/hook' });
    await t.api.patch(`/v1/webhook-endpoints/${endpoint.body.id}`).set('Authorization', `Bearer ${token}`).send({ status: 'disabled' });
    const id = newId('webhookDelivery');
    await t.database.db.collection(COLLECTIONS.webhookDeliveries).insertOne({
      _id: id as never,
      account_id: account.accountId,
      endpoint_id: endpoint.body.id,
      event_id: newId('event'),
      event_type: 'run.succeeded',
      status: 'failed',
      attempts: [],
      created_at: new Date(),
      finished_at: new Date(),
    });
    return id;
  },
};

/** Path parameters naming global resources (the catalog), which every account may read. */
const GLOBAL_PARAMS = new Set(['code']);

/** Bodies for routes that take both path parameters and a body, so the 404 check passes validation first. */
const BODIES: Record<string, object> = {
  'PATCH /workflows/{workflowId}': { name: 'renamed' },
  'POST /workflows/{workflowId}/runs': {},
  'PATCH /webhook-endpoints/{whkId}': { status: 'disabled' },
};

const label = (r: RouteSpec) => `${r.method.toUpperCase()} ${r.path}`;

function call(r: RouteSpec, path: string, token?: string) {
  const req = t.api[r.method](`/v1${path}`);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req;
}

async function fillPath(r: RouteSpec, account: TestAccount): Promise<string> {
  let path = r.path;
  for (const [, name] of r.path.matchAll(/\{(\w+)\}/g)) {
    const make = FIXTURES[name!];
    if (!make) throw new Error(`${label(r)}: add a fixture for path parameter {${name}} to access-walk.test.ts`);
    path = path.replace(`{${name}}`, encodeURIComponent(await make(account)));
  }
  return path;
}

it('walks a non-empty route list that includes both access kinds', () => {
  expect(routes.some((r) => r.access.kind === 'session')).toBe(true);
  expect(routes.some((r) => r.access.kind === 'api_key')).toBe(true);
});

it('refuses every non-public route without credentials, and with the wrong kind of credential', async () => {
  const apiKey = await owner.key();
  for (const r of routes) {
    const path = await fillPath(r, owner);
    const none = await call(r, path);
    expect([label(r), none.status, none.body.error?.code]).toEqual([label(r), 401, 'unauthorized']);
    const wrong = await call(r, path, r.access.kind === 'session' ? apiKey : owner.session);
    expect([label(r), wrong.status]).toEqual([label(r), 401]);
  }
});

it('answers 403 insufficient_scope to a key without the route scope, and lets a key with only that scope through', async () => {
  for (const r of routes) {
    if (r.access.kind !== 'api_key') continue;
    const needed = r.access.scope;
    const path = await fillPath(r, owner);
    const lacking = await owner.key({ scopes: SCOPES.filter((s) => s !== needed) as Scope[] });
    const refused = await call(r, path, lacking);
    expect([label(r), refused.status, refused.body.error?.code]).toEqual([label(r), 403, 'insufficient_scope']);
    expect(refused.body.error.message).toContain(needed);

    const only = await owner.key({ scopes: [needed] });
    const allowed = await call(r, path, only);
    expect([label(r), [401, 403].includes(allowed.status)]).toEqual([label(r), false]);
  }
});

it("answers 404 to another account for every route that names one of the owner's resources", async () => {
  const otherKey = await other.key();
  for (const r of routes) {
    const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (params.length === 0 || params.every((p) => GLOBAL_PARAMS.has(p))) continue;
    const path = await fillPath(r, owner);
    const req = call(r, path, r.access.kind === 'session' ? other.session : otherKey);
    const body = BODIES[label(r)];
    const res = await (body ? req.send(body) : req);
    expect([label(r), res.status, res.body.error?.code]).toEqual([label(r), 404, 'not_found']);
  }
});

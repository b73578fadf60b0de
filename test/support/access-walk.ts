/**
 * The access walk's accounts and fixtures: one context for the file, an owner and another account whose keys are
 * made once per scope set, a resource of each path parameter's kind made on demand, and calls to a route as the
 * table (test/support/access-table.ts) says to make them.
 */
import { apiRoutes } from '../../api/app';
import type { RouteSpec } from '../../api/route';
import { SCOPES, type Scope } from '../../domain/access/scopes';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId } from '../../domain/platform/ids';
import type { EventType } from '../../domain/webhooks/events';
import { label, QUERIES } from './access-table';
import { createTestContext, type TestContext } from './app';
import { reviewFixture, waitForEvents } from './events';
import { makeDocument } from './files';
import { newAccount, type TestAccount } from './identity';
import { uploadDocument } from './uploads';

let t: TestContext;

/**
 * An account whose keys are made once per scope set, and whose path fixtures once per parameter: an account holds
 * at most 100 active keys and 20 webhook endpoints. A route that deletes its fixture leaves the later checks a 404,
 * which is still past authorization.
 */
export interface Walker {
  account: TestAccount;
  key(scopes?: readonly Scope[], mode?: 'live' | 'test'): Promise<string>;
  fixtures: Map<string, Promise<string>>;
}

export async function walker(): Promise<Walker> {
  const account = await newAccount(t);
  const keys = new Map<string, Promise<string>>();
  return {
    account,
    fixtures: new Map(),
    key: (scopes = SCOPES, mode = 'test') => {
      const id = `${mode}:${[...scopes].sort().join(',')}`;
      if (!keys.has(id)) keys.set(id, account.key({ mode, scopes: [...scopes] }));
      return keys.get(id)!;
    },
  };
}

/** The context, the API's routes and the two accounts of the walk, set by the jest hooks this registers. */
export interface AccessWalk {
  t: TestContext;
  routes: RouteSpec[];
  owner: Walker;
  other: Walker;
}

export function useAccessWalk(): AccessWalk {
  const walk = {} as AccessWalk;
  beforeAll(async () => {
    t = walk.t = await createTestContext();
    walk.routes = apiRoutes(t.deps);
    walk.owner = await walker();
    walk.other = await walker();
  });
  afterAll(async () => {
    await t.close();
  });
  return walk;
}

/** For each path parameter: how to make a resource of that kind owned by `w`'s account. */
export const FIXTURES: Record<string, (w: Walker) => Promise<string>> = {
  keyId: async (w) => {
    const res = await t.api
      .post('/v1/keys')
      .set('Authorization', `Bearer ${w.account.session}`)
      .send({ name: 'fixture' });
    return res.body.public_id as string;
  },
  docId: async (w) => {
    const res = await t.api
      .post('/v1/documents')
      .set('Authorization', `Bearer ${await w.key()}`)
      .send({ filename: 'a.pdf' });
    return res.body.id as string;
  },
  workflowId: async (w) => {
    const res = await t.api
      .post('/v1/workflows')
      .set('Authorization', `Bearer ${await w.key()}`)
      .send({ product_code: 'essay_grading', name: 'fixture' });
    return res.body.id as string;
  },
  runId: async (w) => {
    const key = await w.key();
    const wf = await t.api
      .post('/v1/workflows')
      .set('Authorization', `Bearer ${key}`)
      .send({ product_code: 'essay_grading', name: 'f' });
    const run = await t.api.post(`/v1/workflows/${wf.body.id}/runs`).set('Authorization', `Bearer ${key}`).send({});
    return run.body.id as string;
  },
  batchId: async (w) => {
    const key = await w.key();
    const doc = await uploadDocument(t, key, await makeDocument('md', { sentences: ['An essay.'] }));
    const wf = await t.api
      .post('/v1/workflows')
      .set('Authorization', `Bearer ${key}`)
      .send({ product_code: 'essay_grading', name: 'f' });
    const batch = await t.api
      .post(`/v1/workflows/${wf.body.id}/batches`)
      .set('Authorization', `Bearer ${key}`)
      .send({ items: [{ input_documents: [doc.body.id] }] });
    return batch.body.id as string;
  },
  calibrationId: async (w) => {
    const key = await w.key();
    const doc = await uploadDocument(t, key, await makeDocument('md', { sentences: ['An essay.'] }));
    const wf = await t.api
      .post('/v1/workflows')
      .set('Authorization', `Bearer ${key}`)
      .send({ product_code: 'essay_grading', name: 'f' });
    const setId = await FIXTURES.setId!(w);
    await t.api
      .post(`/v1/calibration-sets/${setId}/items`)
      .set('Authorization', `Bearer ${key}`)
      .send({ items: [{ input_documents: [doc.body.id], labels: { score: 3 } }] });
    const calibration = await t.api
      .post(`/v1/workflows/${wf.body.id}/calibrations`)
      .set('Authorization', `Bearer ${key}`)
      .send({ calibration_set_id: setId });
    return calibration.body.id as string;
  },
  // A real event, so its answer has the documented shape: the `run.succeeded` the worker records for a run.
  eventId: async (w) => String((await runEvent(w))._id),
  code: async () => 'essay_grading', // products are global: nobody owns one
  page: async () => '1', // a page number, of the document or reference the path names
  refId: async (w) => {
    const res = await t.api
      .post('/v1/reference-documents')
      .set('Authorization', `Bearer ${await w.key()}`)
      .send({ name: 'Rubric', filename: 'rubric.pdf' });
    return res.body.id as string;
  },
  whkId: async (w) => {
    const res = await t.api
      .post('/v1/webhook-endpoints')
      .set('Authorization', `Bearer ${await w.key()}`)
      .send({ url: 'http://127.0.0.1:9/hook' });
    return res.body.id as string;
  },
  // A delivery of a disabled endpoint: retrying it answers 409 and sends nothing.
  whdId: (w) => disabledDelivery(w, 'run.succeeded'),
  // A review as the store holds it: the walk checks access, not how a run comes to be reviewed (reviews.test.ts).
  reviewId: async (w) => {
    const review = reviewFixture(w.account.accountId);
    await t.database.db.collection(COLLECTIONS.reviews).insertOne(review as never);
    return review._id;
  },
  setId: async (w) => {
    const res = await t.api
      .post('/v1/calibration-sets')
      .set('Authorization', `Bearer ${await w.key()}`)
      .send({ name: 'fixture', criteria: [{ key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 5 }] });
    return res.body.id as string;
  },
};

export function call(r: RouteSpec, path: string, token?: string) {
  const query = QUERIES[label(r)];
  const req = t.api[r.method](`/v1${path}${query ? `?${query}` : ''}`);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req;
}

export async function fillPath(r: RouteSpec, w: Walker): Promise<string> {
  let path = r.path;
  for (const [, name] of r.path.matchAll(/\{(\w+)\}/g)) {
    const make = FIXTURES[name!];
    if (!make)
      throw new Error(`${label(r)}: add a fixture for path parameter {${name}} to test/support/access-walk.ts`);
    if (!w.fixtures.has(name!)) w.fixtures.set(name!, make(w));
    path = path.replace(`{${name}}`, encodeURIComponent(await w.fixtures.get(name!)!));
  }
  return path;
}

/** The `run.succeeded` event the worker records for a fresh test-mode run of `w`. */
export async function runEvent(w: Walker) {
  const runId = await FIXTURES.runId!(w);
  const [event] = await waitForEvents(t.database.db, { dedupe_key: `run.succeeded:${runId}` });
  if (!event) throw new Error(`no run.succeeded event for ${runId}`);
  return event as unknown as { _id: string; data_json: string };
}

/** A failed delivery of an event of `type` to a disabled endpoint of `w`: a retry passes authorization, sends nothing. */
export async function disabledDelivery(w: Walker, type: EventType, eventId = newId('event')): Promise<string> {
  const token = await w.key();
  const endpoint = await t.api
    .post('/v1/webhook-endpoints')
    .set('Authorization', `Bearer ${token}`)
    .send({ url: 'http://127.0.0.1:9/hook' });
  await t.api
    .patch(`/v1/webhook-endpoints/${endpoint.body.id}`)
    .set('Authorization', `Bearer ${token}`)
    .send({ status: 'disabled' });
  const id = newId('webhookDelivery');
  await t.database.db.collection(COLLECTIONS.webhookDeliveries).insertOne({
    _id: id as never,
    account_id: w.account.accountId,
    endpoint_id: endpoint.body.id,
    event_id: eventId,
    event_type: type,
    status: 'failed',
    attempts: [],
    created_at: new Date(),
    finished_at: new Date(),
  });
  return id;
}

/**
 * The access walk. It holds its OWN copy of the access table — which credential every route takes and
 * which scope it needs, which scope reveals which kind of event — written from the design, never read from the route
 * declarations, so a route declared with the wrong scope fails here. Then it proves, against the running API:
 *   - every route the API registers is in the table, and every route in the table is registered;
 *   - every non-public route refuses no credential and the wrong kind of credential (401);
 *   - for every API-key route and every scope: a key holding only that scope gets 403 `insufficient_scope` unless the
 *     table grants the route to it, and gets past authorization (not 401/403) when it does; a key holding every
 *     scope but the route's gets 403;
 *   - for every kind of event and every scope: the event is listed and fetched only with its resource's read scope,
 *     and a webhook endpoint is subscribed to it, re-pointed for it or redelivers it only with that scope;
 *   - account B gets 404 for account A's resources.
 */
import { apiRoutes } from '../../api/app';
import type { RouteSpec } from '../../api/route';
import { COLLECTIONS } from '../../domain/platform/db';
import { recordEvent, type EventType } from '../../domain/webhooks/events';
import { newId, randomBase62 } from '../../domain/platform/ids';
import { SCOPES, type Scope } from '../../domain/access/scopes';
import { createTestContext, type TestContext } from '../support/app';
import {
  batchCompletedData,
  calibrationCompletedData,
  referenceReadyData,
  reviewCompletedData,
  reviewFixture,
  waitForEvents,
} from '../support/events';
import { newAccount, type TestAccount } from '../support/identity';
import { makeDocument } from '../support/files';
import { uploadDocument } from '../support/uploads';

/** Who may call a route: a list of scopes means any one of them. */
type Required = 'public' | 'session' | Scope | readonly Scope[];

/**
 * The scopes, written out route by route. `catalog:read` covers products, templates and generation; key management
 * takes the session credential; events take the read scope of their resource, so either read scope lets a key list
 * the events it may see.
 */
const TABLE: Record<string, Required> = {
  'GET /health': 'public',
  'GET /openapi.json': 'public',

  'GET /keys': 'session',
  'POST /keys': 'session',
  'DELETE /keys/{keyId}': 'session',

  'GET /products': 'catalog:read',
  'GET /products/{code}': 'catalog:read',
  'GET /prompt-templates': 'catalog:read',
  'POST /prompt-templates/generate': 'catalog:read',

  'GET /workflows': 'workflows:read',
  'POST /workflows': 'workflows:write',
  'GET /workflows/{workflowId}': 'workflows:read',
  'PATCH /workflows/{workflowId}': 'workflows:write',
  'DELETE /workflows/{workflowId}': 'workflows:write',

  'POST /workflows/{workflowId}/runs': 'runs:write',
  'POST /workflows/{workflowId}/runs/quote': 'runs:read',
  'GET /runs': 'runs:read',
  'GET /runs/{runId}': 'runs:read',
  'POST /runs/{runId}/cancel': 'runs:write',
  'GET /runs/{runId}/output': 'runs:read',

  'POST /workflows/{workflowId}/batches': 'runs:write',
  'GET /batches': 'runs:read',
  'GET /batches/{batchId}': 'runs:read',
  'POST /batches/{batchId}/cancel': 'runs:write',
  'GET /batches/{batchId}/results': 'runs:read',

  'POST /documents': 'documents:write',
  'POST /documents/{docId}/complete': 'documents:write',
  'GET /documents/{docId}/text': 'documents:write',
  // Either documents scope shows a document's pages, so v1 keys that upload keep seeing them.
  'GET /documents/{docId}/pages/{page}': ['documents:read', 'documents:write'],

  'GET /reference-documents': 'reference_documents:read',
  'POST /reference-documents': 'reference_documents:write',
  'GET /reference-documents/{refId}': 'reference_documents:read',
  'DELETE /reference-documents/{refId}': 'reference_documents:write',
  'POST /reference-documents/{refId}/complete': 'reference_documents:write',
  'GET /reference-documents/{refId}/pages/{page}': 'reference_documents:read',

  'GET /webhook-endpoints': 'webhooks:read',
  'POST /webhook-endpoints': 'webhooks:write',
  'GET /webhook-endpoints/{whkId}': 'webhooks:read',
  'PATCH /webhook-endpoints/{whkId}': 'webhooks:write',
  'DELETE /webhook-endpoints/{whkId}': 'webhooks:write',
  'POST /webhook-endpoints/{whkId}/rotate-secret': 'webhooks:write',
  'GET /webhook-endpoints/{whkId}/deliveries': 'webhooks:read',
  'POST /webhook-deliveries/{whdId}/retry': 'webhooks:write',

  'GET /events': ['runs:read', 'reference_documents:read', 'calibrations:read', 'reviews:read'],
  'GET /events/{eventId}': ['runs:read', 'reference_documents:read', 'calibrations:read', 'reviews:read'],

  'GET /usage': 'usage:read',
  'GET /usage/balance': 'usage:read',

  'GET /calibration-sets': 'calibrations:read',
  'POST /calibration-sets': 'calibrations:write',
  'GET /calibration-sets/{setId}': 'calibrations:read',
  'DELETE /calibration-sets/{setId}': 'calibrations:write',
  'POST /calibration-sets/{setId}/items': 'calibrations:write',
  'GET /calibration-sets/{setId}/items': 'calibrations:read',

  // Creating a calibration also needs runs:write, since it spends credits as runs do (FIXTURE_ALSO_NEEDS below).
  'POST /workflows/{workflowId}/calibrations': 'calibrations:write',
  'GET /calibrations': 'calibrations:read',
  'GET /calibrations/{calibrationId}': 'calibrations:read',
  'GET /calibrations/{calibrationId}/compare': 'calibrations:read',
  'POST /calibrations/{calibrationId}/cancel': 'calibrations:write',

  // DESIGN 47: the review queue.
  'GET /reviews': 'reviews:read',
  'GET /reviews/{reviewId}': 'reviews:read',
  'POST /reviews/claim-next': 'reviews:write',
  'POST /reviews/{reviewId}/claim': 'reviews:write',
  'POST /reviews/{reviewId}/release': 'reviews:write',
  'POST /reviews/{reviewId}/submit': 'reviews:write',
};

/** The read scope that reveals each kind of event. */
const EVENT_SCOPE: Record<EventType, Scope> = {
  'run.succeeded': 'runs:read',
  'run.failed': 'runs:read',
  'run.canceled': 'runs:read',
  'run.refunded': 'runs:read',
  'reference_document.ready': 'reference_documents:read',
  // A batch is read with runs:read (its items are runs), a calibration with calibrations:read.
  'batch.completed': 'runs:read',
  'calibration.completed': 'calibrations:read',
  // DESIGN 47: a review is read with reviews:read.
  'review.completed': 'reviews:read',
};

/**
 * What the walk's fixture of a route carries beyond the route's own scope: a redelivery sends the event again, so it
 * also needs the read scope of the delivery's event (the fixture's delivery is of a `run.succeeded`).
 */
const FIXTURE_ALSO_NEEDS: Record<string, Scope> = {
  'POST /webhook-deliveries/{whdId}/retry': EVENT_SCOPE['run.succeeded'],
  // A calibration runs a batch: its creation needs runs:write as well as its own scope.
  'POST /workflows/{workflowId}/calibrations': 'runs:write',
};

/** Query strings a route needs to pass validation, so the checks reach authorization and ownership. */
const QUERIES: Record<string, string> = {
  'GET /calibrations/{calibrationId}/compare': 'with=cal_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T',
};

let t: TestContext;
let routes: RouteSpec[];
let owner: Walker;
let other: Walker;

/**
 * An account whose keys are made once per scope set, and whose path fixtures once per parameter: an account holds
 * at most 100 active keys and 20 webhook endpoints. A route that deletes its fixture leaves the later checks a 404,
 * which is still past authorization.
 */
interface Walker {
  account: TestAccount;
  key(scopes?: readonly Scope[], mode?: 'live' | 'test'): Promise<string>;
  fixtures: Map<string, Promise<string>>;
}

async function walker(): Promise<Walker> {
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

beforeAll(async () => {
  t = await createTestContext();
  routes = apiRoutes(t.deps);
  owner = await walker();
  other = await walker();
});
afterAll(async () => {
  await t.close();
});

/** For each path parameter: how to make a resource of that kind owned by `w`'s account. */
const FIXTURES: Record<string, (w: Walker) => Promise<string>> = {
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

/** Path parameters naming global resources (the catalog), which every account may read. */
const GLOBAL_PARAMS = new Set(['code']);

/** Bodies for routes that take both path parameters and a body, so the 404 check passes validation first. */
const BODIES: Record<string, object> = {
  'PATCH /workflows/{workflowId}': { name: 'renamed' },
  'POST /workflows/{workflowId}/runs': {},
  'POST /workflows/{workflowId}/batches': { items: [{ input_documents: ['doc_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'] }] },
  'POST /workflows/{workflowId}/calibrations': { calibration_set_id: 'cset_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' },
  'PATCH /webhook-endpoints/{whkId}': { status: 'disabled' },
  'POST /calibration-sets/{setId}/items': { items: [{ input_documents: ['doc_fixture'], labels: { score: 1 } }] },
  'POST /reviews/claim-next': { reviewer: 'walker' },
  'POST /reviews/{reviewId}/claim': { reviewer: 'walker' },
  'POST /reviews/{reviewId}/release': { reviewer: 'walker' },
  'POST /reviews/{reviewId}/submit': { reviewer: 'walker', values: { score: 3 } },
};

const label = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method.toUpperCase()} ${r.path}`;
const accepted = (required: Required): readonly Scope[] =>
  typeof required === 'string' ? [required as Scope] : required;
const isKeyRoute = (required: Required) => required !== 'public' && required !== 'session';

function call(r: RouteSpec, path: string, token?: string) {
  const query = QUERIES[label(r)];
  const req = t.api[r.method](`/v1${path}${query ? `?${query}` : ''}`);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req;
}

async function fillPath(r: RouteSpec, w: Walker): Promise<string> {
  let path = r.path;
  for (const [, name] of r.path.matchAll(/\{(\w+)\}/g)) {
    const make = FIXTURES[name!];
    if (!make) throw new Error(`${label(r)}: add a fixture for path parameter {${name}} to access-walk.test.ts`);
    if (!w.fixtures.has(name!)) w.fixtures.set(name!, make(w));
    path = path.replace(`{${name}}`, encodeURIComponent(await w.fixtures.get(name!)!));
  }
  return path;
}

/** The `run.succeeded` event the worker records for a fresh test-mode run of `w`. */
async function runEvent(w: Walker) {
  const runId = await FIXTURES.runId!(w);
  const [event] = await waitForEvents(t.database.db, { dedupe_key: `run.succeeded:${runId}` });
  if (!event) throw new Error(`no run.succeeded event for ${runId}`);
  return event as unknown as { _id: string; data_json: string };
}

/** A failed delivery of an event of `type` to a disabled endpoint of `w`: a retry passes authorization, sends nothing. */
async function disabledDelivery(w: Walker, type: EventType, eventId = newId('event')): Promise<string> {
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

describe('the independent table', () => {
  it('lists exactly the routes the API registers: a route missing from it fails here', () => {
    const registered = routes.map(label).sort();
    expect(registered).toEqual(Object.keys(TABLE).sort());
  });

  it('names only real scopes, and every scope guards at least one route', () => {
    const used = new Set(Object.values(TABLE).filter(isKeyRoute).flatMap(accepted));
    for (const scope of used) expect(SCOPES).toContain(scope);
    expect([...used].sort()).toEqual([...SCOPES].sort());
  });
});

it('refuses every non-public route without credentials, and with the wrong kind of credential', async () => {
  const apiKey = await owner.key();
  for (const r of routes) {
    const required = TABLE[label(r)]!;
    if (required === 'public') continue;
    const path = await fillPath(r, owner);
    const none = await call(r, path);
    expect([label(r), none.status, none.body.error?.code]).toEqual([label(r), 401, 'unauthorized']);
    const wrong = await call(r, path, required === 'session' ? apiKey : owner.account.session);
    expect([label(r), wrong.status]).toEqual([label(r), 401]);
  }
}, 180_000);

it('answers the public routes without credentials', async () => {
  for (const r of routes) {
    if (TABLE[label(r)] !== 'public') continue;
    const res = await call(r, r.path);
    expect([label(r), res.status]).toEqual([label(r), 200]);
  }
});

describe('every API-key route, with every scope', () => {
  const keyRoutes = () => routes.filter((r) => isKeyRoute(TABLE[label(r)]!));

  it('answers 403 insufficient_scope to a key holding only a scope the table does not grant, and lets the one it grants through', async () => {
    for (const r of keyRoutes()) {
      const needed = accepted(TABLE[label(r)]!);
      const extra = FIXTURE_ALSO_NEEDS[label(r)];
      const path = await fillPath(r, owner);
      for (const scope of SCOPES) {
        const res = await call(r, path, await owner.key(extra && needed.includes(scope) ? [scope, extra] : [scope]));
        if (needed.includes(scope)) {
          expect([label(r), scope, [401, 403].includes(res.status)]).toEqual([label(r), scope, false]);
        } else {
          expect([label(r), scope, res.status, res.body.error?.code]).toEqual([
            label(r),
            scope,
            403,
            'insufficient_scope',
          ]);
          for (const s of needed)
            expect([label(r), res.body.error.message]).toEqual([label(r), expect.stringContaining(s)]);
        }
      }
    }
  });

  it('answers 403 to a key holding every scope but the ones the route needs', async () => {
    for (const r of keyRoutes()) {
      const needed = accepted(TABLE[label(r)]!);
      const path = await fillPath(r, owner);
      const res = await call(r, path, await owner.key(SCOPES.filter((s) => !needed.includes(s))));
      expect([label(r), res.status, res.body.error?.code]).toEqual([label(r), 403, 'insufficient_scope']);
    }
  });
});

describe('every kind of event, with every scope (docs/decisions.md 425)', () => {
  const kinds = Object.keys(EVENT_SCOPE) as EventType[];
  let events: Record<EventType, string>;
  let w: Walker;

  beforeAll(async () => {
    w = await walker();
    const run = await runEvent(w);
    const runData = JSON.parse(run.data_json) as Record<string, unknown>;
    const refData = referenceReadyData();
    events = {} as Record<EventType, string>;
    for (const kind of kinds) {
      if (kind === 'run.succeeded') {
        events[kind] = String(run._id);
        continue;
      }
      const data = kind.startsWith('run.')
        ? runData
        : kind === 'batch.completed'
          ? batchCompletedData()
          : kind === 'calibration.completed'
            ? calibrationCompletedData()
            : kind === 'review.completed'
              ? reviewCompletedData()
              : refData;
      events[kind] = (
        await recordEvent(t.database.db, w.account.accountId, kind, `walk:${randomBase62(16)}`, data)
      )._id;
    }
  });

  it('lists and fetches an event only for a key holding its read scope', async () => {
    for (const scope of SCOPES) {
      const token = await w.key([scope]);
      const list = await t.api.get('/v1/events?limit=100').set('Authorization', `Bearer ${token}`);
      const readsAnyEvents = Object.values(EVENT_SCOPE).includes(scope);
      if (!readsAnyEvents) expect([scope, list.status]).toEqual([scope, 403]);
      const listed = new Set<string>(readsAnyEvents ? list.body.data.map((e: { id: string }) => e.id) : []);
      for (const kind of kinds) {
        const visible = EVENT_SCOPE[kind] === scope;
        expect([scope, kind, listed.has(events[kind])]).toEqual([scope, kind, visible]);
        const one = await t.api.get(`/v1/events/${events[kind]}`).set('Authorization', `Bearer ${token}`);
        expect([scope, kind, one.status]).toEqual([scope, kind, visible ? 200 : readsAnyEvents ? 404 : 403]);
        const byType = await t.api.get(`/v1/events?type=${kind}`).set('Authorization', `Bearer ${token}`);
        expect([scope, kind, byType.status]).toEqual([scope, kind, visible ? 200 : 403]);
      }
    }
  });

  it('subscribes, re-points and redelivers an endpoint for an event kind only with that kind’s read scope', async () => {
    const all = await w.key();
    for (const kind of kinds) {
      // One endpoint subscribed to this kind (made with every scope) to re-point, and one delivery of it to retry.
      const endpoint = await t.api
        .post('/v1/webhook-endpoints')
        .set('Authorization', `Bearer ${all}`)
        .send({ url: 'http://127.0.0.1:9/a', events: [kind] });
      expect(endpoint.status).toBe(201);
      const delivery = await disabledDelivery(w, kind, events[kind]);
      for (const scope of SCOPES) {
        const token = await w.key(scope === 'webhooks:write' ? ['webhooks:write'] : ['webhooks:write', scope]);
        const allowed = EVENT_SCOPE[kind] === scope;

        const created = await t.api
          .post('/v1/webhook-endpoints')
          .set('Authorization', `Bearer ${token}`)
          .send({ url: 'http://127.0.0.1:9/b', events: [kind] });
        expect([kind, scope, 'subscribe', created.status]).toEqual([kind, scope, 'subscribe', allowed ? 201 : 403]);
        if (created.status === 201)
          await t.api.delete(`/v1/webhook-endpoints/${created.body.id}`).set('Authorization', `Bearer ${all}`);

        const patched = await t.api
          .patch(`/v1/webhook-endpoints/${endpoint.body.id}`)
          .set('Authorization', `Bearer ${token}`)
          .send({ url: `http://127.0.0.1:9/${scope.replace(':', '-')}` });
        expect([kind, scope, 're-point', patched.status]).toEqual([kind, scope, 're-point', allowed ? 200 : 403]);

        const retried = await t.api
          .post(`/v1/webhook-deliveries/${delivery}/retry`)
          .set('Authorization', `Bearer ${token}`);
        // Allowed: past authorization to the disabled endpoint's 409, and nothing is sent.
        expect([kind, scope, 'redeliver', retried.status]).toEqual([kind, scope, 'redeliver', allowed ? 409 : 403]);
      }
      await t.api.delete(`/v1/webhook-endpoints/${endpoint.body.id}`).set('Authorization', `Bearer ${all}`);
    }
  });
});

it("answers 404 to another account for every route that names one of the owner's resources", async () => {
  const otherKey = await other.key();
  for (const r of routes) {
    const required = TABLE[label(r)]!;
    const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (params.length === 0 || params.every((p) => GLOBAL_PARAMS.has(p))) continue;
    const path = await fillPath(r, owner);
    const req = call(r, path, required === 'session' ? other.account.session : otherKey);
    const body = BODIES[label(r)];
    const res = await (body ? req.send(body) : req);
    expect([label(r), res.status, res.body.error?.code]).toEqual([label(r), 404, 'not_found']);
  }
});

/**
 * What the event test files share: one context whose first run gives the `data` of a real `run.succeeded` (answers
 * are checked against the documented schema, so seeded events carry what the worker really records), a fresh
 * account, test key and webhook receiver for each test, and seeding events straight into the database.
 */
import { ulid } from 'ulid';
import { listBeforeInsert } from '../../domain/collections';
import { COLLECTIONS } from '../../domain/platform/db';
import { newId, randomBase62 } from '../../domain/platform/ids';
import type { EventDoc, EventType } from '../../domain/webhooks/events';
import { createTestContext, type TestContext } from './app';
import { newAccount, type TestAccount } from './identity';
import { makeWorkflow, waitForRun } from './runs';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

export type ApiEvent = {
  id: string;
  object: string;
  type: string;
  created_at: string;
  data: { run?: { id: string; status: string } };
};

/** The file's context, each test's account, test key and receiver, set by the jest hooks this registers. */
export interface EventsStack {
  t: TestContext;
  a: TestAccount;
  key: string;
  receiver: WebhookReceiver;
}

export function useEventsStack() {
  const stack = {} as EventsStack;
  /** The `data` of a real `run.succeeded`, for events seeded straight into the database. */
  let realData: Record<string, unknown> | undefined;
  let ownerRunId: string;

  beforeAll(async () => {
    const t = (stack.t = await createTestContext());
    const owner = await newAccount(t);
    const token = await owner.key({ mode: 'test' });
    const created = await t.api
      .post(`/v1/workflows/${await makeWorkflow(t, token)}/runs`)
      .set({ Authorization: `Bearer ${token}` })
      .send({});
    await waitForRun(t, token, created.body.id);
    const events = t.database.db.collection<EventDoc>(COLLECTIONS.events);
    for (let waited = 0; !realData && waited < 30_000; waited += 100) {
      const event = await events.findOne({ dedupe_key: `run.succeeded:${created.body.id}` });
      if (event) realData = JSON.parse(event.data_json) as Record<string, unknown>;
      else await new Promise((r) => setTimeout(r, 100));
    }
    if (!realData) throw new Error('the run.succeeded event was not recorded');
    ownerRunId = created.body.id as string;
  });
  beforeEach(async () => {
    stack.a = await newAccount(stack.t);
    stack.key = await stack.a.key({ mode: 'test' });
    stack.receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await stack.receiver.close();
  });
  afterAll(async () => {
    await stack.t.close();
  });

  /**
   * `realData` for an event of `accountId`: a copy of the real run stored under that account (same output object),
   * so the event reads as one of that account's own runs would — its `output_file` is signed from the run.
   */
  async function dataFor(accountId: string): Promise<Record<string, unknown>> {
    const runs = stack.t.database.db.collection<{ _id: string; account_id: string }>(COLLECTIONS.runs);
    const original = (await runs.findOne({ _id: ownerRunId }))!;
    const copy = { ...original, _id: newId('run'), account_id: accountId };
    await runs.insertOne(copy);
    return { ...realData, run: { ...(realData!.run as object), id: copy._id } };
  }

  /** A stored event, as recordEvent makes it, optionally back-dated (its id carries the same time, as real ids do). */
  async function seedEvent(accountId: string, type: EventType, at = new Date()): Promise<EventDoc> {
    const doc: EventDoc = {
      _id: `evt_${ulid(at.getTime())}`,
      account_id: accountId,
      type,
      dedupe_key: `seed:${randomBase62(16)}`,
      data_json: JSON.stringify(await dataFor(accountId)),
      created_at: at,
    };
    // Stored as recordEvent stores it: listed first (domain/store/), then written.
    await listBeforeInsert(stack.t.database.db, COLLECTIONS.events, [doc]);
    await stack.t.database.db.collection<EventDoc>(COLLECTIONS.events).insertOne(doc);
    return doc;
  }

  return { stack, dataFor, seedEvent };
}

/**
 * What the webhook test files share: the two contexts (`fast` retries after 2 s, then every 3 s, 1 s timeout), a
 * fresh account, key and receiver for each test, and the helpers that register an endpoint, publish an event as the
 * activities do and check a delivery's signature.
 */
import { COLLECTIONS } from '../../domain/platform/db';
import { randomBase62 } from '../../domain/platform/ids';
import type { WebhookDeliveryDoc } from '../../domain/webhooks/deliveries';
import { publishEvent } from '../../domain/webhooks/publish-event';
import { verifyWebhookSignature } from '../../domain/webhooks/signature';
import { createTestContext, type TestContext } from './app';
import { newAccount, type TestAccount } from './identity';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from './webhook-receiver';

export const auth = (k: string) => ({ Authorization: `Bearer ${k}` });

/** The suite's contexts, each test's account, key and receiver, set by the jest hooks this registers. */
export interface WebhookStack {
  t: TestContext;
  fast: TestContext;
  a: TestAccount;
  key: string;
  receiver: WebhookReceiver;
}

export function useWebhookStack(): WebhookStack {
  const stack = {} as WebhookStack;
  beforeAll(async () => {
    stack.t = await createTestContext();
    stack.fast = await createTestContext({
      WEBHOOK_RETRY_SCHEDULE_S: '2,3',
      WEBHOOK_RETRY_WINDOW_S: '60',
      WEBHOOK_TIMEOUT_S: '1',
    });
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
    await stack.fast.close();
    await stack.t.close();
  });
  return stack;
}

/** The helpers, acting for the stack's current account and key. */
export function webhookHelpers(stack: WebhookStack) {
  async function register(ctx: TestContext, body: Record<string, unknown>) {
    const res = await ctx.api.post('/v1/webhook-endpoints').set(auth(stack.key)).send(body);
    if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${res.text}`);
    return res.body as { id: string; secret: string };
  }

  /** A deliverable event published exactly as the activities publish theirs. */
  async function publishTestEvent(ctx: TestContext, data: Record<string, unknown> = { run: { id: 'run_test' } }) {
    const event = await publishEvent(
      { db: ctx.database.db, config: ctx.config, temporal: ctx.temporal },
      { accountId: stack.a.accountId, type: 'run.succeeded', dedupeKey: `test:${randomBase62(16)}`, data },
    );
    const delivery = await ctx.database.db
      .collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries)
      .findOne({ event_id: event._id });
    return { event, deliveryId: delivery?._id };
  }

  return { register, publishTestEvent };
}

export async function deliveryResult(ctx: TestContext, deliveryId: string) {
  return ctx.temporal.client.workflow.getHandle(deliveryId).result() as Promise<{ status: string; attempts: number }>;
}

export function verified(req: ReceivedRequest, secret: string, now = new Date(req.at)): boolean {
  return verifyWebhookSignature({
    payload: req.rawBody,
    header: req.headers['x-service-signature'] as string,
    secrets: secret,
    now,
  });
}

export const signedAt = (req: ReceivedRequest) =>
  Number(/t=(\d+)/.exec(req.headers['x-service-signature'] as string)![1]);

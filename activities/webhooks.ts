/**
 * The activities of `deliverWebhook`: one attempt (check the target, sign afresh, POST the stored payload bytes to
 * the checked address with a time limit, record the attempt) and settling the delivery (status, and disabling an
 * endpoint whose deliveries keep failing). Retries are the workflow's durable timers, never retries in here.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { ApplicationFailure } from '@temporalio/activity';
import type { Db } from 'mongodb';
import { signEventRuns, type OutputSigner } from '../domain/runs/output-file';
import { eventPayload, type EventDoc } from '../domain/webhooks/events';
import {
  deliveryTarget,
  findDelivery,
  recordAttempt,
  RESPONSE_BODY_LIMIT,
  settleFailedDelivery,
  type AttemptOutcome,
  type WebhookAttemptDoc,
  type WebhookDeliveryDoc,
} from '../domain/webhooks/deliveries';
import { targetPolicy } from '../domain/webhooks/endpoints';
import { endpointSigningSecrets } from '../domain/webhooks/endpoint-secrets';
import { signWebhookPayload } from '../domain/webhooks/signature';
import { SecretUnreadable } from '../domain/platform/secret-box';
import { resolveTarget, TargetRefused, type ResolvedTarget } from '../domain/webhooks/url';
import type { ActivityDeps } from './deps';
import { WebhookAgents } from './webhook-agents';

export interface AttemptInput {
  accountId: string;
  deliveryId: string;
  /** Unique per attempt within the delivery (`<workflow run id>:<n>`). */
  attemptKey: string;
  timeoutS: number;
}

interface HttpResult {
  statusCode: number | null;
  body: string | null;
  error: string | null;
}

/**
 * The exact bytes integrators verify: the payload as stored, with a run's `output_file` signed for this attempt (a
 * URL signed when the event was recorded would have expired before the later retries).
 */
export async function payloadBytes(db: Db, signer: OutputSigner, event: EventDoc): Promise<Buffer> {
  // The event as read by `_id` is as stored now: a run's file and refund mark on it need no read of the run.
  const [payload] = await signEventRuns(db, event.account_id, signer, [eventPayload(event)], [event]);
  return Buffer.from(JSON.stringify(payload), 'utf8');
}

/**
 * One POST to the checked address (the `lookup` answers only that address, so TLS still verifies the hostname
 * while DNS cannot be asked again). No redirects are followed: Node's client never does. The whole exchange is
 * bounded by `timeoutMs`; only the first RESPONSE_BODY_LIMIT bytes of the answer are read. With `agents`, the
 * connection is kept for the next POST to the same address once the answer has been read to its end; a kept
 * connection the receiver closed meanwhile (reset before any answer) is replaced by a new one, once, within the
 * same time bound, as HTTP clients do for idempotent requests: a receiver may see the POST twice, which webhook
 * receivers already handle by the delivery id (deliveries are at least once).
 */
export function postOnce(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs: number,
  agents?: WebhookAgents,
): Promise<HttpResult> {
  return new Promise((resolve) => {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          { address: target.address, family: target.family },
        ]);
      } else callback(null, target.address, target.family);
    };
    const options: RequestOptions = {
      method: 'POST',
      hostname: target.url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: target.url.port || undefined,
      path: `${target.url.pathname}${target.url.search}`,
      headers: { ...headers, 'Content-Length': String(body.length) },
      lookup: pinned,
      agent: agents ? agents.for(target) : false,
    };
    let settled = false;
    let req: ClientRequest;
    /** `reusable`: the answer was read to its end, so the connection may serve the next POST. */
    const finish = (result: HttpResult, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!reusable) req.destroy();
      resolve(result);
    };
    const send = (mayResend: boolean) => {
      let answered = false;
      req = (target.url.protocol === 'https:' ? httpsRequest : httpRequest)(options, (res: IncomingMessage) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (reusable: boolean) =>
          finish(
            {
              statusCode: res.statusCode ?? null,
              body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
              error: null,
            },
            reusable,
          );
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_BODY_LIMIT) done(false); // the rest is not read, so the connection cannot be kept
        });
        res.on('end', () => done(true));
        res.on('error', () => done(false));
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (settled) return;
        if (mayResend && !answered && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
          send(false);
          return;
        }
        finish({ statusCode: null, body: null, error: `connection failed: ${err.code ?? err.message}` });
      });
      req.end(body);
    };
    const timer = setTimeout(
      () => finish({ statusCode: null, body: null, error: `timed out after ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    send(true);
  });
}

function outcomeOf(statusCode: number | null): AttemptOutcome {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return 'succeeded';
  if (statusCode === 410) return 'gone';
  return 'retry';
}

export function webhookActivities({ db, config, logger, storage, lookup }: ActivityDeps) {
  const agents = new WebhookAgents();

  async function load(accountId: string, deliveryId: string): Promise<WebhookDeliveryDoc> {
    const delivery = await findDelivery(db, accountId, deliveryId);
    if (!delivery) throw ApplicationFailure.nonRetryable(`delivery ${deliveryId} not found`, 'delivery_missing');
    return delivery;
  }

  return {
    async attemptDelivery(input: AttemptInput): Promise<{ outcome: AttemptOutcome }> {
      const delivery = await load(input.accountId, input.deliveryId);
      // A retried activity whose attempt was already recorded reports it rather than sending again.
      const recorded = delivery.attempts.find((a) => a.key === input.attemptKey);
      if (recorded) return { outcome: recorded.outcome };

      const { endpoint, event } = await deliveryTarget(db, delivery);
      if (!endpoint || endpoint.deleted_at || endpoint.status !== 'active') return { outcome: 'stopped' };
      if (!event) throw ApplicationFailure.nonRetryable(`event ${delivery.event_id} not found`, 'event_missing');

      const started = Date.now();
      let result: HttpResult;
      try {
        const target = await resolveTarget(endpoint.url, targetPolicy(config), lookup);
        const body = await payloadBytes(db, { storage, ttlS: config.OUTPUT_URL_TTL_S }, event);
        // Signed now, for this attempt: a receiver's 5-minute window always starts at the attempt.
        const timestamp = Math.floor(Date.now() / 1000);
        const signing = endpointSigningSecrets(config, endpoint);
        if (signing.unreadable > 0) {
          // Signed with the secrets that open; the operator is told, as for a current secret no key opens.
          logger.warn(
            { deliveryId: delivery._id, endpointId: endpoint._id, unreadable: signing.unreadable },
            'webhook signed without replaced secrets no configured key opens',
          );
        }
        const headers = {
          'Content-Type': 'application/json',
          'User-Agent': 'Assay-Webhooks/1.0',
          'X-Service-Event': event.type,
          'X-Service-Delivery': delivery._id,
          'X-Service-Signature': signWebhookPayload(signing.secrets, body, timestamp),
        };
        result = await postOnce(target, headers, body, input.timeoutS * 1000, agents);
      } catch (err) {
        if (err instanceof TargetRefused)
          result = { statusCode: null, body: null, error: `target refused: url ${err.message}` };
        else if (err instanceof SecretUnreadable) {
          // Ours to fix, not the receiver's: a failed attempt, so the schedule goes on and delivers once an operator
          // restores the key (DATA_ENCRYPTION_KEY_FALLBACKS). Nothing is sent unsigned.
          logger.error(
            { deliveryId: delivery._id, endpointId: endpoint._id },
            'webhook not sent: no configured key opens the endpoint secret',
          );
          result = { statusCode: null, body: null, error: 'not sent: the delivery could not be signed on our side' };
        } else throw err;
      }
      const attempt: WebhookAttemptDoc = {
        key: input.attemptKey,
        at: new Date(started),
        status_code: result.statusCode,
        latency_ms: Date.now() - started,
        error: result.error ?? (outcomeOf(result.statusCode) === 'succeeded' ? null : `answered ${result.statusCode}`),
        response_body: result.body,
        outcome: outcomeOf(result.statusCode),
      };
      // A success settles the delivery in the same write, so a delivery that succeeds at once is one workflow task:
      // nothing is left for settleDelivery.
      await recordAttempt(db, delivery, endpoint, attempt);
      // A line per delivered event at info would be one per run: successes at debug, the rest (worth a look) at info.
      logger[attempt.outcome === 'succeeded' ? 'debug' : 'info'](
        {
          deliveryId: delivery._id,
          endpointId: endpoint._id,
          statusCode: attempt.status_code,
          latencyMs: attempt.latency_ms,
          outcome: attempt.outcome,
        },
        'webhook attempt',
      );
      return { outcome: attempt.outcome };
    },

    /**
     * A delivery's failure, final: it may disable the endpoint (20 in a row). Idempotent. A success is settled by
     * the attempt's own write; the retired shapes that settled it here are gone.
     */
    async settleDelivery(input: { accountId: string; deliveryId: string; status: 'failed' }): Promise<void> {
      const { disabledEndpointId } = await settleFailedDelivery(db, input.accountId, input.deliveryId);
      if (disabledEndpointId)
        logger.warn(
          { endpointId: disabledEndpointId },
          'webhook endpoint disabled after consecutive failed deliveries',
        );
    },
  };
}

/**
 * `Idempotency-Key` for routes that declare `idempotency` (api/route.ts): executes the handler once per key and
 * body, replays its answer (with `Idempotent-Replayed: true`) for identical retries, and keeps 5xx answers out of
 * the record so a retry resumes the same creation. Rules: domain/access/idempotency.ts.
 */
import type { Context } from 'koa';
import type { Db } from 'mongodb';
import { ApiError, errors } from '../../domain/http/errors';
import {
  beginIdempotent,
  finishIdempotent,
  releaseIdempotent,
  renewReservation,
  requestHash,
  type IdempotencyScope,
} from '../../domain/access/idempotency';
import type { Reply, RouteSpec } from '../route';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export async function idempotent(
  ctx: Context,
  db: Db,
  scope: IdempotencyScope,
  spec: RouteSpec,
  requestParts: unknown[],
  execute: (reservedId: string, renew: () => Promise<string>) => Promise<Reply>,
): Promise<Reply> {
  const key = ctx.get('Idempotency-Key');
  if (!KEY_PATTERN.test(key)) {
    throw errors.invalidRequest('Idempotency-Key must be 1 to 255 printable ASCII characters.', [
      { path: 'header.Idempotency-Key', message: 'invalid' },
    ]);
  }
  const endpoint = `${spec.method.toUpperCase()} ${spec.path}`;
  const hash = requestHash([endpoint, ...requestParts, ...(ctx.state.idempotencyExtra ?? [])]);
  const begun = await beginIdempotent(db, scope, endpoint, key, hash, spec.idempotency!.reserve);
  if (begun.kind === 'replay') {
    return { status: begun.status, body: begun.body, headers: { 'Idempotent-Replayed': 'true' } };
  }
  try {
    const renew = () => renewReservation(db, begun.recordId, begun.reservedId, spec.idempotency!.reserve());
    const reply = await execute(begun.reservedId, renew);
    await finishIdempotent(db, begun.recordId, reply.status, reply.body);
    return reply;
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      // A definite refusal is the answer to this request; replaying it keeps retries consistent.
      await finishIdempotent(db, begun.recordId, err.status, {
        error: {
          code: err.code,
          message: err.message,
          request_id: ctx.state.requestId as string,
          ...(err.details ? { details: err.details } : {}),
        },
      });
    } else {
      await releaseIdempotent(db, begun.recordId).catch(() => undefined);
    }
    throw err;
  }
}

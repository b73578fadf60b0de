/**
 * The dependency-failure classifier against the errors the libraries really throw: clients pointed at a port
 * nobody listens on, at a loopback HTTP server that answers like a failing S3 or never answers, and the driver's and
 * SDK's own error classes for states a unit test cannot provoke (a failover, a cleared pool, a terminated workflow).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  ApplicationFailure,
  CancelledFailure,
  RetryState,
  TerminatedFailure,
  TimeoutFailure,
  WorkflowNotFoundError,
} from '@temporalio/common';
import { parseConfig } from '../../domain/platform/config';
import { connectTemporal, withinDeadline } from '../../domain/jobs';
import { ServiceError, WorkflowFailedError } from '../../domain/jobs/failures';
import {
  MongoClient,
  MongoInvalidArgumentError,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoNotConnectedError,
  MongoServerClosedError,
  MongoServerError,
  MongoTopologyClosedError,
} from 'mongodb';
import { DeadlineExceeded } from '../../domain/platform/deadline';
import { classifyDependencyFailure, isDependencyUnavailable } from '../../domain/backing-services/dependency-failure';
import { ApiError } from '../../domain/http/errors';
import { freePort } from '../support/ports';

async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

let closedPort: number;
beforeAll(async () => {
  closedPort = await freePort();
});

describe('MongoDB', () => {
  it('a server nobody answers for is unavailable (server selection)', async () => {
    const client = new MongoClient(`mongodb://127.0.0.1:${closedPort}/`, {
      serverSelectionTimeoutMS: 300,
      connectTimeoutMS: 300,
    });
    const err = await caught(() => client.db('x').collection('y').findOne({}));
    await client.close();
    expect((err as Error).name).toBe('MongoServerSelectionError');
    expect(classifyDependencyFailure(err)).toMatchObject({ dependency: 'mongodb' });
  });

  it('network errors, a cleared pool, a closed server or topology and a client never connected are unavailable', () => {
    // The pool-cleared error is driver-internal (not exported); it subclasses MongoNetworkError.

    const { PoolClearedError } = require('mongodb/lib/cmap/errors') as {
      PoolClearedError: new (pool: object) => Error;
    };
    const samples = [
      new MongoNetworkError('connection reset'),
      new MongoNetworkTimeoutError('timed out'),
      new PoolClearedError({ address: '127.0.0.1:27017', serverError: new MongoNetworkError('reset') }),
      new MongoServerClosedError(),
      new MongoTopologyClosedError(),
      new MongoNotConnectedError('not connected'),
      new MongoServerError({ code: 91, errmsg: 'The server is in quiesce mode and will shut down' }),
      new MongoServerError({ code: 10107, errmsg: 'not primary' }),
      new MongoServerError({ code: 50, errmsg: 'operation exceeded time limit' }),
    ];
    expect(samples.find((e) => e.name === 'MongoPoolClearedError')).toBeDefined();
    for (const err of samples) expect([err.name, isDependencyUnavailable(err)]).toEqual([err.name, true]);
  });

  it('answers about the request (duplicate key, bad argument) are not outages', () => {
    expect(isDependencyUnavailable(new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key error' }))).toBe(
      false,
    );
    expect(isDependencyUnavailable(new MongoServerError({ code: 2, errmsg: 'BadValue' }))).toBe(false);
    expect(isDependencyUnavailable(new MongoInvalidArgumentError('bad'))).toBe(false);
  });
});

describe('object store (AWS SDK S3 client)', () => {
  let server: Server;
  let port: number;
  let answer: { status: number; code: string } | 'hang' = 'hang';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (answer === 'hang') return; // never answers
      res.writeHead(answer.status, { 'Content-Type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${answer.code}</Code><Message>m</Message></Error>`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const s3 = (p: number) =>
    new S3Client({
      endpoint: `http://127.0.0.1:${p}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      maxAttempts: 1,
      requestHandler: { requestTimeout: 300, connectionTimeout: 300, throwOnRequestTimeout: true },
    });

  it('a refused connection is unavailable', async () => {
    const err = await caught(() => s3(closedPort).send(new HeadBucketCommand({ Bucket: 'b' })));
    expect(String(err)).toContain('ECONNREFUSED');
    expect(classifyDependencyFailure(err)).toMatchObject({
      dependency: expect.stringMatching(/^(network|object_store)$/),
    });
  });

  it('a store that does not answer in time is unavailable', async () => {
    answer = 'hang';
    const err = await caught(() => s3(port).send(new GetObjectCommand({ Bucket: 'b', Key: 'k' })));
    expect(String(err)).toMatch(/timed? ?out/i);
    expect(isDependencyUnavailable(err)).toBe(true);
  });

  it.each([
    [500, 'InternalError'],
    [503, 'SlowDown'],
    [503, 'ServiceUnavailable'],
  ])('an HTTP %i %s is unavailable', async (status, code) => {
    answer = { status, code };
    const err = await caught(() => s3(port).send(new GetObjectCommand({ Bucket: 'b', Key: 'k' })));
    expect((err as { $metadata: { httpStatusCode: number } }).$metadata.httpStatusCode).toBe(status);
    expect(classifyDependencyFailure(err)).toEqual({ dependency: 'object_store', reason: `http ${status}` });
  });

  it.each([
    [404, 'NoSuchKey'],
    [403, 'AccessDenied'],
  ])('an HTTP %i %s is an answer, not an outage', async (status, code) => {
    answer = { status, code };
    const err = await caught(() => s3(port).send(new GetObjectCommand({ Bucket: 'b', Key: 'k' })));
    expect(isDependencyUnavailable(err)).toBe(false);
  });
});

describe('Temporal', () => {
  it('a call to an unreachable server within a deadline is unavailable (raw gRPC and through the client)', async () => {
    const handle = await connectTemporal(parseConfig({ ...process.env, TEMPORAL_ADDRESS: `127.0.0.1:${closedPort}` }), {
      lazy: true,
    });
    const raw = await caught(() =>
      withinDeadline(handle, () => handle.connection.workflowService.getSystemInfo({}), 500),
    );
    expect(classifyDependencyFailure(raw)).toMatchObject({ dependency: 'temporal' });

    const started = await caught(() =>
      withinDeadline(handle, () => handle.client.workflow.start('anything', { taskQueue: 'q', workflowId: 'w' }), 500),
    );
    expect(started).toBeInstanceOf(ServiceError);
    expect(classifyDependencyFailure(started)).toMatchObject({ dependency: 'temporal' });
    await handle.close();
  });

  it('a gRPC answer about the request (NOT_FOUND, INVALID_ARGUMENT) is not an outage', () => {
    // grpc-js builds its errors so: an Error with the status code, details and metadata.

    const { Metadata } = require('@grpc/grpc-js') as { Metadata: new () => object };
    for (const code of [3, 5, 6]) {
      const grpcError = Object.assign(new Error(`${code} x`), { code, details: 'x', metadata: new Metadata() });
      expect(isDependencyUnavailable(grpcError)).toBe(false);
      expect(isDependencyUnavailable(new ServiceError('Failed to start Workflow', { cause: grpcError }))).toBe(false);
    }
    const unavailable = Object.assign(new Error('14 UNAVAILABLE'), {
      code: 14,
      details: 'No connection established',
      metadata: new Metadata(),
    });
    expect(classifyDependencyFailure(new ServiceError('Failed to start Workflow', { cause: unavailable }))).toEqual({
      dependency: 'temporal',
      reason: 'grpc UNAVAILABLE',
    });
  });

  it('a workflow the job system ended (terminated, timed out) is unavailable; one that failed or was cancelled is not', () => {
    const failed = (cause: Error) =>
      new WorkflowFailedError('Workflow execution failed', cause, RetryState.NON_RETRYABLE_FAILURE);
    expect(isDependencyUnavailable(failed(new TerminatedFailure('terminated by an operator')))).toBe(true);
    expect(isDependencyUnavailable(failed(new TimeoutFailure('timed out', undefined, 'START_TO_CLOSE' as never)))).toBe(
      true,
    );
    expect(
      isDependencyUnavailable(failed(ApplicationFailure.nonRetryable('unsupported file', 'UnsupportedFile'))),
    ).toBe(false);
    expect(isDependencyUnavailable(failed(new CancelledFailure('cancelled')))).toBe(false);
    expect(isDependencyUnavailable(new WorkflowNotFoundError('not found', 'w', undefined))).toBe(false);
  });
});

describe('everything else', () => {
  it('our own deadline is unavailable; wrapped socket errors are found through cause and AggregateError', () => {
    expect(isDependencyUnavailable(new DeadlineExceeded('storage', 5000))).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
    expect(isDependencyUnavailable(new TypeError('fetch failed', { cause: refused }))).toBe(true);
    expect(isDependencyUnavailable(new AggregateError([refused, refused]))).toBe(true);
  });

  it('bugs and client errors stay internal', () => {
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyUnavailable(new ApiError(400, 'invalid_request', 'bad'))).toBe(false);
    expect(isDependencyUnavailable(undefined)).toBe(false);
    expect(isDependencyUnavailable('ECONNREFUSED')).toBe(false);
  });
});

/**
 * The S3-compatible object store (MinIO locally): the client, the bucket, and the signed URLs that let bytes go
 * straight between clients and the store without passing through the API. The services dial `S3_ENDPOINT`; the URLs
 * handed to clients are signed for `S3_PUBLIC_ENDPOINT` (SigV4 signs the host, so a URL signed for a name only the
 * services resolve is useless outside).
 */
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from './config';
import { createDownloadSigner, type DownloadSigner } from './presign';

export interface Storage {
  s3: S3Client;
  /** Signs presigned PUTs for the public address; never sends a request. */
  uploadSigner: S3Client;
  bucket: string;
  /** Presigned GET URLs computed locally, as the SDK would sign them (./presign.ts). */
  signDownload: DownloadSigner;
}

export function createStorage(config: Config): Storage {
  const s3 = s3Client(config, config.s3Endpoint);
  // Built from the same settings, so a URL it signs is the one the services' client would sign, for another host.
  const uploadSigner = config.s3PublicEndpoint === config.s3Endpoint ? s3 : s3Client(config, config.s3PublicEndpoint);
  const signDownload = createDownloadSigner({
    endpoint: config.s3PublicEndpoint,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
  return { s3, uploadSigner, bucket: config.S3_BUCKET, signDownload };
}

function s3Client(config: Config, endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
    // Health checks and request paths bound their own time; the SDK's own retries would only stretch a failure.
    maxAttempts: 2,
    // Since 3.729 the SDK signs a CRC32 of an *empty* body (x-amz-checksum-crc32,
    // x-amz-sdk-checksum-algorithm) into every presigned PUT; strict stores (SeaweedFS, R2) then refuse the real
    // upload. Only operations that require a checksum get one, and responses are not validated against checksums
    // other stores may not send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without these the SDK waits on a silent store for ever (a request timeout only logs a warning unless told to
    // throw); the request timeout is socket inactivity, so a long transfer that keeps moving is not cut.
    requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
}

/** Creates the bucket when it is missing (idempotent; run at start-up). */
export async function ensureBucket(storage: Storage): Promise<void> {
  try {
    await storage.s3.send(new HeadBucketCommand({ Bucket: storage.bucket }));
  } catch (err) {
    if (httpStatus(err) !== 404) throw err;
    await storage.s3.send(new CreateBucketCommand({ Bucket: storage.bucket })).catch((e: { name?: string }) => {
      if (e.name !== 'BucketAlreadyOwnedByYou' && e.name !== 'BucketAlreadyExists') throw e;
    });
  }
}

export async function pingStorage(storage: Storage, signal: AbortSignal): Promise<void> {
  await storage.s3.send(new HeadBucketCommand({ Bucket: storage.bucket }), { abortSignal: signal });
}

/**
 * A presigned PUT bound to the content type (and length, when declared): the store refuses an upload whose
 * headers differ from what was signed, so the client cannot swap in another type or size.
 */
export async function presignUpload(
  storage: Storage,
  key: string,
  contentType: string,
  contentLength: number | undefined,
  ttlSeconds: number,
): Promise<{ url: string; expiresAt: Date }> {
  const command = new PutObjectCommand({
    Bucket: storage.bucket,
    Key: key,
    ContentType: contentType,
    ...(contentLength !== undefined ? { ContentLength: contentLength } : {}),
  });
  const url = await getSignedUrl(storage.uploadSigner, command, {
    expiresIn: ttlSeconds,
    signableHeaders: new Set(contentLength !== undefined ? ['content-type', 'content-length'] : ['content-type']),
  });
  return { url, expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
}

/** A presigned GET that downloads as `filename` (signed locally: no SDK command per URL). */
export async function presignDownload(
  storage: Storage,
  key: string,
  filename: string,
  contentType: string,
  ttlSeconds: number,
): Promise<{ url: string; expiresAt: Date }> {
  const now = new Date();
  const url = storage.signDownload(
    {
      bucket: storage.bucket,
      key,
      expiresInS: ttlSeconds,
      responseContentType: contentType,
      responseContentDisposition: `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`,
    },
    now,
  );
  return { url, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) };
}

/** A file as the API answers it: a signed download URL, when it stops working, and what it holds. */
export interface SignedFile {
  url: string;
  expires_at: string;
  mime_type: string;
}

/**
 * The API's answer for a stored file (a run's output, a batch's results, a calibration's report and items): a
 * presigned download as `filename`, valid `ttlSeconds` from now.
 */
export async function signedFile(
  storage: Storage,
  key: string,
  filename: string,
  mimeType: string,
  ttlSeconds: number,
): Promise<SignedFile> {
  const { url, expiresAt } = await presignDownload(storage, key, filename, mimeType, ttlSeconds);
  return { url, expires_at: expiresAt.toISOString(), mime_type: mimeType };
}

/** Size, type and ETag of a stored object, or null when there is none. */
export async function statObject(
  storage: Storage,
  key: string,
): Promise<{
  size: number;
  contentType?: string;
  etag?: string;
  metadata?: Record<string, string>;
  lastModified?: Date;
} | null> {
  try {
    const head = await storage.s3.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }));
    return {
      size: head.ContentLength ?? 0,
      contentType: head.ContentType,
      etag: head.ETag,
      metadata: head.Metadata,
      lastModified: head.LastModified,
    };
  } catch (err) {
    if (httpStatus(err) === 404) return null;
    throw err;
  }
}

/** The object at the key is no longer the one whose ETag the reader holds: it was written again since. */
export class ObjectChanged extends Error {
  constructor(readonly key: string) {
    super(`object ${key} changed since its ETag was recorded`);
    this.name = 'ObjectChanged';
  }
}

function httpStatus(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

export async function getObjectBytes(storage: Storage, key: string): Promise<Uint8Array> {
  const res = await storage.s3.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
  if (!res.Body) throw new Error(`object ${key} has no body`);
  return res.Body.transformToByteArray();
}

/** The object's bytes, or null when there is no object at the key (any other failure is thrown). */
export async function getObjectBytesIfAny(storage: Storage, key: string): Promise<Uint8Array | null> {
  try {
    return await getObjectBytes(storage, key);
  } catch (err) {
    if (httpStatus(err) === 404) return null;
    throw err;
  }
}

/**
 * The object's body as a Node stream (nothing is buffered here: the caller decides how much to read). With `ifMatch`
 * the store answers only the object of that ETag (`If-Match`), and `ObjectChanged` when it was written again since.
 */
export async function getObjectStream(storage: Storage, key: string, ifMatch?: string): Promise<Readable> {
  try {
    const res = await storage.s3.send(
      new GetObjectCommand({ Bucket: storage.bucket, Key: key, ...(ifMatch ? { IfMatch: ifMatch } : {}) }),
    );
    if (!res.Body) throw new Error(`object ${key} has no body`);
    return res.Body as Readable;
  } catch (err) {
    if (ifMatch && httpStatus(err) === 412) throw new ObjectChanged(key);
    throw err;
  }
}

export async function deleteObject(storage: Storage, key: string): Promise<void> {
  await storage.s3.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: key }));
}

/** The keys of every object under `prefix`, a page of the store's listing at a time. */
export async function listObjectKeys(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await storage.s3.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Answers the stored object's ETag. `metadata` is stored as `x-amz-meta-*` (lower-case names). */
export async function putObject(
  storage: Storage,
  key: string,
  body: Uint8Array | string,
  contentType: string,
  metadata?: Record<string, string>,
): Promise<string | undefined> {
  const res = await storage.s3.send(
    new PutObjectCommand({
      Bucket: storage.bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      Metadata: metadata,
    }),
  );
  return res.ETag;
}

/** Object keys: everything an account stores lives under its own prefix (documents' objects: domain/documents/). */
export const objectKeys = {
  runOutput: (accountId: string, runId: string, ext: string) => `accounts/${accountId}/runs/${runId}/output.${ext}`,
  batchResults: (accountId: string, batchId: string, name: string) =>
    `accounts/${accountId}/batches/${batchId}/${name}`,
  calibrationFile: (accountId: string, calibrationId: string, name: string) =>
    `accounts/${accountId}/calibrations/${calibrationId}/${name}`,
};

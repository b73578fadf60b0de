/**
 * The S3-compatible object store (MinIO locally): the client, the bucket, and the signed URLs that let bytes go
 * straight between clients and the store without passing through the API.
 */
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from './config';

export interface Storage {
  s3: S3Client;
  bucket: string;
}

export function createStorage(config: Config): Storage {
  const s3 = new S3Client({
    endpoint: config.s3Endpoint,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
    // Health checks and request paths bound their own time; the SDK's own retries would only stretch a failure.
    maxAttempts: 2,
  });
  return { s3, bucket: config.S3_BUCKET };
}

/** Creates the bucket when it is missing (idempotent; run at start-up). */
export async function ensureBucket(storage: Storage): Promise<void> {
  try {
    await storage.s3.send(new HeadBucketCommand({ Bucket: storage.bucket }));
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 404) throw err;
    await storage.s3.send(new CreateBucketCommand({ Bucket: storage.bucket })).catch((e: { name?: string }) => {
      if (e.name !== 'BucketAlreadyOwnedByYou' && e.name !== 'BucketAlreadyExists') throw e;
    });
  }
}

export async function pingStorage(storage: Storage, signal: AbortSignal): Promise<void> {
  await storage.s3.send(new HeadBucketCommand({ Bucket: storage.bucket }), { abortSignal: signal });
}

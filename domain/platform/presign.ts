/**
 * Presigned GET URLs (AWS Signature Version 4, query-string form), computed locally with the signing key derived
 * once per day. Every answer that carries a succeeded run signs its output file afresh, and
 * the SDK's `getSignedUrl` spent about a millisecond of CPU per URL building a command through its middleware
 * stack — the largest share of the API's CPU per `GET /runs/{id}`. The URL is the one the
 * SDK produces for `GetObjectCommand` (same parameters, same order, same signature; test/unit/presign.test.ts
 * compares them), path-style or virtual-hosted as the client is configured, so any S3-compatible store accepts it.
 */
import { createHash, createHmac } from 'node:crypto';

export interface SigningSettings {
  /** The store's endpoint, e.g. `http://127.0.0.1:9000` or `https://s3.eu-west-1.amazonaws.com`. */
  endpoint: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface DownloadRequest {
  bucket: string;
  key: string;
  expiresInS: number;
  /** `response-*` overrides the store applies to its answer (content type and disposition). */
  responseContentType?: string;
  responseContentDisposition?: string;
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters (`A-Za-z0-9-._~`). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export type DownloadSigner = (request: DownloadRequest, now?: Date) => string;

export function createDownloadSigner(settings: SigningSettings): DownloadSigner {
  const endpoint = new URL(settings.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  let cachedKey: { day: string; key: Buffer } | null = null;
  const signingKey = (day: string) => {
    if (cachedKey?.day !== day) {
      const kDate = hmac(`AWS4${settings.secretAccessKey}`, day);
      cachedKey = { day, key: hmac(hmac(hmac(kDate, settings.region), 's3'), 'aws4_request') };
    }
    return cachedKey.key;
  };

  // URLs signed within the current second, by request: the same inputs in the same second sign to the same URL
  // (X-Amz-Date has second precision), and a list page signs the same runs' files for every client that reads it.
  let memoStamp = '';
  const memo = new Map<string, string>();

  return (request, now = new Date()) => {
    const stamp = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, ''); // 20261123T133547Z
    if (stamp !== memoStamp) {
      memoStamp = stamp;
      memo.clear();
    }
    const memoKey = [
      request.bucket,
      request.key,
      request.expiresInS,
      request.responseContentType,
      request.responseContentDisposition,
    ].join('\u0000');
    const known = memo.get(memoKey);
    if (known) return known;
    const url = sign(request, stamp);
    if (memo.size < MEMO_LIMIT) memo.set(memoKey, url);
    return url;
  };

  function sign(request: DownloadRequest, stamp: string): string {
    // Virtual-hosted style needs a bucket name that is a valid host label; the SDK falls back to path style otherwise.
    const virtual = !settings.forcePathStyle && /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(request.bucket);
    const host = virtual ? `${request.bucket}.${endpoint.host}` : endpoint.host;
    const keyPath = request.key.split('/').map(encode).join('/');
    const path = virtual ? `${basePath}/${keyPath}` : `${basePath}/${request.bucket}/${keyPath}`;
    const day = stamp.slice(0, 8);
    const scope = `${day}/${settings.region}/s3/aws4_request`;
    const query: Array<[string, string]> = [
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Content-Sha256', 'UNSIGNED-PAYLOAD'],
      ['X-Amz-Credential', `${settings.accessKeyId}/${scope}`],
      ['X-Amz-Date', stamp],
      ['X-Amz-Expires', String(request.expiresInS)],
      ['X-Amz-SignedHeaders', 'host'],
      ...(request.responseContentDisposition
        ? [['response-content-disposition', request.responseContentDisposition] as [string, string]]
        : []),
      ...(request.responseContentType
        ? [['response-content-type', request.responseContentType] as [string, string]]
        : []),
      ['x-id', 'GetObject'],
    ];
    // Canonical order: by encoded name (all names above are distinct and already in byte order once encoded).
    const canonicalQuery = query
      .map(([k, v]) => [encode(k), encode(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalRequest = ['GET', path, canonicalQuery, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
    const stringToSign = [
      'AWS4-HMAC-SHA256',
      stamp,
      scope,
      createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
    ].join('\n');
    const signature = createHmac('sha256', signingKey(day)).update(stringToSign, 'utf8').digest('hex');
    // The signature takes its sorted place among the parameters, as in the SDK's URLs.
    const signed = canonicalQuery.replace(
      '&X-Amz-SignedHeaders=',
      `&X-Amz-Signature=${signature}&X-Amz-SignedHeaders=`,
    );
    return `${endpoint.protocol}//${host}${path}?${signed}`;
  }
}

/** URLs remembered per second at most (a page of 20 runs read 500 times a second needs 20). */
const MEMO_LIMIT = 10_000;

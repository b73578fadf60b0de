/**
 * The local SigV4 presigner (domain/platform/presign.ts) produces exactly the URL the AWS SDK's `getSignedUrl`
 * produces for the same GetObject at the same instant: path-style and virtual-hosted, keys with characters that need
 * encoding, response overrides with quotes and spaces — and a signing key cached across a change of day, URLs
 * remembered within a second never answered for another request or a later second.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createDownloadSigner, type SigningSettings } from '../../domain/platform/presign';

const credentials = { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };

async function sdkUrl(
  settings: SigningSettings,
  bucket: string,
  key: string,
  at: Date,
  overrides: { type?: string; disposition?: string },
  expiresIn = 900,
) {
  // The product's client settings (domain/platform/storage.ts): no checksum mode asked of downloads.
  const s3 = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const command = new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentType: overrides.type,
    ResponseContentDisposition: overrides.disposition,
  });
  const url = await getSignedUrl(s3, command, { expiresIn, signingDate: at });
  s3.destroy();
  return url;
}

const cases: Array<[string, Omit<SigningSettings, 'accessKeyId' | 'secretAccessKey'>, string, string]> = [
  [
    'a local store, path style',
    { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true },
    'assay',
    'accounts/acct_1/runs/run_01/output.json',
  ],
  [
    'AWS, virtual-hosted',
    { endpoint: 'https://s3.eu-west-1.amazonaws.com', region: 'eu-west-1', forcePathStyle: false },
    'assay-prod',
    'accounts/acct_1/runs/run_01/output.xlsx',
  ],
  [
    'a key that needs encoding',
    { endpoint: 'http://localhost:9000', region: 'us-east-1', forcePathStyle: true },
    'assay',
    "accounts/a b/ünï(cödé)!*'~/x+y=z&.csv",
  ],
];

describe('presigned downloads', () => {
  it.each(cases)('match the SDK URL byte for byte: %s', async (_name, place, bucket, key) => {
    const settings = { ...place, ...credentials };
    const at = new Date('2026-11-23T13:35:47.123Z');
    const overrides = { type: 'application/json', disposition: 'attachment; filename="run_01 (1).json"' };
    const ours = createDownloadSigner(settings)(
      {
        bucket,
        key,
        expiresInS: 900,
        responseContentType: overrides.type,
        responseContentDisposition: overrides.disposition,
      },
      at,
    );
    expect(ours).toBe(await sdkUrl(settings, bucket, key, at, overrides));
  });

  it('sign each request for itself, and afresh once the second has passed', async () => {
    const settings = { ...cases[0]![1], ...credentials };
    const sign = createDownloadSigner(settings);
    const at = new Date('2026-11-23T13:35:47.100Z');
    const sameSecond = new Date('2026-11-23T13:35:47.900Z');
    const later = new Date('2026-11-23T13:35:48.000Z');
    const a = { bucket: 'assay', key: 'runs/a.json', expiresInS: 60 };
    const b = { bucket: 'assay', key: 'runs/b.json', expiresInS: 60 };
    expect(sign(a, at)).toBe(await sdkUrl(settings, 'assay', a.key, at, {}, 60));
    expect(sign(b, sameSecond)).toBe(await sdkUrl(settings, 'assay', b.key, sameSecond, {}, 60));
    expect(sign({ ...a, expiresInS: 120 }, sameSecond)).toBe(
      await sdkUrl(settings, 'assay', a.key, sameSecond, {}, 120),
    );
    expect(sign(a, later)).toBe(await sdkUrl(settings, 'assay', a.key, later, {}, 60));
  });

  it('derive a new signing key when the day changes', async () => {
    const settings = { ...cases[0]![1], ...credentials };
    const sign = createDownloadSigner(settings);
    const request = { bucket: 'assay', key: 'k', expiresInS: 60 };
    sign(request, new Date('2026-11-23T23:59:59Z'));
    const nextDay = new Date('2026-11-24T00:00:01Z');
    expect(sign(request, nextDay)).toBe(await sdkUrl(settings, 'assay', 'k', nextDay, {}, 60));
  });
});

/**
 * Presigned URLs are signed for the address clients reach the object store at (`S3_PUBLIC_ENDPOINT`), while the
 * services talk to it at `S3_ENDPOINT`. SigV4 signs the Host header, so a URL signed for the
 * internal name (`http://minio:9000` in docker-compose.yml) cannot be used by anyone outside: here the store is
 * reached by the services as 127.0.0.1 and by the "client" as localhost — the same MinIO under two names.
 */
import { parseConfig } from '../../domain/platform/config';
import { createStorage, presignDownload, presignUpload, statObject } from '../../domain/platform/storage';
import { createTestContext, type TestContext } from '../support/app';
import { newAccount } from '../support/identity';

/** The same store under another host name: what the services dial vs. what the client is handed. */
function twoNames(): { internal: string; external: string } {
  const url = new URL(parseConfig(process.env).s3Endpoint);
  const other = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : null;
  if (!other) throw new Error(`this test needs the store on loopback, not ${url.href}`);
  const internal = `${url.protocol}//${url.hostname}:${url.port}`;
  return { internal, external: `${url.protocol}//${other}:${url.port}` };
}

describe('presigned URLs signed for S3_PUBLIC_ENDPOINT', () => {
  jest.setTimeout(60_000);
  const { internal, external } = twoNames();
  let t: TestContext;
  let token: string;

  beforeAll(async () => {
    t = await createTestContext({ S3_ENDPOINT: internal, S3_PUBLIC_ENDPOINT: external });
    token = await (await newAccount(t)).key();
  });
  afterAll(() => t.close());

  it('signs uploads and downloads for the public address, and both work sent there', async () => {
    const storage = createStorage(t.config);
    try {
      const key = `accounts/acct_public/documents/doc_public/original`;
      const upload = await presignUpload(storage, key, 'text/plain', undefined, 300);
      expect(new URL(upload.url).host).toBe(new URL(external).host);
      const put = await fetch(upload.url, {
        method: 'PUT',
        headers: { 'Content-Type': 'text/plain' },
        body: 'signed for the public name',
      });
      expect([put.status, put.ok ? '' : await put.text()]).toEqual([200, '']);
      // The services still use the internal address: the object is there for them.
      expect((await statObject(storage, key))?.size).toBe('signed for the public name'.length);

      const download = await presignDownload(storage, key, 'notes.txt', 'text/plain', 300);
      expect(new URL(download.url).host).toBe(new URL(external).host);
      const got = await fetch(download.url);
      expect([got.status, await got.text()]).toEqual([200, 'signed for the public name']);
    } finally {
      storage.s3.destroy();
    }
  });

  it('hands an API client an upload_url on the public address that takes its PUT and completes', async () => {
    const created = await t.api
      .post('/v1/documents')
      .set({ Authorization: `Bearer ${token}` })
      .send({ filename: 'essay.txt', mime_type: 'text/plain' });
    expect(created.status).toBe(200);
    expect(new URL(created.body.upload_url).host).toBe(new URL(external).host);
    const put = await fetch(created.body.upload_url, {
      method: 'PUT',
      headers: created.body.upload_headers,
      body: 'My essay cites three peer-reviewed sources.',
    });
    expect(put.status).toBe(200);
    const completed = await t.api
      .post(`/v1/documents/${created.body.id}/complete`)
      .set({ Authorization: `Bearer ${token}` });
    expect([completed.status, completed.body.extracted]).toEqual([200, true]);
  });
});

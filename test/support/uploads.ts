/** The three-step upload flow as a client performs it: ask for a URL, PUT the bytes there, complete. */
import type { TestContext } from './app';

export interface FileLike {
  bytes: Buffer;
  filename: string;
  mimeType: string;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** PUTs bytes to a presigned URL with the headers the API said to send. */
export async function putToUploadUrl(url: string, headers: Record<string, string>, bytes: Buffer): Promise<Response> {
  const sendHeaders = { ...headers };
  delete sendHeaders['Content-Length']; // fetch sets it from the body; a mismatch would be refused by the store
  return fetch(url, { method: 'PUT', headers: sendHeaders, body: bytes });
}

export async function uploadDocument(t: TestContext, token: string, file: FileLike) {
  const created = await t.api
    .post('/v1/documents')
    .set(auth(token))
    .send({ filename: file.filename, mime_type: file.mimeType, size_bytes: file.bytes.length });
  if (created.status !== 200) throw new Error(`create failed: ${created.status} ${created.text}`);
  const put = await putToUploadUrl(created.body.upload_url, created.body.upload_headers, file.bytes);
  if (!put.ok) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  const completed = await t.api.post(`/v1/documents/${created.body.id}/complete`).set(auth(token));
  return completed;
}

export async function uploadReference(t: TestContext, token: string, file: FileLike, name = file.filename) {
  const created = await t.api
    .post('/v1/reference-documents')
    .set(auth(token))
    .send({ name, filename: file.filename, mime_type: file.mimeType, size_bytes: file.bytes.length });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.text}`);
  const put = await putToUploadUrl(created.body.upload_url, created.body.upload_headers, file.bytes);
  if (!put.ok) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  const completed = await t.api.post(`/v1/reference-documents/${created.body.id}/complete`).set(auth(token));
  if (completed.status !== 200) throw new Error(`complete failed: ${completed.status} ${completed.text}`);
  return created.body.id as string;
}

/** Polls GET until the reference document leaves `processing`. */
export async function waitForReference(t: TestContext, token: string, refId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api.get(`/v1/reference-documents/${refId}`).set(auth(token));
    if (res.status !== 200) throw new Error(`GET failed: ${res.status} ${res.text}`);
    if (res.body.status !== 'processing' || Date.now() > deadline) return res.body;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The upload path against hostile clients, through the real API, store and worker: presigned URLs any S3 store accepts,
 * oversized uploads refused from the store's size without reading them, a corpus of hostile files that each fail with a
 * clear reason while the worker's memory stays flat, and tenant regexes that cannot stall anything.
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { RE2JS } from 're2js';
import { validateAgainstSchema } from '../../domain/json-schema/validate';
import { statObject } from '../../domain/platform/storage';
import { originalKeys } from '../../domain/documents/originals';
import { laneWorkerPid } from '../support/env';
import { createTestContext, type TestContext } from '../support/app';
import {
  lyingZip,
  makeDocument,
  ooxmlWithEntities,
  pdfFlateBomb,
  SAMPLE_SENTENCES,
  xlsxWithRows,
  type GeneratedFile,
} from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { putToUploadUrl, uploadDocument } from '../support/uploads';
import { makeWorkflow, waitForRun } from '../support/runs';
import { activityAttempts } from '../support/attempts';
import { jobIds } from '../../domain/jobs';

let t: TestContext;
let a: TestAccount;
let token: string;
const auth = () => ({ Authorization: `Bearer ${token}` });
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestContext();
  a = await newAccount(t);
  token = await a.key();
});
afterAll(async () => {
  await t.close();
});

function expectPortable(url: string): void {
  const params = [...new URL(url).searchParams.keys()].map((k) => k.toLowerCase());
  expect(params.filter((k) => k.startsWith('x-amz-checksum-') || k === 'x-amz-sdk-checksum-algorithm')).toEqual([]);
  expect(url).not.toMatch(/x-amz-checksum|x-amz-sdk-checksum-algorithm/i);
}

/** The worker's resident set in MB, from /proc. */
function workerRssMb(): number {
  const pid = laneWorkerPid();
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error('no VmRSS for the worker');
  return Number(match[1]) / 1024;
}

/** Samples the worker's RSS every 50 ms while `work` runs; the growth over the baseline taken before. */
async function rssGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const baseline = workerRssMb();
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, workerRssMb());
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, workerRssMb());
    return { result, growthMb: peak - baseline };
  } finally {
    clearInterval(timer);
  }
}

/** PUTs `size` bytes of `fill` to a presigned URL, generated chunk by chunk (never held whole). */
function putGenerated(url: string, headers: Record<string, string>, size: number, fill = 0x61): Promise<number> {
  const chunk = Buffer.alloc(MB, fill);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { ...headers, 'Content-Length': String(size) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    let left = size;
    const pump = (): void => {
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!req.write(part)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('presigned URLs (docs/decisions.md 428)', () => {
  it('carry no flexible-checksum parameters, for both upload kinds and run outputs, and a real PUT works', async () => {
    const doc = await t.api.post('/v1/documents').set(auth()).send({ filename: 'essay.txt', mime_type: 'text/plain' });
    expectPortable(doc.body.upload_url);
    const sized = await t.api.post('/v1/documents').set(auth()).send({ filename: 'essay.txt', size_bytes: 12 });
    expectPortable(sized.body.upload_url);
    const ref = await t.api.post('/v1/reference-documents').set(auth()).send({ name: 'Rubric', filename: 'rubric.md' });
    expect(ref.status).toBe(201);
    expectPortable(ref.body.upload_url);

    const put = await putToUploadUrl(
      doc.body.upload_url,
      doc.body.upload_headers,
      Buffer.from(SAMPLE_SENTENCES.join('\n')),
    );
    expect(put.status).toBe(200);
    const done = await t.api.post(`/v1/documents/${doc.body.id}/complete`).set(auth());
    expect(done.body).toMatchObject({ extracted: true });
    const refPut = await putToUploadUrl(
      ref.body.upload_url,
      ref.body.upload_headers,
      Buffer.from('# Rubric\n\nBe clear.\n'),
    );
    expect(refPut.status).toBe(200);

    const wf = await makeWorkflow(t, token, { output_format: 'json' });
    const created = await t.api
      .post(`/v1/workflows/${wf}/runs`)
      .set(auth())
      .send({ input_documents: [doc.body.id] });
    const run = await waitForRun(t, token, created.body.id);
    expect(run.status).toBe('succeeded');
    const output = await t.api.get(`/v1/runs/${run.id}/output`).set(auth());
    expect(output.status).toBe(200);
    expectPortable(output.body.url);
    expect((await fetch(output.body.url)).status).toBe(200);
  });
});

describe('oversized uploads (docs/decisions.md 427)', () => {
  it('refuses 300 MB sent without size_bytes at complete, deletes it, and the worker never reads it', async () => {
    const created = await t.api
      .post('/v1/documents')
      .set(auth())
      .send({ filename: 'huge.txt', mime_type: 'text/plain' });
    expect(await putGenerated(created.body.upload_url, created.body.upload_headers, 300 * MB)).toBe(200);
    const key = originalKeys.document(a.accountId, created.body.id);
    expect((await statObject(t.deps.storage, key))?.size).toBe(300 * MB);

    const { result: res, growthMb } = await rssGrowthDuring(() =>
      t.api.post(`/v1/documents/${created.body.id}/complete`).set(auth()),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ extracted: false, size_bytes: 300 * MB });
    expect(res.body.extraction_error.code).toBe('file_too_large');
    expect(res.body.extraction_error.message).toMatch(/over the 50 MB limit/);
    expect(growthMb).toBeLessThan(60);
    expect(await statObject(t.deps.storage, key)).toBeNull();
    // Asked again, the same answer (the document is settled, not re-examined).
    const again = await t.api.post(`/v1/documents/${created.body.id}/complete`).set(auth());
    expect(again.body.extraction_error.code).toBe('file_too_large');
  });

  it('fails a reference document over 50 MB the same way', async () => {
    const created = await t.api
      .post('/v1/reference-documents')
      .set(auth())
      .send({ name: 'Huge', filename: 'huge.txt' });
    expect(await putGenerated(created.body.upload_url, created.body.upload_headers, 50 * MB + 1)).toBe(200);
    const res = await t.api.post(`/v1/reference-documents/${created.body.id}/complete`).set(auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'failed', size_bytes: 50 * MB + 1 });
    expect(res.body.failure_reason).toMatch(/over the 50 MB limit/);
    expect(await statObject(t.deps.storage, originalKeys.reference(a.accountId, created.body.id))).toBeNull();
  });
});

describe('a hostile corpus', () => {
  const corpus: Array<[string, () => Promise<GeneratedFile>, RegExp]> = [
    ['a DOCX whose central directory lies (inflates to 2 GB)', () => lyingZip('docx'), /memory/],
    ['an XLSX whose central directory lies (inflates to 2 GB)', () => lyingZip('xlsx'), /memory/],
    ['a PDF with a 1 GB FlateDecode bomb', async () => pdfFlateBomb(), /memory|did not finish/],
    ['a DOCX declaring entity expansion', () => ooxmlWithEntities('docx'), /declares a DOCTYPE/],
    ['an XLSX declaring entity expansion', () => ooxmlWithEntities('xlsx'), /declares a DOCTYPE/],
    ['an XLSX with a million rows', () => xlsxWithRows(1_000_000), /memory|did not finish/],
  ];

  it.each(corpus)(
    '%s fails with a clear reason, fast, without growing the worker',
    async (_name, make, reason) => {
      const file = await make();
      const { result: res, growthMb } = await rssGrowthDuring(() =>
        uploadDocument(t, token, { ...file, bytes: file.bytes }),
      );
      expect(res.status).toBe(200);
      expect(res.body.extracted).toBe(false);
      // Fast: the reason names the sandbox's guard, memory cap or deadline, that stopped its one attempt.
      expect(res.body.extraction_error.message).toMatch(reason);
      expect((await activityAttempts(t.temporal, jobIds.extractDocument(res.body.id))).extractDocumentText).toBe(1);
      expect(res.body.extraction_error.message).not.toMatch(/\n|node_modules|\/work\//);
      expect(growthMb).toBeLessThan(100);

      const normal = await makeDocument('docx', { sentences: SAMPLE_SENTENCES });
      const next = await uploadDocument(t, token, normal);
      expect(next.body).toMatchObject({ extracted: true });
    },
    120_000,
  );

  it('a 50 MB one-line text fails file_unprocessable, bounded, and one byte over the limit fails file_too_large', async () => {
    const over = await t.api.post('/v1/documents').set(auth()).send({ filename: 'line.txt', mime_type: 'text/plain' });
    expect(await putGenerated(over.body.upload_url, over.body.upload_headers, 50 * MB + 1)).toBe(200);
    const refused = await t.api.post(`/v1/documents/${over.body.id}/complete`).set(auth());
    expect(refused.body.extraction_error.code).toBe('file_too_large');

    const at = await t.api.post('/v1/documents').set(auth()).send({ filename: 'line.txt', mime_type: 'text/plain' });
    expect(await putGenerated(at.body.upload_url, at.body.upload_headers, 50 * MB)).toBe(200);
    const { result: res, growthMb } = await rssGrowthDuring(() =>
      t.api.post(`/v1/documents/${at.body.id}/complete`).set(auth()),
    );
    expect(res.body).toMatchObject({ extracted: false, size_bytes: 50 * MB });
    // Bounded: refused by the line-length guard on its one attempt, not stopped by the sandbox's deadline.
    expect(res.body.extraction_error).toMatchObject({
      code: 'file_unprocessable',
      message: expect.stringMatching(/line of more than 1 MiB/),
    });
    expect((await activityAttempts(t.temporal, jobIds.extractDocument(at.body.id))).extractDocumentText).toBe(1);
    expect(growthMb).toBeLessThan(100);

    const normal = await makeDocument('docx', { sentences: SAMPLE_SENTENCES });
    const next = await uploadDocument(t, token, normal);
    expect(next.body).toMatchObject({ extracted: true });
  }, 120_000);
});

describe('tenant regexes', () => {
  it('validates `(a+)+$` against 10,000 a’s and a ! on RE2, in linear time, and refuses what RE2 cannot run', async () => {
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: '(a+)+$' } } };
    // RE2 compiles it, before the long input is tried: a backtracking engine would never answer that (and would hang).
    const compiled = jest.spyOn(RE2JS, 'compile');
    let wf: { status: number; body: { id: string } };
    try {
      wf = await t.api
        .post('/v1/workflows')
        .set(auth())
        .send({ product_code: 'general_evaluation', name: 'ReDoS', output_schema: schema });
      expect(wf.status).toBe(201);
      expect(validateAgainstSchema(schema, { code: 'aaa' }).valid).toBe(true);
      expect(compiled.mock.calls.map(([pattern]) => pattern)).toContain('(a+)+$');
    } finally {
      compiled.mockRestore();
    }
    expect(validateAgainstSchema(schema, { code: `${'a'.repeat(10_000)}!` }).valid).toBe(false);

    for (const pattern of ['(a)\\1', '^(?=x)x$']) {
      const refused = await t.api
        .post('/v1/workflows')
        .set(auth())
        .send({ product_code: 'general_evaluation', name: 'Backref', output_schema: { type: 'string', pattern } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('invalid_request');
      const patched = await t.api
        .patch(`/v1/workflows/${wf.body.id}`)
        .set(auth())
        .send({ output_schema: { type: 'object', patternProperties: { [pattern]: { type: 'string' } } } });
      expect(patched.status).toBe(400);
      expect(patched.body.error.code).toBe('invalid_request');
    }
  });
});

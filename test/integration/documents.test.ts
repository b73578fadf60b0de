/**
 * Input documents and reference documents through the real upload flow: presigned PUT to MinIO, `complete`,
 * extraction in the worker's parsing sandbox, indexing, retrieval — for every supported format and for hostile
 * files.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Binary } from 'mongodb';
import { COLLECTIONS } from '../../domain/platform/db';
import { getObjectBytes, putObject } from '../../domain/platform/storage';
import { rank } from '../../activities/retrieval';
import {
  loadChunksById,
  loadReferenceIndexes,
  storeReferenceIndex,
  type Chunk,
} from '../../domain/documents/reference-index';
import { commandsDuring, scans } from '../support/db-commands';
import { activityAttempts } from '../support/attempts';
import { jobIds } from '../../domain/jobs';
import { randomBase62 } from '../../domain/platform/ids';
import { textKeys } from '../../domain/documents/stored-text';
import { createTestContext, type TestContext } from '../support/app';
import {
  empty,
  makeDocument,
  mismatched,
  pdfThatLoops,
  truncated,
  xmlBillionLaughs,
  xmlExternalEntity,
  zipBomb,
  FORMATS,
} from '../support/files';
import { waitForEvents } from '../support/events';
import { newAccount, type TestAccount } from '../support/identity';
import { putToUploadUrl, uploadDocument, uploadReference, waitForReference } from '../support/uploads';

let t: TestContext;
let a: TestAccount;
let token: string;
const auth = () => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestContext();
  a = await newAccount(t);
  token = await a.key();
});
afterAll(async () => {
  await t.close();
});

const SENTENCES = [
  'The thesis is stated clearly in the opening paragraph.',
  'Citations follow the APA seventh edition.',
];

async function storedText(key: string): Promise<string> {
  const stored = JSON.parse(Buffer.from(await getObjectBytes(t.deps.storage, key)).toString('utf8')) as {
    sections: Array<{ text: string }>;
  };
  return stored.sections.map((s) => s.text).join('\n');
}

it('answers text_version 1 for text stored before structured text, and keeps that text as stored', async () => {
  const res = await uploadDocument(t, token, {
    bytes: Buffer.from('Old\ttab separated\trow\n'),
    filename: 'old.csv',
    mimeType: 'text/csv',
  });
  expect(res.body).toMatchObject({ extracted: true, text_version: 2 });
  const id = res.body.id as string;
  // As a document extracted by the previous version was stored: no text_version, on the record or in the text.
  const key = textKeys.document(a.accountId, id);
  const old = {
    format: 'csv',
    mime_type: 'text/csv',
    page_count: null,
    sections: [{ kind: 'section', index: 1, label: 'Table', text: 'Old\ttab separated\trow' }],
  };
  await putObject(t.deps.storage, key, Buffer.from(JSON.stringify(old)), 'application/json');
  await t.deps.db.collection(COLLECTIONS.documents).updateOne({ _id: id } as never, { $unset: { text_version: '' } });
  const text = await t.api.get(`/v1/documents/${id}/text`).set(auth());
  expect(text.body).toMatchObject({ text_version: 1, sections: [{ text: 'Old\ttab separated\trow' }] });
});

describe.each(FORMATS)('a %s file', (format) => {
  it('is extracted as an input document, with its sentences in the stored text', async () => {
    const file = await makeDocument(format, { sentences: SENTENCES, pages: 3 });
    const res = await uploadDocument(t, token, file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'document',
      extracted: true,
      extraction_error: null,
      size_bytes: file.bytes.length,
      text_version: 2,
      // Nothing in a typed document is read by OCR.
      ocr_pages: 0,
    });
    if (format === 'pdf') expect(res.body.page_count).toBe(3);
    const text = await storedText(textKeys.document(a.accountId, res.body.id));
    for (const sentence of SENTENCES) expect(text.replace(/\s+/g, ' ')).toContain(sentence);
  });

  it('is indexed as a reference document and becomes ready', async () => {
    const file = await makeDocument(format, { sentences: SENTENCES, pages: 2 });
    const refId = await uploadReference(t, token, file, `rubric.${format}`);
    const ref = await waitForReference(t, token, refId);
    expect(ref).toMatchObject({ id: refId, status: 'ready', failure_reason: null });
    expect(ref.chunk_count).toBeGreaterThan(0);
    const chunks = await t.database.db.collection(COLLECTIONS.referenceChunks).find({ ref_id: refId }).toArray();
    const joined = chunks
      .map((c) => String(c.text))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(joined).toContain(SENTENCES[1]);
  });
});

describe('hostile and broken files', () => {
  type Make = () => Promise<{ bytes: Buffer; filename: string; mimeType: string }>;
  // The code names the guard that stopped each file. pdf.js notices the looping PDF's cycle (`corrupt`, or
  // `file_unprocessable` from a pdf.js that says so otherwise); the sandbox's deadline is refused below by its reason.
  const cases: Array<[string, Make, string[]]> = [
    ['a zip bomb disguised as DOCX', () => zipBomb('docx'), ['zip_bomb']],
    ['a zip bomb disguised as XLSX', () => zipBomb('xlsx'), ['zip_bomb']],
    ['a zip bomb disguised as PPTX', () => zipBomb('pptx'), ['zip_bomb']],
    ['an XML billion-laughs file', async () => xmlBillionLaughs(), ['xml_entities']],
    ['an XML external entity', async () => xmlExternalEntity(), ['xml_entities']],
    ['a PDF that makes the parser loop', async () => pdfThatLoops(), ['corrupt', 'file_unprocessable']],
    ['a truncated DOCX', () => truncated('docx'), ['corrupt']],
    ['a truncated PDF', () => truncated('pdf'), ['corrupt']],
    ['PDF bytes named .docx', () => mismatched(), ['type_mismatch']],
    ['an empty file', async () => empty('pdf'), ['empty_file']],
  ];

  it.each(cases)('%s fails with a clear reason, in bounded time', async (_what, make, codes) => {
    const file = await make();
    const refId = await uploadReference(t, token, file);
    const ref = await waitForReference(t, token, refId, 120_000);
    expect(ref.status).toBe('failed');
    expect(typeof ref.failure_reason).toBe('string');
    expect(ref.failure_reason.length).toBeGreaterThan(10);
    expect(ref.failure_reason).not.toMatch(/at \w+ \(|node_modules|\/work\//); // no stack traces or paths
    // Bounded: a guard refused it on the job's first attempt — not the sandbox's deadline, not retries given up.
    expect(ref.failure_reason).not.toMatch(/did not finish|several attempts/);
    const record = await t.database.db.collection(COLLECTIONS.referenceDocuments).findOne({ _id: refId } as never);
    expect(codes).toContain(record?.failure_code);
    expect((await activityAttempts(t.temporal, jobIds.indexReferenceDocument(refId))).extractReferenceText).toBe(1);

    const doc = await uploadDocument(t, token, file);
    expect(doc.status).toBe(200);
    expect(doc.body.extracted).toBe(false);
    expect(doc.body.extraction_error.message.length).toBeGreaterThan(10);
    expect(codes).toContain(doc.body.extraction_error.code);
    expect((await activityAttempts(t.temporal, jobIds.extractDocument(doc.body.id))).extractDocumentText).toBe(1);
  });

  it('leaves the worker serving: a normal document indexes right after', async () => {
    const refId = await uploadReference(t, token, await makeDocument('docx', { sentences: SENTENCES }));
    expect((await waitForReference(t, token, refId)).status).toBe('ready');
  });
});

describe('the upload flow', () => {
  it('answers complete before any PUT with 422 upload_missing, and nothing changes', async () => {
    const doc = await t.api.post('/v1/documents').set(auth()).send({ filename: 'essay.pdf' });
    const early = await t.api.post(`/v1/documents/${doc.body.id}/complete`).set(auth());
    expect(early.status).toBe(422);
    expect(early.body.error.code).toBe('upload_missing');

    const ref = await t.api
      .post('/v1/reference-documents')
      .set(auth())
      .send({ name: 'Rubric', filename: 'rubric.pdf' });
    const refEarly = await t.api.post(`/v1/reference-documents/${ref.body.id}/complete`).set(auth());
    expect(refEarly.status).toBe(422);
    expect(refEarly.body.error.code).toBe('upload_missing');
    const after = await t.api.get(`/v1/reference-documents/${ref.body.id}`).set(auth());
    expect(after.body.status).toBe('processing');
  });

  it('accepts a declared size of exactly 50 MB and refuses 50 MB + 1 byte', async () => {
    const ok = await t.api.post('/v1/documents').set(auth()).send({ filename: 'big.txt', size_bytes: 52_428_800 });
    expect(ok.status).toBe(200);
    const tooBig = await t.api.post('/v1/documents').set(auth()).send({ filename: 'big.txt', size_bytes: 52_428_801 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.details[0].path).toContain('size_bytes');
    const refTooBig = await t.api
      .post('/v1/reference-documents')
      .set(auth())
      .send({ name: 'Big', filename: 'big.pdf', size_bytes: 52_428_801 });
    expect(refTooBig.status).toBe(400);
  });

  it('uploads and extracts a real 50 MB file', async () => {
    const line = 'Each criterion is scored from one to five points by the grader.\n';
    const bytes = Buffer.alloc(52_428_800, ' ');
    bytes.write('Opening line of the large file.\n');
    for (let offset = 64; offset + line.length < bytes.length; offset += 4096) bytes.write(line, offset);
    const res = await uploadDocument(t, token, { bytes, filename: 'large.txt', mimeType: 'text/plain' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ extracted: true, size_bytes: 52_428_800 });
  });

  it('refuses at the store a PUT larger than the declared size, or of another content type', async () => {
    const created = await t.api
      .post('/v1/documents')
      .set(auth())
      .send({ filename: 'notes.txt', mime_type: 'text/plain', size_bytes: 10 });
    const larger = await putToUploadUrl(
      created.body.upload_url,
      created.body.upload_headers,
      Buffer.from('0123456789ABC'),
    );
    expect(larger.ok).toBe(false);
    const otherType = await putToUploadUrl(
      created.body.upload_url,
      { ...created.body.upload_headers, 'Content-Type': 'application/pdf' },
      Buffer.from('0123456789'),
    );
    expect(otherType.ok).toBe(false);
    const complete = await t.api.post(`/v1/documents/${created.body.id}/complete`).set(auth());
    expect(complete.status).toBe(422);
  });

  it('marks an undeclared upload over 50 MB failed at complete', async () => {
    const created = await t.api
      .post('/v1/documents')
      .set(auth())
      .send({ filename: 'huge.txt', mime_type: 'text/plain' });
    const put = await putToUploadUrl(
      created.body.upload_url,
      created.body.upload_headers,
      Buffer.alloc(52_428_801, 'a'),
    );
    expect(put.ok).toBe(true);
    const res = await t.api.post(`/v1/documents/${created.body.id}/complete`).set(auth());
    expect(res.status).toBe(200);
    expect(res.body.extracted).toBe(false);
    expect(res.body.extraction_error.code).toBe('file_too_large');
  });
});

describe('reference documents', () => {
  it('pages newest first and hides deleted pointers', async () => {
    const b = await newAccount(t);
    const bToken = await b.key();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.api
        .post('/v1/reference-documents')
        .set('Authorization', `Bearer ${bToken}`)
        .send({ name: `Rubric ${i}`, filename: `r${i}.pdf` });
      ids.push(res.body.id);
    }
    const page1 = await t.api.get('/v1/reference-documents?limit=2').set('Authorization', `Bearer ${bToken}`);
    expect(page1.body.data.map((d: { id: string }) => d.id)).toEqual([ids[4], ids[3]]);
    const page2 = await t.api
      .get(`/v1/reference-documents?limit=2&cursor=${page1.body.next_cursor}`)
      .set('Authorization', `Bearer ${bToken}`);
    expect(page2.body.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);

    const del = await t.api.delete(`/v1/reference-documents/${ids[4]}`).set('Authorization', `Bearer ${bToken}`);
    expect(del.body).toEqual({ id: ids[4], object: 'reference_document', deleted: true });
    expect((await t.api.get(`/v1/reference-documents/${ids[4]}`).set('Authorization', `Bearer ${bToken}`)).status).toBe(
      404,
    );
    const again = await t.api.get('/v1/reference-documents?limit=1').set('Authorization', `Bearer ${bToken}`);
    expect(again.body.data[0].id).toBe(ids[3]);
  });

  it('retrieves the chunk that answers a query from a multi-document set, with its source', async () => {
    const rubric = await uploadReference(
      t,
      token,
      await makeDocument('pdf', {
        sentences: [
          'Thesis: a clear, arguable thesis earns up to 10 points.',
          'Sources: citing at least three peer-reviewed sources earns 15 points; each missing citation loses 5 points.',
        ],
        pages: 2,
      }),
      'Essay rubric',
    );
    const contract = await uploadReference(
      t,
      token,
      await makeDocument('docx', {
        sentences: [
          'Termination requires thirty days of written notice by either party.',
          'Liability is capped at fees paid.',
        ],
      }),
      'Contract checklist',
    );
    const hr = await uploadReference(
      t,
      token,
      await makeDocument('md', {
        sentences: ['Candidates need five years of TypeScript experience.', 'Remote work is allowed.'],
      }),
      'Hiring policy',
    );
    for (const id of [rubric, contract, hr]) expect((await waitForReference(t, token, id)).status).toBe('ready');

    // As a run retrieves: rank by the stored indexes, then read only the chunks that ranked.
    const retrieveFromReferences = async (accountId: string, refIds: string[], query: string) => {
      const ranked = rank(query, await loadReferenceIndexes(t.database.db, t.deps.storage, accountId, refIds), 3);
      const chunks = await loadChunksById(
        t.database.db,
        accountId,
        ranked.map((hit) => `${hit.refId}:${hit.ordinal}`),
      );
      return ranked.map((hit) => chunks.get(`${hit.refId}:${hit.ordinal}`)!);
    };
    const hits = await retrieveFromReferences(
      a.accountId,
      [rubric, contract, hr],
      'how many points for citing sources',
    );
    expect(hits[0]).toMatchObject({ ref_id: rubric });
    expect(hits[0]!.text).toContain('peer-reviewed sources');
    expect(hits[0]!.section.label).toMatch(/Page/);

    const otherAccount = await retrieveFromReferences('acct_nobody', [rubric], 'citing sources');
    expect(otherAccount).toEqual([]);
    // Another account naming the chunk itself reads nothing either.
    expect((await loadChunksById(t.database.db, 'acct_nobody', [hits[0]!.id])).size).toBe(0);
  });

  it('records reference_document.ready once', async () => {
    const refId = await uploadReference(t, token, await makeDocument('txt', { sentences: SENTENCES }));
    expect((await waitForReference(t, token, refId)).status).toBe('ready');
    const events = await waitForEvents(t.database.db, {
      account_id: a.accountId,
      type: 'reference_document.ready',
      data_json: { $regex: refId },
    });
    expect(events).toHaveLength(1);
    expect(JSON.parse(String(events[0]!.data_json)).reference_document).toMatchObject({ id: refId, status: 'ready' });
  });
});

describe('the stored index', () => {
  const indexes = () =>
    t.database.db.collection<{ _id: string } & Record<string, unknown>>(COLLECTIONS.referenceIndexes);

  it('keeps an index larger than a MongoDB document can hold in the object store, and reads it back', async () => {
    // Random base64 barely compresses: about 18 MB gzipped, over MongoDB's 16 MiB document limit.
    const index = randomBytes(18_000_000).toString('base64');
    const indexGz = gzipSync(index);
    expect(indexGz.length).toBeGreaterThan(16 * 1024 * 1024);
    const ref = { accountId: a.accountId, refId: `ref_${randomBase62(12)}`, version: 3 };
    await storeReferenceIndex(t.database.db, t.deps.storage, ref, [], indexGz);

    const record = await indexes().findOne({ _id: ref.refId });
    expect(record).toMatchObject({ account_id: a.accountId, version: 3, chunk_count: 0 });
    expect(record!.index_key).toContain(`accounts/${a.accountId}/`);
    expect(record!.index_gz).toBeUndefined();
    const [source] = await loadReferenceIndexes(t.database.db, t.deps.storage, a.accountId, [ref.refId]);
    expect(source).toMatchObject({ refId: ref.refId, version: 3 });
    expect(source!.index.toString('utf8') === index).toBe(true);
    // Another account names the same reference and gets nothing.
    expect(await loadReferenceIndexes(t.database.db, t.deps.storage, 'acct_nobody', [ref.refId])).toEqual([]);
  });

  it("replaces a reference's chunks by _id on reindexing, dropping the previous version's extra ones, with no query by reference", async () => {
    const ref = { accountId: a.accountId, refId: `ref_${randomBase62(12)}`, version: 1 };
    const chunk = (ordinal: number, text: string): Chunk => ({
      id: `${ref.refId}:${ordinal}`,
      ref_id: ref.refId,
      ordinal,
      text,
      tokens: 2,
      section: { kind: 'page', index: 0, label: 'Page 1' },
      heading: null,
      char_start: 0,
      char_end: text.length,
    });
    const ids = (n: number) => Array.from({ length: n }, (_, k) => `${ref.refId}:${k}`);
    const first = Array.from({ length: 5 }, (_, k) => chunk(k, `first ${k}`));
    await storeReferenceIndex(t.database.db, t.deps.storage, ref, first, gzipSync('{}'));
    // A retried step writes the same chunks again: no duplicate-key failure.
    await storeReferenceIndex(t.database.db, t.deps.storage, ref, first, gzipSync('{}'));
    expect([...(await loadChunksById(t.database.db, a.accountId, ids(5))).values()].map((c) => c.text)).toEqual(
      first.map((c) => c.text),
    );

    const second = Array.from({ length: 3 }, (_, k) => chunk(k, `second ${k}`));
    const { commands } = await commandsDuring(t.config.mongodbUri, t.config.MONGODB_DB, (db) =>
      storeReferenceIndex(db, t.deps.storage, { ...ref, version: 2 }, second, gzipSync('{}')),
    );
    expect(scans(commands)).toEqual([]);
    const stored = await t.database.db
      .collection(COLLECTIONS.referenceChunks)
      .find({ ref_id: ref.refId })
      .sort({ ordinal: 1 })
      .toArray();
    expect(stored.map((c) => c.text)).toEqual(['second 0', 'second 1', 'second 2']);
    expect(await indexes().findOne({ _id: ref.refId })).toMatchObject({ version: 2, chunk_count: 3 });
  });

  it('still reads an index record that holds its index inline, as records written before did', async () => {
    const refId = `ref_${randomBase62(12)}`;
    const index = JSON.stringify({ analyzer: 1, index: { terms: ['rubric', 'citation'] } });
    await indexes().insertOne({
      _id: refId,
      account_id: a.accountId,
      version: 1,
      chunk_count: 0,
      index_gz: new Binary(gzipSync(index)),
      created_at: new Date(),
    });
    const [source] = await loadReferenceIndexes(t.database.db, t.deps.storage, a.accountId, [refId]);
    expect(source).toMatchObject({ refId, version: 1 });
    expect(source!.index.toString('utf8')).toBe(index);
  });
});

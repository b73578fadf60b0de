/**
 * What `assay review` and the console's queue accept as a reviewer's answer (the same spellings in both, refused
 * before the API would refuse them), how the CLI marks the run's evidence in a document's text, and its loop over
 * piped answers against a scripted loopback server. The queue against the real API is in
 * test/integration/sdk-reviews.test.ts and console-reviews.test.ts.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  parseReviewAnswer,
  type DocumentText,
  type Review,
  type ReviewCriterion,
  type RunCitation,
} from '../../clients/typescript/src';
import { main } from '../../clients/typescript/src/cli';
import { evidenceList, markedText } from '../../clients/typescript/src/cli/review';

const criterion = (c: Partial<ReviewCriterion>): ReviewCriterion => ({
  key: 'score',
  kind: 'ordinal',
  min: 1,
  max: 6,
  labels: null,
  ...c,
});

const doc: DocumentText = {
  object: 'document_text',
  document_id: 'doc_1',
  page_count: 1,
  text_version: 2,
  sections: [{ kind: 'page', index: 1, label: 'Page 1', text: 'Trees cool streets. Shade is cheap.' }],
} as DocumentText;

describe('parseReviewAnswer', () => {
  it('reads whole numbers in range for an ordinal, and says the scale otherwise', () => {
    const c = criterion({});
    expect(parseReviewAnswer(c, ' 4 ', false)).toEqual({ value: 4 });
    for (const bad of ['0', '7', '4.5', 'four'])
      expect(parseReviewAnswer(c, bad, false)).toEqual({ error: 'whole number 1–6' });
  });

  it('reads a label in any case or by its number for a categorical', () => {
    const c = criterion({ key: 'tone', kind: 'categorical', min: null, max: null, labels: ['formal', 'casual'] });
    expect(parseReviewAnswer(c, 'Casual', false)).toEqual({ value: 'casual' });
    expect(parseReviewAnswer(c, '1', false)).toEqual({ value: 'formal' });
    expect(parseReviewAnswer(c, '3', false)).toEqual({ error: 'one of formal, casual' });
  });

  it('reads yes/no for a boolean and any finite number in range for a numeric', () => {
    const yes = criterion({ kind: 'boolean', min: null, max: null });
    expect(parseReviewAnswer(yes, 'Y', false)).toEqual({ value: true });
    expect(parseReviewAnswer(yes, 'no', false)).toEqual({ value: false });
    expect(parseReviewAnswer(yes, 'maybe', false)).toEqual({ error: 'answer yes or no' });
    const n = criterion({ kind: 'numeric', min: 0, max: 1 });
    expect(parseReviewAnswer(n, '0.25', false)).toEqual({ value: 0.25 });
    expect(parseReviewAnswer(n, '1.5', false)).toEqual({ error: 'number 0–1' });
  });

  it("keeps the model's value on an empty answer in an open review, and refuses it in a blind one", () => {
    expect(parseReviewAnswer(criterion({}), '  ', false)).toEqual({ keep: true });
    expect(parseReviewAnswer(criterion({}), '', true)).toEqual({
      error: 'a blind review needs a value for every criterion',
    });
  });
});

describe("assay review's evidence", () => {
  const cite = (criterion: string, start: number, end: number, documentId = 'doc_1'): RunCitation => ({
    criterion,
    status: 'supported',
    quote: doc.sections[0]!.text.slice(start, end),
    input: { document_id: documentId, location: { kind: 'page', index: 1, label: 'Page 1' }, start, end },
    reference: null,
  });

  it('marks each quote of this document where it stands, numbered as the evidence list numbers it', () => {
    const citations = [cite('tone', 20, 35), cite('score', 0, 19), cite('score', 0, 5, 'doc_2')];
    expect(markedText(doc, citations)).toEqual(['── Page 1 ──', '»Trees cool streets.«[2] »Shade is cheap.«[1]']);
    expect(evidenceList(citations)).toEqual([
      '[1] tone: "Shade is cheap." (Page 1)',
      '[2] score: "Trees cool streets." (Page 1)',
      '[3] score: "Trees" (Page 1)',
    ]);
  });

  it('leaves an overlapping second quote unmarked rather than nesting marks', () => {
    expect(markedText(doc, [cite('a', 0, 19), cite('b', 6, 10)])[1]).toBe('»Trees cool streets.«[1] Shade is cheap.');
  });
});

describe('assay review over piped answers', () => {
  let server: Server;
  let baseUrl: string;
  const seen: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const review: Review = {
    id: 'rev_1',
    object: 'review',
    livemode: false,
    run_id: 'run_1',
    workflow_id: 'wf_1',
    batch_id: null,
    input_documents: ['doc_1'],
    status: 'claimed',
    reasons: [{ kind: 'low_confidence', criterion: 'score' }],
    blind: false,
    criteria: [
      { key: 'score', kind: 'ordinal', min: 1, max: 6, labels: null, model_value: 4, confidence: 0.5 },
      { key: 'tone', kind: 'categorical', min: null, max: null, labels: ['formal', 'casual'], model_value: 'formal' },
    ],
    claimed_by: 'ana',
    claim_expires_at: '2026-11-29T09:00:00.000Z',
    reviewer: null,
    values: null,
    note: null,
    created_at: '2026-11-29T08:00:00.000Z',
    completed_at: null,
  } as Review;
  let claims = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        seen.push({ method: req.method ?? '', path, headers: req.headers, body });
        const json = (status: number, value?: unknown) =>
          res.writeHead(status, { 'Content-Type': 'application/json' }).end(value ? JSON.stringify(value) : undefined);
        if (path === '/v1/reviews/claim-next') return claims++ === 0 ? json(200, review) : res.writeHead(204).end();
        if (path === '/v1/runs/run_1')
          return json(403, { error: { code: 'insufficient_scope', message: 'needs runs:read', request_id: 'req_1' } });
        if (path === '/v1/documents/doc_1/text') return json(200, doc);
        if (path === '/v1/reviews/rev_1/submit') return json(200, { ...review, status: 'completed' });
        json(404, { error: { code: 'not_found', message: path, request_id: 'req_2' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it("asks each criterion with the model's value, re-asks a wrong answer, submits, stops when the queue is empty", async () => {
    const out: string[] = [];
    const prompts: string[] = [];
    const code = await main(['review', '--reviewer', 'ana', '--api-key', 'ak_test_x', '--base-url', baseUrl], {
      out: (l) => out.push(l),
      err: (l) => out.push(`ERR ${l}`),
      prompt: (p) => prompts.push(p),
      input: Readable.from(['9\n', '\n', 'casual\n']),
    });
    expect(out.filter((l) => l.startsWith('ERR'))).toEqual([]);
    expect(code).toBe(0);
    expect(prompts).toEqual([
      'score (whole number 1–6) [model: 4, confidence 0.50]: ',
      'score (whole number 1–6) [model: 4, confidence 0.50]: ',
      'tone (1=formal, 2=casual) [model: formal]: ',
    ]);
    expect(out).toContain('  whole number 1–6');
    expect(out).toContain("(the run's citations not shown: insufficient_scope)");
    expect(out).toContain('Trees cool streets. Shade is cheap.');
    expect(out).toContain('Submitted rev_1 (completed).');
    expect(out[out.length - 1]).toBe('The queue is empty: 1 reviewed.');
    const submit = seen.find((r) => r.path === '/v1/reviews/rev_1/submit')!;
    expect(JSON.parse(submit.body)).toEqual({ reviewer: 'ana', values: { tone: 'casual' } });
    expect(submit.headers['idempotency-key']).toMatch(/^sdk-/);
    expect(JSON.parse(seen[0]!.body)).toEqual({ reviewer: 'ana' });
  });
});

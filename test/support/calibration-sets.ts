/**
 * What the calibration-set test files share: one context for the file, a fresh account, key and extracted input
 * document for each test (set by the jest hooks `useCalibrationSetStack` registers), the criteria a set is made
 * with, and calls that create, fill and read a set with that key unless told another.
 */
import { createTestContext, type TestContext } from './app';
import { newAccount, type TestAccount } from './identity';
import { uploadDocument } from './uploads';

let t: TestContext;
let token: string;
/** An extracted input document of the current account's. */
let doc: string;
export const auth = (k = token) => ({ Authorization: `Bearer ${k}` });

export const CRITERIA = [
  { key: 'score', pointer: '/score', kind: 'ordinal', min: 1, max: 6 },
  { key: 'tone', pointer: '/tone', kind: 'categorical', labels: ['formal', 'casual'] },
  { key: 'on_topic', pointer: '/checks/on_topic', kind: 'boolean' },
  { key: 'words', pointer: '/length/words', kind: 'numeric', min: 0 },
];

export async function extractedDocument(k: string): Promise<string> {
  const res = await uploadDocument(t, k, {
    bytes: Buffer.from('An essay about rivers, and why they flood in spring.'),
    filename: 'essay.txt',
    mimeType: 'text/plain',
  });
  expect(res.body.extracted).toBe(true);
  return res.body.id as string;
}

/** The file's context, and each test's account, key and extracted document. */
export interface CalibrationSetStack {
  t: TestContext;
  a: TestAccount;
  token: string;
  doc: string;
}

export function useCalibrationSetStack(): CalibrationSetStack {
  const stack = {} as CalibrationSetStack;
  beforeAll(async () => {
    t = stack.t = await createTestContext();
  });
  beforeEach(async () => {
    stack.a = await newAccount(t);
    token = stack.token = await stack.a.key();
    doc = stack.doc = await extractedDocument(token);
  });
  afterAll(async () => {
    await t.close();
  });
  return stack;
}

export const createSet = (body: object, k = token) => t.api.post('/v1/calibration-sets').set(auth(k)).send(body);
export const addItems = (setId: string, items: object[], k = token) =>
  t.api.post(`/v1/calibration-sets/${setId}/items`).set(auth(k)).send({ items });
export const getSet = (setId: string, k = token) => t.api.get(`/v1/calibration-sets/${setId}`).set(auth(k));
export async function newSet(criteria: object[] = CRITERIA): Promise<string> {
  const res = await createSet({ name: 'Essays, autumn term', criteria });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
export const item = (labels: object, extra: object = {}) => ({ input_documents: [doc], labels, ...extra });

export async function allItems(setId: string, limit = 100): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: { data: Array<Record<string, unknown>>; next_cursor: string | null } } =
      await t.api
        .get(`/v1/calibration-sets/${setId}/items`)
        .query({ limit, ...(cursor ? { cursor } : {}) })
        .set(auth());
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    cursor = res.body.next_cursor;
  } while (cursor);
  return out;
}

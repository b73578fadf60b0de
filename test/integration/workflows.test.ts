/** Workflows and the catalog against the real stack. */
import { createTestContext, type TestContext } from '../support/app';
import { makeDocument } from '../support/files';
import { newAccount, type TestAccount } from '../support/identity';
import { uploadDocument } from '../support/uploads';

let t: TestContext;
let a: TestAccount;
let token: string;
const auth = (k = token) => ({ Authorization: `Bearer ${k}` });

beforeAll(async () => {
  t = await createTestContext();
});
beforeEach(async () => {
  a = await newAccount(t);
  token = await a.key();
});
afterAll(async () => {
  await t.close();
});

const create = (body: object, k = token) => t.api.post('/v1/workflows').set(auth(k)).send(body);
const patch = (id: string, body: object) => t.api.patch(`/v1/workflows/${id}`).set(auth()).send(body);

describe('creating', () => {
  it('fills defaults from the product when only product_code and name are given', async () => {
    const res = await create({ product_code: 'essay_grading', name: 'Essays' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'workflow',
      product_code: 'essay_grading',
      name: 'Essays',
      status: 'active',
      default_mode: 'async',
      default_model_policy: 'provider-a-file-search',
      output_format: 'json',
      output_schema: null,
      reference_document_ids: [],
      prompt_template_id: null,
      webhook_endpoint_id: null,
    });
    expect(res.body.id).toMatch(/^wf_/);
    const got = await t.api.get(`/v1/workflows/${res.body.id}`).set(auth());
    expect(got.body).toEqual(res.body);
  });

  it('keeps an output_schema with $-keys intact and refuses an invalid one', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { score: { type: 'integer', minimum: 0, maximum: 100 }, 'a.b': { $ref: '#/$defs/x' } },
      $defs: { x: { type: 'string' } },
      required: ['score'],
    };
    const ok = await create({ product_code: 'general_evaluation', name: 'Schema', output_schema: schema });
    expect(ok.status).toBe(201);
    expect(ok.body.output_schema).toEqual(schema);
    expect(ok.body.output_format).toBe('json');

    const bad = await create({ product_code: 'general_evaluation', name: 'Bad', output_schema: { type: 'objekt' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('body.output_schema');
  });

  it('refuses an output_schema larger than 64 KB as JSON with 400, and accepts one just under', async () => {
    const schemaOf = (count: number) => ({
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: count }, (_, i) => [
          `criterion_${String(i).padStart(4, '0')}`,
          { type: 'integer', minimum: 0, maximum: 5 },
        ]),
      ),
    });
    // 1,090 properties are 65,432 characters; 1,095 are 65,732.
    expect([JSON.stringify(schemaOf(1090)).length <= 65_536, JSON.stringify(schemaOf(1095)).length > 65_536]).toEqual([
      true,
      true,
    ]);
    const big = await create({ product_code: 'general_evaluation', name: 'Big', output_schema: schemaOf(1095) });
    expect([big.status, big.body.error.details]).toEqual([
      400,
      [{ path: 'body.output_schema', message: 'must be at most 64 KB as JSON' }],
    ]);
    expect((await t.api.get('/v1/workflows').set(auth())).body.data).toEqual([]);
    const under = await create({ product_code: 'general_evaluation', name: 'Under', output_schema: schemaOf(1090) });
    expect(under.status).toBe(201);
    expect(Object.keys(under.body.output_schema.properties)).toHaveLength(1090);
  });

  it('refuses an output_schema nested past 100 levels with 400 and creates nothing (it answered 500)', async () => {
    const nest = (levels: number) => '{"type":"object","properties":{"a":'.repeat(levels) + '{}' + '}}'.repeat(levels);
    const deep = await t.api
      .post('/v1/workflows')
      .set(auth())
      .set('Content-Type', 'application/json')
      .send(`{"product_code":"general_evaluation","name":"Deep","output_schema":${nest(3000)}}`);
    expect([deep.status, deep.body.error.code, deep.body.error.details]).toEqual([
      400,
      'invalid_request',
      [{ path: 'body', message: 'nests deeper than 100 levels' }],
    ]);
    expect((await t.api.get('/v1/workflows').set(auth())).body.data).toEqual([]);
    // 49 schema levels are 99 JSON levels: with the body's own, exactly the limit.
    const deepest = await t.api
      .post('/v1/workflows')
      .set(auth())
      .set('Content-Type', 'application/json')
      .send(`{"product_code":"general_evaluation","name":"Deepest","output_schema":${nest(49)}}`);
    expect(deepest.status).toBe(201);
  });

  it.each([
    [{ product_code: 'no_such_product' }, 'product_code'],
    [{ product_code: 'legacy_grading' }, 'product_code'],
    [{ prompt_template_id: 'tpl_nope' }, 'prompt_template_id'],
    [{ reference_document_ids: ['ref_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'] }, 'reference_document_ids'],
    [{ output_schema_sample_id: 'doc_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }, 'output_schema_sample_id'],
    [{ webhook_endpoint_id: 'whk_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T' }, 'webhook_endpoint_id'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ output_format: 'pdf' }, 'output_format'],
    [{ default_model_policy: 'cheapest' }, 'default_model_policy'],
  ])('refuses %j with 400 naming the field', async (override, field) => {
    const res = await create({ product_code: 'essay_grading', name: 'W', ...override });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.details.map((d: { path: string }) => d.path).join(' ')).toContain(field);
    expect((await t.api.get('/v1/workflows').set(auth())).body.data).toEqual([]);
  });

  it("refuses another account's reference document and sample as unknown", async () => {
    const b = await newAccount(t);
    const bKey = await b.key();
    const ref = await t.api.post('/v1/reference-documents').set(auth(bKey)).send({ name: 'R', filename: 'r.pdf' });
    const doc = await t.api.post('/v1/documents').set(auth(bKey)).send({ filename: 's.json' });
    for (const [field, value] of [
      ['reference_document_ids', [ref.body.id]],
      ['output_schema_sample_id', doc.body.id],
    ] as const) {
      const res = await create({ product_code: 'essay_grading', name: 'W', [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe(`body.${field}`);
    }
  });

  it('accepts a template and an own reference document', async () => {
    const ref = await t.api.post('/v1/reference-documents').set(auth()).send({ name: 'R', filename: 'r.pdf' });
    const res = await create({
      product_code: 'contract_review',
      name: 'NDA',
      prompt_template_id: 'tpl_nda_risk_scan',
      reference_document_ids: [ref.body.id, ref.body.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.reference_document_ids).toEqual([ref.body.id]);
    expect(res.body.default_model_policy).toBe('provider-b-1m-fulltext');
  });
});

describe('status transitions (docs/decisions.md 414)', () => {
  const transitions: Array<[string[], string, number]> = [
    [[], 'paused', 200],
    [['paused'], 'active', 200],
    [[], 'active', 200],
    [[], 'archived', 200],
    [['paused'], 'archived', 200],
    [['archived'], 'active', 409],
    [['archived'], 'paused', 409],
    [['archived'], 'archived', 409],
  ];
  it.each(transitions)('after %j, setting %s answers %i', async (before, to, status) => {
    const wf = (await create({ product_code: 'essay_grading', name: 'T' })).body;
    for (const s of before) expect((await patch(wf.id, { status: s })).status).toBe(200);
    const res = await patch(wf.id, { status: to });
    expect(res.status).toBe(status);
    if (status === 409) {
      expect(res.body.error.code).toBe('workflow_archived');
      expect((await t.api.get(`/v1/workflows/${wf.id}`).set(auth())).body.status).toBe('archived');
    } else {
      expect(res.body.status).toBe(to);
    }
  });

  it('refuses renaming an archived workflow, and updates name and prompt otherwise', async () => {
    const wf = (await create({ product_code: 'essay_grading', name: 'Old' })).body;
    const renamed = await patch(wf.id, { name: 'New', user_prompt: 'Grade fairly.' });
    expect(renamed.body).toMatchObject({ name: 'New', user_prompt: 'Grade fairly.' });
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(wf.updated_at));
    await patch(wf.id, { status: 'archived' });
    const res = await patch(wf.id, { name: 'Newer' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('workflow_archived');
  });

  it('refuses an unknown status and unknown fields', async () => {
    const wf = (await create({ product_code: 'essay_grading', name: 'X' })).body;
    expect((await patch(wf.id, { status: 'deleted' })).status).toBe(400);
    expect((await patch(wf.id, { product_code: 'contract_review' })).status).toBe(400);
  });

  it('deletes softly: 404 afterwards, and once', async () => {
    const wf = (await create({ product_code: 'essay_grading', name: 'D' })).body;
    const del = await t.api.delete(`/v1/workflows/${wf.id}`).set(auth());
    expect(del.body).toEqual({ id: wf.id, object: 'workflow', deleted: true });
    expect((await t.api.get(`/v1/workflows/${wf.id}`).set(auth())).status).toBe(404);
    expect((await patch(wf.id, { name: 'Z' })).status).toBe(404);
    expect((await t.api.delete(`/v1/workflows/${wf.id}`).set(auth())).status).toBe(404);
  });
});

describe('paging', () => {
  it('returns each of 250 workflows exactly once with limit=100 while new ones are created between pages', async () => {
    const created: string[] = [];
    for (let i = 0; i < 250; i++)
      created.push((await create({ product_code: 'essay_grading', name: `W${i}` })).body.id);
    const seen: string[] = [];
    const addedDuring: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { data: Array<{ id: string }>; next_cursor: string | null } } = await t.api
        .get(`/v1/workflows?limit=100${cursor ? `&cursor=${cursor}` : ''}`)
        .set(auth());
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((w) => w.id));
      cursor = res.body.next_cursor;
      for (let i = 0; i < 3; i++)
        addedDuring.push((await create({ product_code: 'essay_grading', name: 'late' })).body.id);
    } while (cursor);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect([...seen].sort()).toEqual([...created].sort());
    expect(seen).toEqual([...created].reverse()); // newest first
    for (const late of addedDuring) expect(seen).not.toContain(late);
  });

  it.each(['0', '101', 'abc', '1.5', '-1'])('refuses limit=%s with 400', async (limit) => {
    const res = await t.api.get(`/v1/workflows?limit=${limit}`).set(auth());
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('query.limit');
  });

  it('refuses a forged or foreign cursor with 400', async () => {
    for (let i = 0; i < 3; i++) await create({ product_code: 'essay_grading', name: `C${i}` });
    const page = await t.api.get('/v1/workflows?limit=1').set(auth());
    const real: string = page.body.next_cursor;
    const [body] = real.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ s: 'workflows', a: 'wf_00000000000000000000000000' })).toString(
      'base64url',
    );
    // Flip a character inside the signature (the last base64url character may carry only padding bits).
    const sig = real.split('.')[1]!;
    const flipped = `${body}.${sig.slice(0, 5)}${sig[5] === 'A' ? 'B' : 'A'}${sig.slice(6)}`;
    for (const cursor of [`${forgedBody}.${sig}`, `${body}.AAAA`, 'garbage', flipped]) {
      const res = await t.api.get(`/v1/workflows?cursor=${encodeURIComponent(cursor)}`).set(auth());
      expect(res.status).toBe(400);
    }
    const refs = await t.api.get(`/v1/reference-documents?cursor=${encodeURIComponent(real)}`).set(auth());
    expect(refs.status).toBe(400);
  });
});

describe('catalog', () => {
  it('lists the seeded products, with pricing and statuses', async () => {
    const res = await t.api.get('/v1/products').set(auth());
    expect(res.status).toBe(200);
    const codes = res.body.data.map((p: { code: string }) => p.code);
    for (const code of ['essay_grading', 'contract_review', 'resume_screening', 'general_evaluation'])
      expect(codes).toContain(code);
    expect(res.body.data.map((p: { status: string }) => p.status)).toEqual(
      expect.arrayContaining(['active', 'beta', 'deprecated']),
    );
    const one = await t.api.get('/v1/products/contract_review').set(auth());
    expect(one.body.pricing.credits_per_run).toBeGreaterThan(0);
    expect((await t.api.get('/v1/products/nope').set(auth())).status).toBe(404);
  });

  it('lists at least two real templates per category', async () => {
    const res = await t.api.get('/v1/prompt-templates').set(auth());
    for (const category of ['education', 'legal', 'grading', 'hr', 'general']) {
      const inCategory = res.body.data.filter((x: { category: string }) => x.category === category);
      expect(inCategory.length).toBeGreaterThanOrEqual(2);
      for (const tpl of inCategory) expect(tpl.user_prompt_seed.length).toBeGreaterThan(100);
    }
    const legal = await t.api.get('/v1/prompt-templates?category=legal').set(auth());
    expect(legal.body.data.every((x: { category: string }) => x.category === 'legal')).toBe(true);
  });
});

describe('prompt generation without a model', () => {
  it.each([
    ['education', /teacher/, 'markdown'],
    ['legal', /clause/, 'docx'],
    ['grading', /rubric criterion/, 'json'],
    ['hr', /requirement/, 'xlsx'],
    ['general', /reference material/, 'markdown'],
  ])('answers a useful %s prompt built from the goal', async (category, marker, format) => {
    const goal = `Evaluate submissions for ${category} purposes with care`;
    const res = await t.api.post('/v1/prompt-templates/generate').set(auth()).send({ goal, category });
    expect(res.status).toBe(200);
    expect(res.body.user_prompt).toContain(goal);
    expect(res.body.user_prompt).toMatch(marker);
    expect(res.body.user_prompt.split('\n').length).toBeGreaterThanOrEqual(4);
    expect(res.body.recommended_output_format).toBe(format);
  });

  it('honours a requested output format and validates the goal', async () => {
    const res = await t.api
      .post('/v1/prompt-templates/generate')
      .set(auth())
      .send({ goal: 'Check CVs', category: 'hr', output_format: 'csv' });
    expect(res.body.recommended_output_format).toBe('csv');
    expect(
      (
        await t.api
          .post('/v1/prompt-templates/generate')
          .set(auth())
          .send({ goal: 'x'.repeat(2001) })
      ).status,
    ).toBe(400);
    expect(
      (await t.api.post('/v1/prompt-templates/generate').set(auth()).send({ goal: 'ok', category: 'finance' })).status,
    ).toBe(400);
  });
});

describe('schema inference from a sample', () => {
  const sample = async (file: { bytes: Buffer; filename: string; mimeType: string }) => {
    const res = await uploadDocument(t, token, file);
    expect(res.body.extracted).toBe(true);
    return res.body.id as string;
  };

  it('infers a draft 2020-12 schema from a JSON sample, and an own schema wins over it', async () => {
    const doc = await sample({
      bytes: Buffer.from(JSON.stringify({ score: 7, passed: true, criteria: [{ name: 'Thesis', points: 2.5 }] })),
      filename: 'sample.json',
      mimeType: 'application/json',
    });
    const res = await create({ product_code: 'essay_grading', name: 'Inferred', output_schema_sample_id: doc });
    expect(res.status).toBe(201);
    expect(res.body.output_schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        score: { type: 'integer' },
        passed: { type: 'boolean' },
        criteria: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, points: { type: 'number' } } },
        },
      },
    });
    const own = await create({
      product_code: 'essay_grading',
      name: 'Own',
      output_schema_sample_id: doc,
      output_schema: { type: 'object' },
    });
    expect(own.body.output_schema).toEqual({ type: 'object' });
  });

  it('infers rows from a CSV header and from the first XLSX sheet', async () => {
    const csv = await sample({
      bytes: Buffer.from('criterion,points,comment\nThesis,3,clear\nSources,2.5,few\n'),
      filename: 's.csv',
      mimeType: 'text/csv',
    });
    const fromCsv = await create({ product_code: 'essay_grading', name: 'CSV', output_schema_sample_id: csv });
    expect(fromCsv.body.output_schema.properties.rows.items.properties).toEqual({
      criterion: { type: 'string' },
      points: { type: 'number' },
      comment: { type: 'string' },
    });
    const xlsx = await sample(
      await makeDocument('xlsx', { sentences: ['First row sentence.', 'Second row sentence.'] }),
    );
    const fromXlsx = await create({ product_code: 'essay_grading', name: 'XLSX', output_schema_sample_id: xlsx });
    expect(fromXlsx.status).toBe(201);
    expect(fromXlsx.body.output_schema.properties.rows.type).toBe('array');
  });

  it('refuses a sample whose inferred schema is larger than 64 KB, and creates nothing', async () => {
    // 3,000 keys infer 157 KB of schema, which every worker running the workflow would compile (about a second).
    const wide = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`criterion_${i}`, i]));
    const doc = await sample({
      bytes: Buffer.from(JSON.stringify(wide)),
      filename: 'wide.json',
      mimeType: 'application/json',
    });
    const res = await create({ product_code: 'essay_grading', name: 'Wide', output_schema_sample_id: doc });
    expect([res.status, res.body.error.details]).toEqual([
      400,
      [
        {
          path: 'body.output_schema_sample_id',
          message: 'the schema inferred from the sample is larger than 64 KB; send an output_schema instead',
        },
      ],
    ]);
    expect((await t.api.get('/v1/workflows').set(auth())).body.data).toEqual([]);
  });

  it('refuses a sample with no structure to infer from', async () => {
    const txt = await sample({
      bytes: Buffer.from('Just prose, no structure.'),
      filename: 'notes.txt',
      mimeType: 'text/plain',
    });
    const res = await create({ product_code: 'essay_grading', name: 'Prose', output_schema_sample_id: txt });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('body.output_schema_sample_id');
  });
});

/**
 * Reviews of a live economy batch's items (issues 56, 58): a workflow reviewing its low-confidence runs (k = 2
 * samples, both sent in the one provider batch) run as an economy batch. Exactly the items whose two answers split
 * get a review, named in `run.succeeded` and on the run, listed by the batch and counted on it, with the review's
 * columns in the results file; completing one corrects the run's `reviewed_output` as for any run. Nothing goes
 * through the ordinary API, and each item is charged its discounted quote once.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { ESSAY_CRITERIA, ESSAY_SCHEMA } from '../support/criteria';
import { auth, useEconomyStack } from '../support/economy-stack';
import { makeWorkflow } from '../support/runs';

const { stack, account, createBatch, readBatch, finalBatch, expectLedgerExact, ordinaryCalls } =
  useEconomyStack('economyreviews');

const ANSWER = { score: 4, label: 'fair', pass: true, note: 'Argued, thinly sourced.' };

it('reviews exactly the economy items whose samples split, and a completed review corrects the run', async () => {
  const acc = { ...(await account()) };
  acc.wf = await makeWorkflow(stack.t, acc.key, {
    output_schema: ESSAY_SCHEMA,
    criteria: ESSAY_CRITERIA,
    confidence: { samples: 2 },
    review: { mode: 'low_confidence', threshold: 0.8 },
  });
  // The first two runs in the provider batch get a second sample that disagrees on the score: low confidence.
  const runsSeen: string[] = [];
  stack.server.answer = (customId) => {
    const runId = customId.replace(/-s\d+$/, '');
    if (!runsSeen.includes(runId)) runsSeen.push(runId);
    const split = customId.endsWith('-s1') && runsSeen.indexOf(runId) < 2;
    return { content: JSON.stringify(split ? { ...ANSWER, score: 1 } : ANSWER) };
  };
  const ordinary = ordinaryCalls('openai');
  const created = await createBatch(acc, 5, true);
  const done = await finalBatch(acc, created.id);
  expect(done.status).toBe('succeeded');
  expect(done.provider_batches).toEqual([expect.objectContaining({ status: 'completed', requests: 10 })]);
  expect(ordinaryCalls('openai') - ordinary).toBe(0);
  const split = runsSeen.slice(0, 2).sort();

  const listed = await stack.t.api.get(`/v1/reviews?batch_id=${created.id}`).set(auth(acc.key));
  expect(listed.status).toBe(200);
  const reviews = listed.body.data as Array<{ id: string; run_id: string; status: string; reasons: unknown[] }>;
  expect(reviews.map((r) => r.run_id).sort()).toEqual(split);
  for (const r of reviews)
    expect(r).toMatchObject({ status: 'pending', reasons: [{ kind: 'low_confidence', criterion: 'score' }] });
  expect(done.reviews ?? (await readBatch(acc, created.id)).reviews).toEqual({ pending: 2, completed: 0 });

  // Each item's run says whether it is reviewed, and `run.succeeded` already named the review.
  const runs = await expectLedgerExact(acc.a.accountId, created.id);
  const events = await stack.t.api.get('/v1/events?type=run.succeeded&limit=100').set(auth(acc.key));
  for (const r of runs) {
    expect(r.charged_milli).toBe(r.quoted_milli);
    const run = (await stack.t.api.get(`/v1/runs/${String(r._id)}`).set(auth(acc.key))).body;
    const review = reviews.find((x) => x.run_id === run.id);
    expect(run.review ?? null).toEqual(review ? { id: review.id, status: 'pending' } : null);
    const event = events.body.data.find((e: { data: { run: { id: string } } }) => e.data.run.id === run.id);
    expect(event.data.run.review ?? null).toEqual(review ? { id: review.id, status: 'pending' } : null);
  }

  // A reviewer corrects the score of the first split run: its reviewed output changes, its output stays.
  const first = reviews.find((r) => r.run_id === split[0])!;
  const submitted = await stack.t.api
    .post(`/v1/reviews/${first.id}/submit`)
    .set(auth(acc.key))
    .send({ reviewer: 'ada', values: { score: 2 } });
  expect(submitted.status).toBe(200);
  const corrected = (await stack.t.api.get(`/v1/runs/${first.run_id}`).set(auth(acc.key))).body;
  expect([1, 4]).toContain(corrected.output.score);
  expect(corrected.reviewed_output).toEqual({ ...corrected.output, score: 2 });
  expect(corrected.review).toMatchObject({ id: first.id, status: 'completed', reviewer: 'ada' });
  expect((await readBatch(acc, created.id)).reviews).toEqual({ pending: 1, completed: 1 });

  const results = await stack.t.api.get(`/v1/batches/${created.id}/results?format=csv`).set(auth(acc.key));
  expect(results.status).toBe(200);
  const file = await fetch(results.body.url as string);
  const rows = parseCsv(Buffer.from(await file.arrayBuffer()), { columns: true, bom: true }) as Array<
    Record<string, string>
  >;
  expect(rows).toHaveLength(5);
  expect(rows.find((r) => r.run_id === first.run_id)).toMatchObject({
    review_status: 'completed',
    'review.score': '2',
  });
  expect(rows.filter((r) => r.review_status === 'pending').map((r) => r.run_id)).toEqual([split[1]]);
}, 180_000);

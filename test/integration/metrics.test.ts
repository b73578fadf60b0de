/**
 * GET /metrics: absent without METRICS_TOKEN, 401 with a wrong one, and with it the Prometheus text holding the
 * request counter and latency histogram of a route just called (by its template, never the raw path) and the
 * scrape-time gauges.
 */
import { createTestContext, type TestContext } from '../support/app';
import { newAccount } from '../support/identity';

const TOKEN = 'metrics-token-for-tests-0123456789';
let plain: TestContext;
let t: TestContext;

beforeAll(async () => {
  plain = await createTestContext({ METRICS_TOKEN: '' });
  // A database of its own: the scrape-time gauges count the runs of the last day, which on the embedded store reads
  // every run the suite has made (past the 2 s a gauge may take, once the big batch and calibration tests have run);
  // this test checks what the exposition holds. Nothing here makes runs, so the database stays small across runs.
  t = await createTestContext({
    METRICS_TOKEN: TOKEN,
    MONGODB_DB: `${process.env.MONGODB_DB ?? 'assay_test'}_metrics`,
  });
});
afterAll(async () => {
  await plain.close();
  await t.close();
});

describe('GET /metrics', () => {
  it('does not exist when no token is configured', async () => {
    const res = await plain.api.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    expect((await t.api.get('/metrics')).status).toBe(401);
    const wrong = await t.api.get('/metrics').set('Authorization', `Bearer ${TOKEN}x`);
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 'unauthorized']);
  });

  it('counts requests by route template and status, with latency buckets and scrape-time gauges', async () => {
    const a = await newAccount(t);
    const key = await a.key({ mode: 'live' });
    expect((await t.api.get('/v1/usage/balance').set('Authorization', `Bearer ${key}`)).status).toBe(200);
    expect((await t.api.get('/v1/runs/run_secret_looking_id').set('Authorization', `Bearer ${key}`)).status).toBe(404);

    const res = await t.api.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toContain('# TYPE assay_http_requests_total counter');
    expect(text).toContain('assay_http_requests_total{route="/v1/usage/balance",method="GET",status="200"} 1');
    expect(text).toContain('assay_http_requests_total{route="/v1/runs/:runId",method="GET",status="404"} 1');
    expect(text).not.toContain('run_secret_looking_id');
    expect(text).toContain('# TYPE assay_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /assay_http_request_duration_seconds_bucket\{route="\/v1\/usage\/balance",method="GET",status="200",le="\+Inf"\} 1/,
    );
    expect(text).toMatch(
      /assay_http_request_duration_seconds_count\{route="\/v1\/usage\/balance",method="GET",status="200"\} 1/,
    );
    for (const status of ['queued', 'running', 'succeeded', 'failed', 'canceled', 'refunded']) {
      expect(text).toMatch(new RegExp(`assay_runs_last_24h\\{status="${status}"\\} \\d+`));
    }
    expect(text).toMatch(/assay_webhook_deliveries_last_24h\{status="failed"\} \d+/);
    expect(text).toContain('assay_metrics_scrape_errors 0');
    // Every sample line is `name{labels} value` (or `name value`): what Prometheus parses.
    for (const line of text
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#'))) {
      expect(line).toMatch(/^[a-z_][a-z0-9_]*(\{[^}]*\})? (\d+(\.\d+)?(e[-+]?\d+)?|\+Inf)$/);
    }
  });
});

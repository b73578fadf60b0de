/**
 * The bench's command-count section (issue 42): database commands per authenticated GET, per list page, per created
 * run, and per test-mode run from its POST to `succeeded` without and with its webhook delivery, under each list
 * strategy (`pages`, `query`), and the Temporal history events per run. Counted with the MongoDB driver's command
 * monitoring in the API and the worker themselves (bench/count-commands.ts, preloaded into both), not timed: the
 * counts do not depend on the machine or its load, so a handful of requests and runs, one at a time, measure them.
 *
 * Each strategy gets a database of its own and an API and a worker started on it with `LIST_STRATEGY` set, before the
 * rest of the bench starts its own (one worker per task queue at a time). The reconciler's passes are pushed out to an
 * hour so that none falls inside a count.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { MongoClient } from 'mongodb';
import type { Config } from '../domain/platform/config';
import type { TemporalHandle } from '../domain/jobs';
import { randomBase62 } from '../domain/platform/ids';
import { signLocalSessionToken } from '../domain/access/session-tokens';
import type { ListStrategy } from '../domain/store';
import { NODE_FLAGS } from '../scripts/node-flags';

export type Counts = Record<string, number>;

export interface StrategyCounts {
  strategy: ListStrategy;
  /** Commands of the API per GET /runs/{id} with an API key (the average of GETS). */
  perGet: number;
  getBreakdown: Counts;
  /** Commands of the API per list request (first and next pages alternately), by list. */
  perListPage: Array<{ list: string; perPage: number; breakdown: Counts }>;
  /** Commands of the API per POST …/runs (test mode). */
  perCreatedRun: number;
  /** Commands of the API and the worker together per run, POST to `succeeded`, with no endpoint. */
  perRun: { total: number; api: Counts; worker: Counts };
  /** The same with one endpoint subscribed: the run and its `run.succeeded` delivery, settled. */
  perRunDelivered: { total: number; api: Counts; worker: Counts };
  /** Events in a test-mode run's workflow history (the median of the runs counted). */
  historyEvents: number;
}

const GETS = 100;
const LIST_READS = 20;
const RUNS = 100;
/** Runs created at once, as a busy client would: the key's once-a-second refresh is then shared by many. */
const RUNS_IN_FLIGHT = 20;

export interface CommandCountDeps {
  config: Config;
  client: MongoClient;
  temporal: TemporalHandle;
  apiPort: number;
  counterPorts: { api: number; worker: number };
  startProcess(name: string, args: string[], ready: string, extraEnv?: NodeJS.ProcessEnv): Promise<ChildProcess>;
  stopProcess(child: ChildProcess): Promise<void>;
  say(line: string): void;
}

const sum = (c: Counts) => Object.values(c).reduce((a, b) => a + b, 0);
const per = (c: Counts, n: number): Counts => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v / n]));

async function counts(port: number, reset = false): Promise<Counts> {
  const res = await fetch(`http://127.0.0.1:${port}/${reset ? 'reset' : ''}`, { method: reset ? 'POST' : 'GET' });
  return (await res.json()) as Counts;
}

/** Waits until neither process has started a command for a second (work the runs left, such as a settle, is done). */
async function stillness(ports: number[]): Promise<void> {
  let last = '';
  for (let i = 0; i < 60; i++) {
    const now = JSON.stringify(await Promise.all(ports.map((p) => counts(p))));
    if (now === last) return;
    last = now;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

type ApiRequest = (method: string, path: string, token: string, body?: unknown) => Promise<Record<string, unknown>>;

/** Calls the API on `apiPort`; an answer of 300 or more throws, naming the request. */
function requester(apiPort: number): ApiRequest {
  const base = `http://127.0.0.1:${apiPort}/v1`;
  return async (method, path, token, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** A webhook receiver on loopback that answers 200 to everything and counts what it received. */
async function startReceiver() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as { port: number }).port, received: () => received };
}

/** A fresh account with a test key and a workflow, and (with `receiverPort`) an endpoint delivering there. */
async function account(config: Config, request: ApiRequest, receiverPort: number | null) {
  const session = await signLocalSessionToken(config.SESSION_JWT_SECRET, {
    sub: 'bench',
    accountId: `acct_${randomBase62(10)}`,
  });
  const key = String((await request('POST', '/keys', session, { name: 'bench', mode: 'test' })).token);
  const wf = String(
    (
      await request('POST', '/workflows', key, {
        product_code: 'general_evaluation',
        name: 'bench',
        output_format: 'json',
      })
    ).id,
  );
  const endpoint =
    receiverPort !== null
      ? String((await request('POST', '/webhook-endpoints', key, { url: `http://127.0.0.1:${receiverPort}/hook` })).id)
      : null;
  return { key, wf, endpoint };
}

/** `n` runs, RUNS_IN_FLIGHT created at a time, each awaited to its end; answers their ids. */
async function runsToEnd(request: ApiRequest, temporal: TemporalHandle, a: { key: string; wf: string }, n: number) {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, RUNS_IN_FLIGHT) }, async () => {
      while (next < n) {
        next++;
        const id = String((await request('POST', `/workflows/${a.wf}/runs`, a.key, {})).id);
        await temporal.client.workflow.getHandle(id).result();
        ids.push(id);
      }
    }),
  );
  return ids;
}

/** The API's commands per list page, for each list the runs filled (the account's with its endpoint). */
async function listPageCounts(
  request: ApiRequest,
  a: { key: string; endpoint: string | null },
  reset: () => Promise<unknown>,
  apiCounterPort: number,
): Promise<StrategyCounts['perListPage']> {
  const lists: Array<[string, string]> = [
    ['GET /runs', '/runs'],
    ['GET /workflows', '/workflows'],
    ['GET /events', '/events'],
    ['GET /webhook-endpoints/{id}/deliveries', `/webhook-endpoints/${a.endpoint}/deliveries`],
  ];
  const perListPage: StrategyCounts['perListPage'] = [];
  for (const [list, path] of lists) {
    // A first page and the page after it, alternately (a page of 10 leaves a next one for the runs, events and
    // deliveries the runs above made).
    const first = await request('GET', `${path}?limit=10`, a.key);
    const next = first.next_cursor ? `${path}?limit=10&cursor=${encodeURIComponent(String(first.next_cursor))}` : null;
    await reset();
    for (let i = 0; i < LIST_READS; i++) await request('GET', i % 2 && next ? next : `${path}?limit=10`, a.key);
    const c = await counts(apiCounterPort);
    perListPage.push({ list, perPage: sum(c) / LIST_READS, breakdown: per(c, LIST_READS) });
  }
  return perListPage;
}

export async function countCommands(strategy: ListStrategy, deps: CommandCountDeps): Promise<StrategyCounts> {
  const { config, apiPort, counterPorts } = deps;
  const dbName = `${config.MONGODB_DB}_commands_${strategy}`;
  await deps.client.db(dbName).dropDatabase();
  const receiver = await startReceiver();
  const children: ChildProcess[] = [];
  const preload = ['--import', 'tsx', 'bench/count-commands.ts'];
  const extra = (port: number): NodeJS.ProcessEnv => ({
    MONGODB_DB: dbName,
    LIST_STRATEGY: strategy,
    RECONCILE_INTERVAL_S: '3600',
    BENCH_COMMANDS_PORT: String(port),
  });
  try {
    children.push(
      await deps.startProcess(
        `api-${strategy}`,
        [...NODE_FLAGS, ...preload, 'api/server.ts'],
        'assay api listening',
        extra(counterPorts.api),
      ),
    );
    children.push(
      await deps.startProcess(
        `worker-${strategy}`,
        [...NODE_FLAGS, ...preload, 'worker/main.ts'],
        'assay worker polling',
        extra(counterPorts.worker),
      ),
    );
    const request = requester(apiPort);
    const bare = await account(config, request, null);
    const delivering = await account(config, request, receiver.port);
    const runs = (a: { key: string; wf: string }, n: number) => runsToEnd(request, deps.temporal, a, n);
    const deliveries = async (n: number) => {
      for (let i = 0; i < 600 && receiver.received() < n; i++) await new Promise((r) => setTimeout(r, 100));
      if (receiver.received() < n) throw new Error(`${receiver.received()} of ${n} webhook deliveries arrived`);
    };
    const ports = [counterPorts.api, counterPorts.worker];
    const reset = () => Promise.all(ports.map((p) => counts(p, true)));

    // Warm-up, not counted: each process's first requests and runs fill its caches (keys, workflows, the endpoint
    // roster) and open its connections.
    const warm = await runs(bare, 3);
    await runs(delivering, 3);
    await deliveries(3);
    for (let i = 0; i < 5; i++) await request('GET', `/runs/${warm[0]}`, bare.key);
    await stillness(ports);

    // A run from its POST to `succeeded`, alone and with its delivery.
    const measureRuns = async (a: { key: string; wf: string }, deliveredBefore: number | null) => {
      await reset();
      const ids = await runs(a, RUNS);
      if (deliveredBefore !== null) await deliveries(deliveredBefore + RUNS);
      await stillness(ports);
      const [api, worker] = await Promise.all(ports.map((p) => counts(p)));
      return { ids, api: api!, worker: worker! };
    };
    const alone = await measureRuns(bare, null);
    const delivered = await measureRuns(delivering, receiver.received());

    await reset();
    for (let i = 0; i < GETS; i++) await request('GET', `/runs/${alone.ids[0]}`, bare.key);
    const gets = await counts(counterPorts.api);

    const perListPage = await listPageCounts(request, delivering, reset, counterPorts.api);

    const histories = await Promise.all(
      alone.ids
        .slice(0, 5)
        .map(async (id) => (await deps.temporal.client.workflow.getHandle(id).fetchHistory()).events?.length ?? 0),
    );
    return {
      strategy,
      perGet: sum(gets) / GETS,
      getBreakdown: per(gets, GETS),
      perListPage,
      perCreatedRun: sum(alone.api) / RUNS,
      perRun: {
        total: (sum(alone.api) + sum(alone.worker)) / RUNS,
        api: per(alone.api, RUNS),
        worker: per(alone.worker, RUNS),
      },
      perRunDelivered: {
        total: (sum(delivered.api) + sum(delivered.worker)) / RUNS,
        api: per(delivered.api, RUNS),
        worker: per(delivered.worker, RUNS),
      },
      historyEvents: histories.sort((a, b) => a - b)[Math.floor(histories.length / 2)] ?? 0,
    };
  } finally {
    await Promise.all(children.map((c) => deps.stopProcess(c)));
    receiver.server.close();
    await deps.client
      .db(dbName)
      .dropDatabase()
      .catch(() => undefined);
  }
}

const n = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
const breakdown = (c: Counts) =>
  Object.entries(c)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${n(v)}`)
    .join(', ') || 'none';

/**
 * The API's reads that come with time, not with a request: a key's state and its rate-limit lease, each refreshed at
 * most once a second whatever the request rate (domain/access/key-cache.ts, domain/access/rate-leases.ts), and a
 * catalog entry (a run's product and template), read at most once per 30 s per process (domain/catalog/catalog.ts).
 */
const KEY_REFRESH = [
  'find api_keys',
  'findAndModify rate_limits',
  'find rate_limits',
  'find products',
  'find prompt_templates',
];

/** Issue 42's targets on `query`, each with its figure; `pages` beside it for comparison. */
export function commandSection(results: Array<StrategyCounts | null>, failed: string[]): string[] {
  const byStrategy = results.filter((r): r is StrategyCounts => r !== null);
  if (byStrategy.length === 0 && failed.length === 0) return [];
  const cols = byStrategy.map((r) => `\`${r.strategy}\``);
  /** Each strategy's figure, and the verdict on `query`'s. */
  const row = (
    measure: string,
    target: string,
    value: (r: StrategyCounts) => { total: number; refresh: number },
    ok?: (v: { total: number; refresh: number }) => boolean,
  ) => {
    const q = byStrategy.find((r) => r.strategy === 'query');
    const met = q && ok ? (ok(value(q)) ? 'met' : 'NOT met') : '—';
    const show = (r: StrategyCounts) => {
      const v = value(r);
      return v.refresh > 0
        ? `${n(v.total)} (${n(v.total - v.refresh)} + ${n(v.refresh)} the key's and catalog's refresh)`
        : n(v.total);
    };
    return `| ${measure} | ${byStrategy.map(show).join(' | ')} | ${target} | ${met} |`;
  };
  const plain = (total: number) => ({ total, refresh: 0 });
  const refreshOf = (c: Counts) => KEY_REFRESH.reduce((a, k) => a + (c[k] ?? 0), 0);
  const listNames = byStrategy[0]?.perListPage.map((l) => l.list) ?? [];
  const lines = [
    '## Database commands per request and per run, by list strategy (issue 42)',
    '',
    `Counted with the MongoDB driver's command monitoring inside the API and the worker (bench/count-commands.ts), one ` +
      `request at a time after a warm-up: ${GETS} GETs, ${LIST_READS} reads of each list (a first page of 10 and ` +
      `the next, alternately); ${RUNS} runs per row, ${RUNS_IN_FLIGHT} created at a time, each awaited to ` +
      '`succeeded` (and its delivery to its receipt and settlement). Each strategy runs on a database and an API and ' +
      'worker of its own (`LIST_STRATEGY` set); the rest of this report runs on the default (`auto`: `pages` on this ' +
      'embedded store). The counts do not depend on the machine or its load, except the part marked "the key\'s and ' +
      "catalog's refresh\": the API reads a key's state and renews its rate-limit lease at most once a second each, " +
      'and a catalog entry at most once per 30 s, whatever the number of requests, so that part is per key (or ' +
      'process) and time, not per request or run. The verdicts on list ' +
      "pages and runs leave it out (a page or a run's own commands); the GET's includes it (its target is an average).",
    '',
    `| per … | ${cols.join(' | ')} | target on \`query\` | met |`,
    `|---|${cols.map(() => '---|').join('')}---|---|`,
    row(
      'authenticated GET /runs/{id}',
      '≤ 1.1',
      (r) => ({ total: r.perGet, refresh: refreshOf(r.getBreakdown) }),
      (v) => v.total <= 1.1,
    ),
    ...listNames.map((name) =>
      row(
        `list page, ${name}`,
        '1',
        (r) => {
          const l = r.perListPage.find((x) => x.list === name);
          return l ? { total: l.perPage, refresh: refreshOf(l.breakdown) } : plain(NaN);
        },
        (v) => v.total - v.refresh <= 1,
      ),
    ),
    row('created run (POST …/runs, test mode; the API)', '—', (r) => plain(r.perCreatedRun)),
    row(
      'test-mode run, POST to `succeeded`, no webhook delivery (API + worker)',
      '≤ 9',
      (r) => ({ total: r.perRun.total, refresh: refreshOf(r.perRun.api) }),
      (v) => v.total - v.refresh <= 9,
    ),
    row(
      'test-mode run, POST to `succeeded`, with its webhook delivery settled (API + worker)',
      '≤ 15',
      (r) => ({ total: r.perRunDelivered.total, refresh: refreshOf(r.perRunDelivered.api) }),
      (v) => v.total - v.refresh <= 15,
    ),
    row('Temporal history events per test-mode run', '—', (r) => plain(r.historyEvents)),
    '',
    'What each costs, command by command (per run, request or page; `<command> <collection>`):',
    '',
    ...byStrategy.flatMap((r) => [
      `- \`${r.strategy}\`, no delivery — API: ${breakdown(r.perRun.api)}; worker: ${breakdown(r.perRun.worker)}.`,
      `- \`${r.strategy}\`, with the delivery — API: ${breakdown(r.perRunDelivered.api)}; worker: ${breakdown(r.perRunDelivered.worker)}.`,
    ]),
    ...byStrategy.map((r) => `- \`${r.strategy}\`, GET /runs/{id}: ${breakdown(r.getBreakdown)}.`),
    ...byStrategy.flatMap((r) =>
      r.perListPage.map((l) => `- \`${r.strategy}\`, ${l.list} per page: ${breakdown(l.breakdown)}.`),
    ),
    ...failed.map((f) => `- Not counted: ${f}.`),
    '',
  ];
  return lines;
}

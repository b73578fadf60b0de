/** The report's text: the goal rows, each beside its ceiling, and every table under them. */
import { cpus, loadavg, totalmem } from 'node:os';
import { writeFileSync } from 'node:fs';
import { commandSection, type StrategyCounts } from '../commands';
import { cpuSplit, floorMultiples } from './cpu-tables';
import type { Load } from './measure';
import { failures, type Row } from './phases';
import { historyOf, placementKnobs } from './results-file';
import {
  ACCOUNTS,
  CLK_TCK,
  CONNECTIONS,
  CPU_ROUNDS,
  DURATION_S,
  LIST_CONNECTIONS,
  OUT,
  RUNS,
  SEED,
  SOAK_IDLE_S,
  SOAK_ONLY,
  SOAK_RUNS,
} from './settings';
import { soakSection, type SoakPhase } from './soak';

export type PdfResult = {
  bytes: number;
  extracted: boolean;
  pages: number;
  sectionsCounted: number;
  seconds: number;
  peakRssMb: number;
  sandboxPeakRssMb: number;
};

/** Runs end to end (bench/report.ts `runsEndToEnd`): created, completed, and their cost. */
export interface EndToEnd {
  created: number;
  createdPerSec: number;
  completed: number;
  completedPerSec: number;
  workerCpuPerRunMs: number;
  eventsPerRun: number | null;
  cpuMs: Record<string, number>;
}

/** What the phases measured; null where a phase failed or did not run. */
export interface Measured {
  koaLoad: Load | null;
  starts: { startsPerSec: number; completedPerSec: number; cpuMs: Record<string, number> } | null;
  getRow: {
    get: Load;
    cpuPerGetMs: number | null;
    before: number;
    after: number;
    findOne: number;
    floor: Load;
    floorCpuMs: number | null;
    rounds: Array<{ api: number | null; floor: number | null }>;
  } | null;
  lists: Array<{ name: string; load: Load | null; why: string }>;
  postRuns: Load | null;
  postShared: Load | null;
  endToEnd: EndToEnd | null;
  bare: EndToEnd | null;
  memory: { api: number | null; worker: number | null };
  soak: SoakPhase[];
  pdf: PdfResult | null;
  seeding: { kinds: string[]; seconds: number } | null;
  commandCounts: Array<StrategyCounts | null>;
  commandFailures: string[];
  noopCount: number;
  endpointId: string | undefined;
  unmeasured: string[];
}

const f = (n: number, d = 1) => n.toFixed(d);
const failed = (what: string) => `not measured: ${what} failed (see Failures)`;
const clean = (l: Load) => l.non2xx === 0 && l.errors === 0;

/** Writes the report (bench/RESULTS.md, BENCH_OUT, or the soak's alone) and prints it. */
export function writeReport(m: Measured): void {
  if (SOAK_ONLY) return soakOnlyReport(m.soak);
  const lines = reportLines(m, goalRows(m));
  writeFileSync(OUT, lines.join('\n') + historyOf(OUT));
  process.stdout.write(lines.join('\n'));
}

/** The goal rows of issue 19, each with its ceiling measured in the same run. */
function goalRows({ koaLoad, starts, getRow, lists, postRuns, postShared, endToEnd }: Measured): Row[] {
  const koaRate = koaLoad ? `Koa ${f(koaLoad.rps)}/s` : 'Koa not measured';
  return [
    getRow
      ? {
          measure: `GET /runs/{id} (API key) ÷ db findOne by _id, ${CONNECTIONS} connections`,
          goal: '≥ 0.6',
          measured: `${f(getRow.get.rps / getRow.findOne, 2)} (${f(getRow.get.rps)}/s; p99 ${getRow.get.p99} ms; ${getRow.get.non2xx} non-2xx, ${getRow.get.errors} errors)`,
          ceiling: `findOne ${f(getRow.findOne)}/s`,
          met: clean(getRow.get) && getRow.get.rps / getRow.findOne >= 0.6,
        }
      : {
          measure: `GET /runs/{id} (API key) ÷ db findOne by _id, ${CONNECTIONS} connections`,
          goal: '≥ 0.6',
          measured: failed('the GET phase'),
          ceiling: '—',
          met: null,
        },
    ...lists.map(({ name, load: l, why }) => ({
      measure: `${name} p99, ${SEED} stored in ${ACCOUNTS} accounts, ${LIST_CONNECTIONS} connections`,
      goal: '< 100 ms',
      measured: !l
        ? `not measured: ${why}`
        : l.total === 0
          ? `no answer within the ${DURATION_S} s load (${l.errors} errors or timeouts)`
          : `${l.p99} ms (p50 ${l.p50} ms, ${f(l.rps)}/s; ${l.non2xx} non-2xx, ${l.errors} errors)`,
      ceiling: getRow ? `findOne ${f(getRow.findOne)}/s` : '—',
      met: l ? l.total > 0 && clean(l) && l.p99 < 100 : null,
    })),
    {
      measure: `POST …/runs (test mode), ${CONNECTIONS} connections: the API alone (the worker stopped; with it executing the runs on the same cores in brackets)`,
      goal: '≥ 100/s, p99 < 1 s',
      measured:
        (postRuns
          ? `${f(postRuns.rps)}/s, p99 ${postRuns.p99} ms (${postRuns.non2xx} non-2xx, ${postRuns.errors} errors)`
          : failed('the POST phase')) +
        (postShared ? ` [${f(postShared.rps)}/s, p99 ${postShared.p99} ms]` : ` [${failed('the shared POST phase')}]`),
      ceiling: starts
        ? `Temporal starts ${f(starts.startsPerSec)}/s (no-op, ${CONNECTIONS} at a time); ${koaRate}`
        : 'Temporal starts not measured',
      met: postRuns ? clean(postRuns) && postRuns.rps >= 100 && postRuns.p99 < 1000 : null,
    },
    {
      measure: `completed test-mode runs/s ÷ no-op workflows/s (${RUNS} runs)`,
      goal: '≥ 0.8',
      measured:
        endToEnd && starts
          ? `${f(endToEnd.completedPerSec / starts.completedPerSec, 2)} (${f(endToEnd.completedPerSec)}/s; ${endToEnd.completed} of ${RUNS} completed)`
          : failed(endToEnd ? 'the no-op ceiling' : 'the end-to-end phase'),
      ceiling: starts ? `no-op ${f(starts.completedPerSec)}/s` : '—',
      met:
        endToEnd && starts
          ? endToEnd.completed === RUNS && endToEnd.completedPerSec / starts.completedPerSec >= 0.8
          : null,
    },
    {
      measure: 'history events per test-mode run (median of 5 fetched)',
      goal: '≤ 20',
      measured: endToEnd?.eventsPerRun != null ? String(endToEnd.eventsPerRun) : failed('the end-to-end phase'),
      ceiling: 'no-op: 5',
      met: endToEnd?.eventsPerRun != null ? endToEnd.eventsPerRun <= 20 : null,
    },
    {
      measure: 'worker CPU per completed test-mode run',
      goal: '≤ 15 ms',
      measured: endToEnd ? `${f(endToEnd.workerCpuPerRunMs)} ms` : failed('the end-to-end phase'),
      ceiling: '—',
      met: endToEnd ? endToEnd.workerCpuPerRunMs <= 15 : null,
    },
    {
      measure: `API CPU per authenticated GET (GET /runs/{id}; median of ${CPU_ROUNDS} loads, in turn with its floor's)`,
      goal: '≤ 0.5 ms',
      // With its multiple of the floor: the goal is absolute, and the floor moves with the machine.
      measured:
        getRow?.cpuPerGetMs != null
          ? `${f(getRow.cpuPerGetMs, 2)} ms${getRow.floorCpuMs ? ` (${f(getRow.cpuPerGetMs / getRow.floorCpuMs, 2)} × its floor)` : ''}`
          : failed('the GET phase'),
      ceiling:
        getRow?.floorCpuMs != null
          ? `Koa + the same findOne, nothing else: ${f(getRow.floorCpuMs, 2)} ms (${f(getRow.floor.rps)}/s)`
          : koaLoad
            ? `Koa ${f(1000 / koaLoad.rps, 3)} ms wall/req`
            : '—',
      met: getRow?.cpuPerGetMs != null ? getRow.cpuPerGetMs <= 0.5 : null,
    },
  ];
}

function soakOnlyReport(soak: SoakPhase[]): void {
  const only = [
    '# Assay soak alone (BENCH_ONLY=soak)',
    '',
    `Written by bench/report.ts on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} at the end. BENCH_SOAK_RUNS=${SOAK_RUNS} BENCH_SOAK_IDLE_S=${SOAK_IDLE_S}.`,
    '',
    ...failures.flatMap((x) => [`Failure, ${x.phase}: ${x.error}`, '']),
    ...soakSection(soak),
  ];
  writeFileSync(OUT, only.join('\n'));
  process.stdout.write(only.join('\n'));
}

/** The whole report: the command, the goal rows, the ceilings and every table under them. */
function reportLines(m: Measured, rows: Row[]): string[] {
  const { koaLoad, starts, getRow, endToEnd, bare, memory, soak, pdf, seeding, noopCount, endpointId, unmeasured } = m;
  const { commandCounts, commandFailures } = m;
  const settings = `BENCH_SEED=${SEED} BENCH_ACCOUNTS=${ACCOUNTS} BENCH_RUNS=${RUNS} BENCH_SOAK_RUNS=${SOAK_RUNS} BENCH_DURATION_S=${DURATION_S} BENCH_CONNECTIONS=${CONNECTIONS} BENCH_LIST_CONNECTIONS=${LIST_CONNECTIONS}`;
  return [
    '# Assay performance report',
    '',
    `Written by \`npm run bench\` (bench/report.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores, ` +
      `${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, the local stack (Temporal CLI dev server, FerretDB on SQLite, MinIO), ` +
      `one API process and one worker process. autocannon ${DURATION_S} s per load, loopback.`,
    '',
    'Command:',
    '',
    '```sh',
    `${settings} npm run bench`,
    '```',
    '',
    ...placementKnobs(),
    '## Goals (issue 19), each next to its ceiling in this run',
    '',
    '| measure | goal | measured | ceiling (same run) | met |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.measure} | ${r.goal} | ${r.measured} | ${r.ceiling} | ${r.met === null ? 'not measured' : r.met ? 'met' : 'NOT met'} |`,
    ),
    '',
    ...(failures.length
      ? [
          '## Failures',
          '',
          '| phase | error |',
          '|---|---|',
          ...failures.map((x) => `| ${x.phase} | ${x.error.replace(/\|/g, '\\|')} |`),
          '',
        ]
      : []),
    '## Ceilings',
    '',
    '| ceiling | rate | p99 ms |',
    '|---|---|---|',
    `| bare Koa hello-world, ${CONNECTIONS} connections | ${koaLoad ? `${f(koaLoad.rps)}/s` : 'not measured'} | ${koaLoad?.p99 ?? '—'} |`,
    `| db findOne by _id through the driver, ${CONNECTIONS} in flight (before / after the GET row) | ${getRow ? `${f(getRow.before)}/s / ${f(getRow.after)}/s` : 'not measured'} | — |`,
    `| Koa answering the GET row's run read by _id through the driver (no auth, routing, logging or view), ${CONNECTIONS} connections | ${getRow?.floorCpuMs != null ? `${f(getRow.floor.rps)}/s, ${f(getRow.floorCpuMs, 2)} ms CPU/req${getRow.rounds.length > 1 ? ' (the median of the rounds below)' : ''}` : 'not measured'} | ${getRow?.floorCpuMs != null ? getRow.floor.p99 : '—'} |`,
    ...(getRow && getRow.rounds.length > 1
      ? [
          `| API CPU per GET / its floor's, round by round (${CPU_ROUNDS} loads each, in turn; the row takes the medians) | ${getRow.rounds.map((r) => `${r.api === null ? '—' : f(r.api, 2)} / ${r.floor === null ? '—' : f(r.floor, 2)} ms`).join('; ')} | — |`,
        ]
      : []),
    `| Temporal workflow starts accepted (no-op, ${noopCount}, ${CONNECTIONS} at a time) | ${starts ? `${f(starts.startsPerSec)}/s` : 'not measured'} | — |`,
    `| no-op Temporal workflows completed (the same ${noopCount}) | ${starts ? `${f(starts.completedPerSec)}/s` : 'not measured'} | — |`,
    '',
    ...(seeding
      ? [
          `Seeding ${SEED} documents of each of ${seeding.kinds.length} kinds took ${f(seeding.seconds)} s (bulk inserts of clones).`,
          '',
        ]
      : []),
    ...(endToEnd
      ? [
          `End to end: ${endToEnd.created} runs created at ${f(endToEnd.createdPerSec)}/s (${CONNECTIONS} at a time), ${endToEnd.completed} completed.`,
          '',
        ]
      : []),
    ...(bare
      ? [
          '## The same runs with no endpoint subscribed',
          '',
          `The goal rows' runs each deliver \`run.succeeded\` to the endpoint (a second job per run). The same ${RUNS} runs in an ` +
            'account with no endpoint, for what a run costs alone (for information; the goal rows keep the shape above):',
          '',
          '| measure | goal (rows above) | with no endpoint | with the endpoint (rows above) |',
          '|---|---|---|---|',
          `| completed test-mode runs/s ÷ no-op workflows/s | ≥ 0.8 | ${starts ? f(bare.completedPerSec / starts.completedPerSec, 2) : '—'} (${f(bare.completedPerSec)}/s; ${bare.completed} of ${RUNS} completed) | ${endToEnd && starts ? f(endToEnd.completedPerSec / starts.completedPerSec, 2) : '—'} |`,
          `| history events per test-mode run | ≤ 20 | ${bare.eventsPerRun ?? '—'} | ${endToEnd?.eventsPerRun ?? '—'} |`,
          `| worker CPU per completed test-mode run | ≤ 15 ms | ${f(bare.workerCpuPerRunMs)} ms | ${endToEnd ? `${f(endToEnd.workerCpuPerRunMs)} ms` : '—'} |`,
          '',
        ]
      : []),
    ...cpuSplit(
      endToEnd?.cpuMs,
      bare?.cpuMs,
      starts?.cpuMs,
      starts?.completedPerSec,
      cpus().length,
      endpointId !== undefined,
      unmeasured,
    ),
    '## Memory',
    '',
    '| process | RSS MB |',
    '|---|---|',
    `| API | ${memory.api === null ? 'not running' : f(memory.api)} |`,
    `| worker | ${memory.worker === null ? 'not running' : f(memory.worker)} |`,
    '',
    ...commandSection(commandCounts, commandFailures),
    ...floorMultiples(getRow, endToEnd?.cpuMs, bare?.cpuMs, starts?.cpuMs, unmeasured),
    ...soakSection(soak),
    ...(pdf
      ? [
          '## A 50 MB PDF',
          '',
          `${(pdf.bytes / 1e6).toFixed(1)} MB, ${pdf.pages} pages, extracted ${pdf.extracted ? 'completely' : 'NOT'} in ${f(pdf.seconds)} s ` +
            `in the parsing sandbox (a child process capped at 512 MB resident), as an input document: the tokens of ` +
            `${pdf.sectionsCounted} of its ${pdf.pages} pages counted for the runs; peak RSS of the extracting child ` +
            `${f(pdf.sandboxPeakRssMb)} MB, of the calling process ${f(pdf.peakRssMb)} MB.`,
          '',
        ]
      : []),
    '## Reading the numbers',
    '',
    '- The machine is shared by the API, the worker, Temporal, FerretDB, MinIO and autocannon itself; ratios to the',
    '  ceilings measured in the same run are what carries from one machine to another.',
    "- CPU per request or run is the process's user + system time (/proc/<pid>/stat) over the load, divided by the",
    '  requests answered or runs completed (clock ticks of 1/' + CLK_TCK + ' s).',
    '- Each phase starts once the API answers a cheap read within 250 ms again: a load that ends leaves requests the',
    '  API is still working through, which the next phase must not measure.',
    '',
  ];
}

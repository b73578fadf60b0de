/** The report's CPU tables: by process, and as multiples of their floors. */

/**
 * The engine rows' CPU, process by process: a completed test-mode run against a completed no-op workflow. On a
 * machine where every process shares the cores, the sum bounds the rate: N cores complete at most N × 1000 / sum
 * items per second, whatever the engine does.
 */
export function cpuSplit(
  run: Record<string, number> | undefined,
  bareRun: Record<string, number> | undefined,
  noop: Record<string, number> | undefined,
  noopPerSec: number | undefined,
  cores: number,
  delivers: boolean,
  unmeasured: string[],
): string[] {
  if (!run || !noop || !noopPerSec) return [];
  const names = [...new Set([...Object.keys(run), ...Object.keys(bareRun ?? {}), ...Object.keys(noop)])];
  const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const cell = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(1));
  return [
    '## CPU per completed item, by process (the engine rows)',
    '',
    `Milliseconds of CPU per completed test-mode run (end-to-end phase${delivers ? ', each run also delivering `run.succeeded` to the subscribed endpoint' : ''}), ` +
      'per completed run of the account with no endpoint, and per completed no-op workflow (its ceiling phase).',
    ...notMeasured(unmeasured),
    '',
    '| process | test-mode run | run, no endpoint | no-op workflow |',
    '|---|---|---|---|',
    ...names.map((n) => `| ${n} | ${cell(run[n])} | ${cell(bareRun?.[n])} | ${cell(noop[n])} |`),
    `| all | ${total(run).toFixed(1)} | ${bareRun ? total(bareRun).toFixed(1) : '—'} | ${total(noop).toFixed(1)} |`,
    '',
    `With ${cores} cores shared by all of them, CPU alone caps runs at ${((cores * 1000) / total(run)).toFixed(0)}/s and no-ops at ` +
      `${((cores * 1000) / total(noop)).toFixed(0)}/s; the no-ops completed at ${noopPerSec.toFixed(1)}/s. Runs at 0.8 of that rate ` +
      `need at most ${((cores * 1000) / (0.8 * noopPerSec)).toFixed(0)} ms of CPU per run in all processes together, even with no waiting.`,
    '',
  ];
}

/** The note under a CPU table when some stack services could not be measured. */
export function notMeasured(unmeasured: string[]): string[] {
  if (unmeasured.length === 0) return [];
  return [
    '',
    `Not measured: ${unmeasured.join(', ')} (this checkout has no pid for them: the stack was started from another ` +
      'checkout). The "all" figures leave them out.',
  ];
}

/**
 * The CPU rows issue 19 left unmet, as multiples of their floors measured in the same run (issue 42, for
 * information): the API's CPU per authenticated GET ÷ Koa answering the same `findOne`; all processes' CPU per
 * completed run ÷ a no-op workflow's, with the run's webhook delivery and without.
 */
export function floorMultiples(
  getRow: { cpuPerGetMs: number | null; floorCpuMs: number | null } | null,
  run: Record<string, number> | undefined,
  bareRun: Record<string, number> | undefined,
  noop: Record<string, number> | undefined,
  unmeasured: string[],
): string[] {
  const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  const rows: string[] = [];
  if (getRow?.cpuPerGetMs != null && getRow.floorCpuMs)
    rows.push(
      `| API CPU per authenticated GET ÷ Koa answering the same findOne | ${getRow.cpuPerGetMs.toFixed(2)} ms | ${getRow.floorCpuMs.toFixed(2)} ms | ${(getRow.cpuPerGetMs / getRow.floorCpuMs).toFixed(2)} × |`,
    );
  if (noop && total(noop) > 0) {
    if (bareRun)
      rows.push(
        `| all processes' CPU per completed test-mode run, no delivery ÷ a no-op workflow's | ${total(bareRun).toFixed(1)} ms | ${total(noop).toFixed(1)} ms | ${(total(bareRun) / total(noop)).toFixed(2)} × |`,
      );
    if (run)
      rows.push(
        `| all processes' CPU per completed test-mode run, with its delivery ÷ a no-op workflow's | ${total(run).toFixed(1)} ms | ${total(noop).toFixed(1)} ms | ${(total(run) / total(noop)).toFixed(2)} × |`,
      );
  }
  if (rows.length === 0) return [];
  return [
    '## The CPU rows as multiples of their floors (same run, same machine)',
    '',
    'For information (issue 42): the absolute goals of issue 19 move with the machine; these ratios less so. ' +
      '"All processes" are those of the table above.',
    ...notMeasured(unmeasured),
    '',
    '| measure | measured | floor | multiple |',
    '|---|---|---|---|',
    ...rows,
    '',
  ];
}

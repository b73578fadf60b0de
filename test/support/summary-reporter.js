/**
 * Writes the run's test counts to JEST_SUMMARY_FILE (when set) so .ci/run can end with `N passed, N failed`, and,
 * there too, prints the slowest test files: CI has a time budget (README "Tests"), and this is where it goes.
 */
const { writeFileSync } = require('node:fs');
const { relative } = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.JEST_SUMMARY_FILE;
    if (!file) return;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    writeFileSync(file, JSON.stringify({ passed: results.numPassedTests, failed }));
    const timed = results.testResults
      .map((r) => ({ path: relative(process.cwd(), r.testFilePath), s: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .sort((a, b) => b.s - a.s);
    const total = timed.reduce((sum, r) => sum + r.s, 0);
    process.stdout.write(`\nslowest test files (of ${timed.length}, ${total.toFixed(0)} s in all):\n`);
    for (const r of timed.slice(0, 20)) process.stdout.write(`${r.s.toFixed(1).padStart(8)} s  ${r.path}\n`);
  }
}

module.exports = SummaryReporter;

/**
 * Writes the run's test counts to JEST_SUMMARY_FILE (when set) so .ci/run can end with `N passed, N failed`.
 */
const { writeFileSync } = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.JEST_SUMMARY_FILE;
    if (!file) return;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    writeFileSync(file, JSON.stringify({ passed: results.numPassedTests, failed }));
  }
}

module.exports = SummaryReporter;

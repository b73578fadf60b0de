/**
 * Starts the longest test files first. With files run side by side (scripts/test.ts), a long file started last
 * is what the whole run waits for; on a clean clone (CI) jest knows no durations and would order by file size,
 * which says little here. Durations from the "slowest test files" printout (test/support/summary-reporter.js);
 * refresh the list when it changes. Files not listed keep jest's own order after them.
 */
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST_FIRST = [
  'economy-jobs',
  'model-providers',
  'calibrations',
  'calibration-scale',
  'ocr-kept-pages',
  'batches',
  'keys-issuing',
  'keys-rosters',
  'keys-limits',
  'keys-storage',
  'batch-durability',
  'batch-results-files',
  'live-runs',
  'webhooks-retries',
  'webhooks-delivery',
  'webhooks-endpoints',
  'webhooks-rosters',
  'page-images',
  'documents',
  'calibration-sets-items',
  'calibration-sets-lifecycle',
];

const rank = (path) => {
  const name = /([^/]+)\.test\.ts$/.exec(path)?.[1];
  const i = LONGEST_FIRST.indexOf(name);
  return i === -1 ? LONGEST_FIRST.length : i;
};

class LongestFirst extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    return [...ordered].sort((a, b) => rank(a.path) - rank(b.path));
  }
}

module.exports = LongestFirst;

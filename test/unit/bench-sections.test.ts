/**
 * A bench section written after bench/report.ts (bench/sections.ts): it lands before "Reading the numbers" the first
 * time, replaces only itself the next, and never touches the "Historical figures".
 */
import { withSection } from '../../bench/sections';

const report = [
  '# Assay performance report',
  '',
  '## Batches',
  '',
  '| a | b |',
  '',
  '## Reading the numbers',
  '',
  '- notes',
  '',
  '## Historical figures',
  '',
  '### Entry 1',
  '',
].join('\n');
const section = (figure: string) => `## OCR\n\n### 1. pages\n\n${figure}\n\n`;

it('inserts a new section before "Reading the numbers", then replaces it and nothing else', () => {
  const once = withSection(report, '## OCR', section('11.7 s'));
  expect(once).toBe(report.replace('## Reading the numbers', `${section('11.7 s')}## Reading the numbers`));
  const twice = withSection(once, '## OCR', section('4.2 s'));
  expect(twice).toBe(report.replace('## Reading the numbers', `${section('4.2 s')}## Reading the numbers`));
});

it('goes before the historical figures when there is no "Reading the numbers", and at the end of anything else', () => {
  const noNotes = report.replace(/## Reading the numbers\n\n- notes\n\n/, '');
  expect(withSection(noNotes, '## OCR', section('x'))).toBe(
    noNotes.replace('## Historical figures', `${section('x')}## Historical figures`),
  );
  expect(withSection('# Report\n', '## OCR', section('x'))).toBe(`# Report\n\n${section('x')}`);
  expect(withSection(section('old'), '## OCR', section('new'))).toBe(section('new'));
});

/** How `npm start` shows its children's logs: pino-pretty lines on a terminal, the JSON lines untouched otherwise. */
import { childLogFormatter } from '../../domain/platform/logger';

const line = JSON.stringify({
  level: 30,
  time: Date.UTC(2026, 0, 1, 12, 0, 0),
  name: 'assay-api',
  service: 'assay-api',
  msg: 'assay api listening',
  port: 8080,
});

it('renders a JSON log line human-readably behind the process name when stdout is a terminal', () => {
  const shown = childLogFormatter(true)('api', line);

  const plain = shown.replace(/\u001b\[[0-9;]*m/g, '');
  expect(plain).toMatch(/^\[api\] \[\d\d:\d\d:\d\d\.\d{3}\] INFO \(assay-api\): assay api listening\n/);
  expect(plain).toContain('port: 8080');
  expect(plain).not.toContain('"level"');
});

it('passes JSON log lines through unchanged otherwise, so the output stays one JSON object a line', () => {
  const shown = childLogFormatter(false)('api', line);
  expect(shown).toBe(`${line}\n`);
  expect(JSON.parse(shown)).toMatchObject({ service: 'assay-api', msg: 'assay api listening' });
});

it('keeps the process name on lines that are not JSON logs, either way', () => {
  for (const pretty of [true, false]) {
    expect(childLogFormatter(pretty)('worker', 'Error: boom')).toBe('[worker] Error: boom\n');
    expect(childLogFormatter(pretty)('worker', '{not json}')).toBe('[worker] {not json}\n');
  }
});

import { renderOutput } from '../../../activities/rendering';
import { EVALUATION, MARKDOWN_OUTPUT, META } from './fixtures';

async function markdownOf(output: Record<string, unknown>): Promise<string> {
  const file = await renderOutput(output, 'markdown', META);
  expect(file.extension).toBe('md');
  expect(file.mimeType).toMatch(/^text\/markdown/);
  return file.bytes.toString('utf8');
}

describe('markdown rendering', () => {
  it('renders an evaluation as a report with a table row per criterion', async () => {
    const text = await markdownOf(EVALUATION);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Supplier contract review');
    expect(text).toContain('run\\_01JD3Q8Z9X7Y6W5V4T3S2R1Q0P');
    expect(lines).toContain('- **Overall score:** 72');
    expect(lines).toContain('- **Passed:** true');
    expect(lines).toContain('## Criteria');
    expect(lines).toContain('| Name | Score | Comment |');
    for (const c of EVALUATION.criteria) expect(lines).toContain(`| ${c.name} | ${c.score} | ${c.comment} |`);
    expect(lines).toContain('## Recommendations');
    for (const r of EVALUATION.recommendations) expect(lines).toContain(`- ${r}`);
  });

  it('writes a {markdown} output verbatim', async () => {
    expect(await markdownOf(MARKDOWN_OUTPUT)).toBe(MARKDOWN_OUTPUT.markdown);
  });

  it('nests objects as subsections and keeps table cells on one row', async () => {
    const text = await markdownOf({
      details: { jurisdiction: 'UK', risk: { level: 'high', notes: ['a', 'b'] } },
      rows: [{ text: 'pipe | and\nnewline' }],
    });
    expect(text).toContain(
      '## Details\n\n- **Jurisdiction:** UK\n\n### Risk\n\n- **Level:** high\n\n#### Notes\n\n- a\n- b',
    );
    expect(text).toContain('| pipe \\| and<br>newline |');
  });

  it('shows structure deeper than six heading levels as JSON', async () => {
    const text = await markdownOf({ a: { b: { c: { d: { e: { f: { g: 'deep' } } } } } } });
    expect(text).toContain('###### E');
    expect(text).toMatch(/\*\*F\*\*\n\n```json\n\{\n {2}"g": "deep"\n\}\n```/);
  });

  it('leaves cells blank for missing keys, even keys Object.prototype has', async () => {
    const text = await markdownOf({
      rows: [
        { constructor: 'c', toString: 't' },
        { a: 1, b: null },
      ],
    });
    expect(text).toContain(
      '| Constructor | To string | A | B |\n| --- | --- | --- | --- |\n| c | t |  |  |\n|  |  | 1 | — |',
    );
  });

  it('indents multi-line values so they stay in their list item', async () => {
    expect(await markdownOf({ summary: 'one\ntwo' })).toContain('- **Summary:** one\n  two');
  });
});

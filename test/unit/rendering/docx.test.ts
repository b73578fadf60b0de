import mammoth from 'mammoth';
import { renderOutput } from '../../../activities/rendering';
import { EVALUATION, MARKDOWN_OUTPUT, META } from './fixtures';

async function open(output: Record<string, unknown>): Promise<{ text: string; html: string }> {
  const file = await renderOutput(output, 'docx', META);
  expect(file.extension).toBe('docx');
  expect(file.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  expect(file.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const [text, html] = await Promise.all([
    mammoth.extractRawText({ buffer: file.bytes }),
    mammoth.convertToHtml({ buffer: file.bytes }),
  ]);
  return { text: text.value, html: html.value };
}

const rowsOf = (html: string): number => (html.match(/<tr>/g) ?? []).length;

describe('docx rendering', () => {
  it('renders the title, scalar fields, criteria as a Word table and recommendations as bullets', async () => {
    const { text, html } = await open(EVALUATION);
    expect(text).toContain(META.title);
    expect(text).toContain(META.runId);
    expect(text).toContain(`Summary: ${EVALUATION.summary}`);
    expect(text).toContain('Overall score: 72');
    for (const c of EVALUATION.criteria) {
      expect(text).toContain(c.name);
      expect(text).toContain(c.comment);
    }
    expect(html).toContain('<h1>Criteria</h1>');
    expect(html).toContain('<table>');
    expect(rowsOf(html)).toBe(EVALUATION.criteria.length + 1);
    expect(html).toContain('<th><p><strong>Comment</strong></p></th>');
    expect(html).toContain(
      `<ul><li>${EVALUATION.recommendations[0]}</li><li>${EVALUATION.recommendations[1]}</li></ul>`,
    );
  });

  it('puts nested objects under sub-headings', async () => {
    const { html } = await open({ details: { jurisdiction: 'UK', risk: { level: 'high' } } });
    expect(html).toContain('<h1>Details</h1><p><strong>Jurisdiction: </strong>UK</p><h2>Risk</h2>');
  });

  it('re-typesets a {markdown} output: headings, bold, table, bullets, numbered items, paragraphs', async () => {
    const { html } = await open(MARKDOWN_OUTPUT);
    expect(html).toContain('<h1>Contract review</h1>');
    expect(html).toContain('<p><strong>Overall score:</strong> 72/100</p>');
    expect(html).toContain('<h2>Criteria</h2><table>');
    expect(rowsOf(html)).toBe(3);
    expect(html).toContain('<td><p>Missing | incomplete</p></td>');
    expect(html).toContain('<li>Specify a <em>30-day</em> notice period</li>');
    expect(html).toContain('<p>1. First step</p>');
    expect(html).toContain('<p>A closing paragraph with code that spans two lines.</p>');
    expect(html).not.toContain('#');
  });
});

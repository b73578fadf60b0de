import { renderOutput } from '../../../activities/rendering';
import { EVALUATION, MARKDOWN_OUTPUT, META } from './fixtures';

describe('json rendering', () => {
  it('writes pretty UTF-8 JSON that parses back to the same output', async () => {
    const file = await renderOutput(EVALUATION, 'json', META);
    expect(file.extension).toBe('json');
    expect(file.mimeType).toMatch(/^application\/json/);
    const text = file.bytes.toString('utf8');
    expect(text).toContain('\n  "overall_score": 72');
    expect(JSON.parse(text)).toEqual(EVALUATION);
  });

  it('keeps the {markdown} shape and non-ASCII text intact', async () => {
    const output = { ...MARKDOWN_OUTPUT, markdown: `${MARKDOWN_OUTPUT.markdown}\n漢字 😀` };
    const file = await renderOutput(output, 'json', META);
    expect(JSON.parse(file.bytes.toString('utf8'))).toEqual(output);
  });
});

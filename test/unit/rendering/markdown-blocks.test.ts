import { parseBlocks, parseInline } from '../../../activities/rendering/markdown-blocks';

describe('markdown blocks', () => {
  it('reads headings, bullets, numbered items, tables, code, rules and paragraphs', () => {
    const blocks = parseBlocks(
      [
        '## Title ##',
        '- one',
        '  - nested',
        '3) third',
        '',
        '| a | b |',
        '|:--|--:|',
        '| 1 | x\\|y |',
        '',
        '```',
        '# not a heading',
        '```',
        '***',
        'para',
        'graph',
        '> quoted',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Title' },
      { kind: 'bullet', level: 0, text: 'one' },
      { kind: 'bullet', level: 1, text: 'nested' },
      { kind: 'numbered', level: 0, label: '3.', text: 'third' },
      { kind: 'table', header: ['a', 'b'], rows: [['1', 'x|y']] },
      { kind: 'code', text: '# not a heading' },
      { kind: 'rule' },
      { kind: 'paragraph', text: 'para graph quoted' },
    ]);
  });

  it('keeps spans to 500 characters (and a URL to 2,048), so an opener with no closer costs a bounded look ahead', () => {
    const long = 'x'.repeat(500);
    expect(parseInline(`**${long}**`)).toEqual([{ text: long, bold: true }]);
    expect(parseInline(`**${long}x**`)).toEqual([{ text: `**${long}x**` }]);
    expect(parseInline(`[a](https://x.test/${'p'.repeat(2033)})`)).toEqual([
      { text: `a (https://x.test/${'p'.repeat(2033)})` },
    ]);
    expect(parseInline(`[a](https://x.test/${'p'.repeat(2034)})`)).toEqual([
      { text: `[a](https://x.test/${'p'.repeat(2034)})` },
    ]);
    // Hostile lines of unclosed openers read back as the text they are (they once took seconds each).
    for (const unit of ['[a', '__a ', '*a ', '[a](b']) {
      const line = unit.repeat(20_000);
      expect(
        parseInline(line)
          .map((s) => s.text)
          .join(''),
      ).toBe(line);
    }
  });

  it('reads bold, italic, code and links, and leaves snake_case alone', () => {
    expect(parseInline('a **b** *c* `d` [e](https://x.test) snake_case_name \\*f\\*')).toEqual([
      { text: 'a ' },
      { text: 'b', bold: true },
      { text: ' ' },
      { text: 'c', italic: true },
      { text: ' ' },
      { text: 'd', code: true },
      { text: ' e (https://x.test) snake_case_name *f*' },
    ]);
  });

  it('never throws on unterminated constructs', () => {
    expect(() => parseBlocks('```\nunclosed\n| a |\n|---|\n**open')).not.toThrow();
    expect(parseInline('**open *half `tick')).toEqual([{ text: '**open *half `tick' }]);
  });
});

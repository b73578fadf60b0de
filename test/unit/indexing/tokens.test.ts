import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens, hasLongRun, splitByTokens } from '../../../activities/indexing/tokens';

describe('tokens', () => {
  it('counts exactly as o200k_base for ordinary text, across every kind of whitespace', () => {
    const text =
      'Cites five sources.\u00a0Deducts\u20035 points\tper\u3000missing https://example.org/a/b?c=d entry.\n\n';
    expect(countTokens(text)).toBe(countO200k(text));
  });

  it('slices only runs longer than 256 characters, staying within a token per slice of the true count', () => {
    const run = 'abcdefghij'.repeat(100); // 1,000 characters without a space
    const exact = countO200k(run);
    expect(countTokens(run)).toBeGreaterThanOrEqual(exact);
    expect(countTokens(run)).toBeLessThanOrEqual(exact + 4);
    const justShort = 'x'.repeat(256);
    expect(countTokens(`${justShort} ${justShort}`)).toBe(countO200k(`${justShort} ${justShort}`));
  });

  it('slices long runs of whitespace too, so a page of blank lines or padding cannot stall the worker', () => {
    // Each was one piece of the encoding before: 200,000 spaces or line breaks took about half a minute to count (a
    // million, about 15 minutes), past the test's timeout on any machine. Now a few milliseconds, and within a token
    // per slice of the true count where that can still be computed.
    expect(countTokens(`a${' '.repeat(200_000)}b`)).toBeGreaterThan(0);
    expect(countTokens(`a.${'\n'.repeat(200_000)}b`)).toBeGreaterThan(0);
    for (const run of [' '.repeat(3000), '\n'.repeat(3000), '\t \n'.repeat(1000)]) {
      const text = `Score: 4.${run}Next criterion`;
      const exact = countO200k(text);
      expect(countTokens(text)).toBeGreaterThanOrEqual(exact);
      expect(countTokens(text)).toBeLessThanOrEqual(exact + Math.ceil(run.length / 256));
    }
    expect(hasLongRun(' '.repeat(257))).toBe(true);
    expect(hasLongRun(`a${' '.repeat(256)}b`)).toBe(false);
  });

  it('counts long text in parts with exactly the count of the whole', () => {
    // Words, numbers, punctuation before line breaks, runs of spaces: every kind of piece meets a part's end somewhere.
    const words = [
      'rubric',
      'Évaluation',
      'criterion',
      '42',
      'points.',
      'cites',
      'sources;',
      '3.5',
      'thesis!\n',
      'über',
      '—',
      '評価',
      'x9',
      '🎓',
    ];
    const gaps = [' ', '   ', '\n\n', '\t', '\u00a0', '\r\n', '.\n', ''];
    let text = '';
    for (let i = 0; text.length < 400_000; i++) text += words[(i * 7) % words.length]! + gaps[(i * 5) % gaps.length]!;
    expect(countTokens(text)).toBe(countO200k(text));
    // CJK prose: no spaces, every line ends in punctuation and a line break.
    let cjk = '';
    for (let i = 0; cjk.length < 200_000; i++)
      cjk += '評価基準は論文の主張と根拠を確認する'.slice(i % 7) + (i % 3 === 0 ? '。\n' : '\n');
    expect(countTokens(cjk)).toBe(countO200k(cjk));
    const pieces = splitByTokens(text, 1000);
    expect(pieces.at(-1)?.end).toBe(text.length);
    expect(pieces.reduce((n, p) => n + p.tokens, 0)).toBe(countO200k(text));
  });

  it('ends a run at exactly the characters JavaScript calls whitespace', () => {
    const half = 'a'.repeat(200);
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      if (hasLongRun(half + ch + half) !== !/\s/.test(ch)) throw new Error(`U+${c.toString(16)} misclassified`);
    }
    expect(hasLongRun('a'.repeat(257))).toBe(true);
    expect(hasLongRun('a'.repeat(256))).toBe(false);
  });

  it('splits into consecutive pieces within the budget, never inside a character', () => {
    const text = 'Grading 🎓 rubric, 評価基準 and résumé. '.repeat(200);
    const pieces = splitByTokens(text, 50);
    expect(pieces[0]?.start).toBe(0);
    expect(pieces.at(-1)?.end).toBe(text.length);
    pieces.forEach((piece, i) => {
      if (i > 0) expect(piece.start).toBe(pieces[i - 1]?.end);
      expect(piece.tokens).toBeLessThanOrEqual(50);
      expect(piece.tokens).toBeGreaterThan(0);
      const slice = text.slice(piece.start, piece.end);
      expect(slice).toBe(Buffer.from(slice, 'utf8').toString('utf8')); // no lone surrogate
    });
  });
});

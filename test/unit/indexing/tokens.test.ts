import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens, hasLongRun, splitByTokens } from '../../../activities/indexing/tokens';

describe('tokens', () => {
  it('counts exactly as o200k_base for ordinary text, across every kind of whitespace', () => {
    const text = 'Cites five sources.\u00a0Deducts\u20035 points\tper\u3000missing https://example.org/a/b?c=d entry.\n\n';
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
